// threads: 1 2 3 4 8
// exit: 1
// stderr: "deadlock"
// stderr: "UPC thread 0 of [0-9]+ waits for notification id 7, which no one has posted, at .*deadlock_notify\.upc:19"
/* Thread 0 waits for a notification no thread posts (the others return
   from main, or wait for ids nobody posts either): a deadlock, reported
   instead of a hang. */
#include <stdio.h>
#include <upc.h>
#include <upc_notification.h>

int main(void) {
	upc_notification_id_t id;
	upc_barrier;
	if (MYTHREAD == 1) {
		upc_notification_waitsome(100, 8, &id);
		printf("not reached\n");
	}
	if (MYTHREAD == 0) upc_notification_waitsome(7, 1, &id);
	return 0;
}
