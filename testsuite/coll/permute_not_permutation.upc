// threads: 2 3 4 8
// exit: 1
// stderr: "upc_all_permute: thread 0 received a message it does not expect: perm is not a permutation of 0\.\.THREADS-1"
// stderr: "permute_not_permutation\.upc:20"
/* perm must be a permutation: every thread sending its block to thread 0
   is reported (the program would otherwise wait forever for the blocks
   no thread sends). */
#include <stdio.h>
#include <upc.h>
#include <upc_collective.h>

shared [4] char src[4 * THREADS], dst[4 * THREADS];
shared int perm[THREADS];

int main(void) {
	perm[MYTHREAD] = 0;
	if (MYTHREAD == 0)
		printf("permuting\n");
	upc_barrier;
	upc_all_permute(dst, src, perm, 4, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
	printf("unreachable\n");
	return 0;
}
