// threads: 2 3 4 8
// exit: 1
// stderr: "(?s)deadlock: .*UPC thread 0 of [0-9]+ waits for a barrier, at .*deadlock_coll\.upc:28\n.*UPC threads? 1(-[0-9]+)? of [0-9]+ waits? for upc_all_broadcast: a message from thread [0-9]+ .*, at .*deadlock_coll\.upc:26|(collective|barrier id) mismatch on thread [0-9]+: this thread is in upc_(barrier|all_broadcast), another thread in upc_(all_broadcast|barrier)"
// stderr: "deadlock_coll\.upc:2[68]"
/* Thread 0, the root of the broadcast, does not enter it and waits in
   the barrier after it. Where threads address every thread's memory
   (smp, one process) the broadcast is one pass synchronised on the node
   barrier even in the no-sync modes, and the barrier reports thread 0 in
   a barrier and another in the broadcast. Otherwise (mpi) the others wait
   for the data (the no-sync modes add no barrier): a deadlock, naming
   the collective and both lines. */
#include <stdio.h>
#include <upc.h>
#include <upc_collective.h>

shared [] int src[4];
shared [4] int dst[4 * THREADS];

int main(void) {
	int i;
	if (MYTHREAD == 0)
		for (i = 0; i < 4; i++)
			src[i] = i;
	upc_barrier;
	if (MYTHREAD != 0)
		upc_all_broadcast(dst, src, 4 * sizeof(int), UPC_IN_NOSYNC | UPC_OUT_NOSYNC);
	else
		upc_barrier;
	printf("not reached\n");
	return 0;
}
