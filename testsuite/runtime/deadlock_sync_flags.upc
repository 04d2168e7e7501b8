// threads: 2 3 4 8
// exit: 1
// stderr: "(?s)deadlock: .*UPC thread 0 of [0-9]+ waits for a barrier, at .*deadlock_sync_flags\.upc:24\n.*UPC threads? 1(-[0-9]+)? of [0-9]+ waits? for upc_all_broadcast: a message from thread [0-9]+ .*, at .*deadlock_sync_flags\.upc:26|upc_all_broadcast: thread [0-9]+ passed sync_mode UPC_IN_(NO|ALL)SYNC\|UPC_OUT_NOSYNC where thread [0-9]+ passed UPC_IN_(ALL|NO)SYNC\|UPC_OUT_NOSYNC"
// stderr: "deadlock_sync_flags\.upc:2[46]"
/* Sync modes are single-valued (UPC 1.3 7.4 4): here the root asks for
   UPC_IN_ALLSYNC (a barrier on entry) and the others for UPC_IN_NOSYNC,
   so the root waits in the entry barrier and the others for its data.
   The job ends with a deadlock report instead of hanging, or, where the
   broadcast synchronises on the node barrier (smp), with the sync modes. */
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
	if (MYTHREAD == 0)
		upc_all_broadcast(dst, src, 4 * sizeof(int), UPC_IN_ALLSYNC | UPC_OUT_NOSYNC);
	else
		upc_all_broadcast(dst, src, 4 * sizeof(int), UPC_IN_NOSYNC | UPC_OUT_NOSYNC);
	printf("not reached\n");
	return 0;
}
