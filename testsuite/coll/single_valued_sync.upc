// threads: 2 3 4 8
// exit: 1
// stderr: "upc_all_broadcast: thread \d+ passed sync_mode UPC_IN_NOSYNC\|UPC_OUT_(MY|NO)SYNC where thread \d+ passed UPC_IN_NOSYNC\|UPC_OUT_(NO|MY)SYNC \(a collective.s arguments must be the same on every thread\)"
// stderr: "single_valued_sync\.upc:21"
/* Sync modes are single-valued too (UPC 1.3 7.4 4): modes that differ
   but would still let the call complete are reported, not ignored. */
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
	upc_all_broadcast(dst, src, 4, MYTHREAD ? UPC_IN_NOSYNC | UPC_OUT_MYSYNC : UPC_IN_NOSYNC | UPC_OUT_NOSYNC);
	upc_barrier;
	printf("unreachable\n");
	return 0;
}
