// threads: 2 3 4 8
// exit: 1
// stderr: "upc_all_broadcast: threads \d+ and \d+ passed different dst "
// stderr: "single_valued_dst\.upc:21"
/* Destinations that differ between threads (each thread would write
   its block of a different array) are reported. */
#include <stdio.h>
#include <upc.h>
#include <upc_collective.h>

shared [] char src[4 * THREADS];
shared [4] char dst[4 * THREADS];
shared [4] char dst2[4 * THREADS];
shared int perm[THREADS];
shared int perm2[THREADS];

int main(void) {
	perm[MYTHREAD] = MYTHREAD;
	perm2[MYTHREAD] = MYTHREAD;
	upc_barrier;
	upc_all_broadcast(MYTHREAD ? dst : dst2, src, 4, UPC_IN_NOSYNC | UPC_OUT_NOSYNC);
	upc_barrier;
	printf("unreachable\n");
	return 0;
}
