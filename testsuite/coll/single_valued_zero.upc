// threads: 2 3 4 8
// exit: 1
// stderr: "upc_all_broadcast: thread \d+ passed nbytes (0|4) where thread \d+ passed (4|0) "
// stderr: "single_valued_zero\.upc:21"
/* nbytes 0 on one thread only: no data would move to or from it, but
   the call still compares its arguments with the other threads'. */
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
	upc_all_broadcast(dst, src, MYTHREAD ? 4 : 0, UPC_IN_NOSYNC | UPC_OUT_NOSYNC);
	upc_barrier;
	printf("unreachable\n");
	return 0;
}
