// threads: 2 3 4 8
// exit: 1
// stderr: "upc_all_permute: threads \d+ and \d+ passed different perm "
// stderr: "single_valued_perm\.upc:22"
/* The identity permutation read from two different arrays: every block
   stays on its thread, so no data message connects the threads, but the
   call compares every thread's arguments with its neighbour's. */
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
	upc_all_permute(dst, dst2, MYTHREAD ? perm : perm2, 4, UPC_IN_NOSYNC | UPC_OUT_NOSYNC);
	upc_barrier;
	printf("unreachable\n");
	return 0;
}
