// threads: 2 3 4 8
// exit: 1
// stderr: "deadlock: every UPC thread waits for another"
// stderr: "UPC thread 0 of [0-9]+ waits for upc_lock: a lock held by thread 1, at .*deadlock_lock\.upc:23"
// stderr: "UPC thread 1 of [0-9]+ waits for upc_lock: .*, at .*deadlock_lock\.upc:24"
/* Two threads each hold a lock and ask for the other's: the job ends
   with a report of what every thread waits for and where, instead of
   hanging (docs/runtime.md, "Deadlock"). The other threads wait in the
   barrier that follows. */
#include <stdio.h>
#include <upc.h>

upc_lock_t *a, *b;

int main(void) {
	a = upc_all_lock_alloc();
	b = upc_all_lock_alloc();
	if (MYTHREAD == 0)
		upc_lock(a);
	if (MYTHREAD == 1)
		upc_lock(b);
	upc_barrier;
	if (MYTHREAD == 0) upc_lock(b);
	if (MYTHREAD == 1) upc_lock(a);
	upc_barrier;
	printf("not reached\n");
	return 0;
}
