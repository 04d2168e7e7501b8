// threads: 2 3 4 8
// exit: 1
// stderr: "deadlock"
// stderr: "UPC thread 0 of [0-9]+ waits for a barrier, at .*deadlock_wait\.upc:21"
// stderr: "UPC thread 1 of [0-9]+ waits for upc_lock: .*, at .*deadlock_wait\.upc:23"
/* A split-phase barrier: thread 0 notifies and waits while holding a lock
   thread 1 waits for before it notifies. */
#include <stdio.h>
#include <upc.h>

upc_lock_t *l;

int main(void) {
	l = upc_all_lock_alloc();
	if (MYTHREAD == 0)
		upc_lock(l);
	upc_barrier;
	if (MYTHREAD != 1) {
		upc_notify;
		/* thread 0 would release the lock after the barrier */
		upc_wait;
	} else {
		upc_lock(l);
		upc_notify;
		upc_wait;
	}
	printf("not reached\n");
	return 0;
}
