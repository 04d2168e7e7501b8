// threads: 2 3 4 8
// exit: 1
// stderr: "deadlock"
// stderr: "UPC thread 0 of [0-9]+ waits for a barrier, at .*deadlock_coll\.upc:25"
// stderr: "UPC threads? 1(-[0-9]+)? of [0-9]+ waits? for upc_all_broadcast: a message from thread [0-9]+ .*, at .*deadlock_coll\.upc:23"
/* Thread 0, the root of the broadcast, does not enter it: the others
   wait for the data (the no-sync modes add no barrier), thread 0 waits in
   the barrier after it. Reported as a deadlock, naming the collective. */
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
