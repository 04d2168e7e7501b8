// threads: 2 3 4 8
// exit: 1
// stderr: "collective mismatch.*upc_all_(scatter|broadcast).*upc_all_(broadcast|scatter)"
// stderr: "collective_mismatch\.upc:2[02]"
/* Every thread must call the same collectives in the same order: thread
   0 broadcasting while the others scatter is reported instead of
   waiting forever. */
#include <stdio.h>
#include <upc.h>
#include <upc_collective.h>

shared [] char src[4 * THREADS];
shared [4] char dst[4 * THREADS];

int main(void) {
	if (MYTHREAD == 0)
		printf("calling\n");
	upc_barrier;
	if (MYTHREAD == 0)
		upc_all_broadcast(dst, src, 4, UPC_IN_NOSYNC | UPC_OUT_NOSYNC);
	else
		upc_all_scatter(dst, src, 4, UPC_IN_NOSYNC | UPC_OUT_NOSYNC);
	upc_barrier;
	printf("unreachable\n");
	return 0;
}
