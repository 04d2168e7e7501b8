// threads: 2 4
/* Threads that wait for one that computes are not deadlocked, however
   long it computes: thread 0 holds a lock for two seconds of work while
   the others wait for the lock or in a barrier. Deadlock detection never
   reports a wait that a running thread can still complete. */
#include <stdio.h>
#include <upc.h>
#include <upc_tick.h>

upc_lock_t *l;

int main(void) {
	l = upc_all_lock_alloc();
	if (MYTHREAD == 0) {
		upc_tick_t start = upc_ticks_now();
		volatile long x = 0;
		upc_lock(l);
		upc_barrier;
		while (upc_ticks_to_ns(upc_ticks_now() - start) < 2000000000ull)
			x++;
		upc_unlock(l);
	} else {
		upc_barrier;
		if (MYTHREAD == 1) {
			upc_lock(l);
			upc_unlock(l);
		}
	}
	upc_barrier;
	if (MYTHREAD == 0)
		printf("done\n");
	return 0;
}
