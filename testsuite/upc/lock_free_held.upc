/* upc_lock_free succeeds whether the lock is unlocked or locked by any
   thread (UPC 1.3 7.2.4.2): a lock freed by the thread holding it, and one
   that one thread holds while the next thread frees it (Berkeley UPC's
   bugzilla/locktest frees locks both ways). The freed objects are reused
   by later allocations, so the loop also checks that the new locks start
   unlocked. */
#include <stdio.h>
#include <upc.h>

shared int attempts[THREADS];

int main(void) {
	int i, ok = 0;
	for (i = 0; i < 20; i++) {
		upc_lock_t *own = upc_global_lock_alloc();
		upc_lock(own);
		upc_lock_free(own);

		upc_lock_t *other = upc_all_lock_alloc();
		if (MYTHREAD == i % THREADS)
			upc_lock(other);
		upc_barrier;
		if (MYTHREAD == (i + 1) % THREADS)
			upc_lock_free(other);
		upc_barrier;
	}
	upc_lock_t *fresh = upc_global_lock_alloc();
	if (upc_lock_attempt(fresh)) {
		ok = 1;
		upc_unlock(fresh);
	}
	upc_lock_free(fresh);
	attempts[MYTHREAD] = ok;
	upc_barrier;
	if (MYTHREAD == 0) {
		int n = 0;
		for (i = 0; i < THREADS; i++)
			n += attempts[i];
		printf("fresh locks acquired: %d of %d\n", n, THREADS);
	}
	return 0;
}
