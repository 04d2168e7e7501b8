/* Locks (UPC 1.3 7.2.4) under contention: a histogram of 1000 values per
   thread into 10 shared bins, each bin update (read, add, write: not
   atomic by itself) under one global lock from upc_all_lock_alloc; a
   second, per-bin lock array from upc_global_lock_alloc by each thread
   (published through a shared array); upc_lock_attempt on a lock that is
   free and on one held by this thread's partner; and freeing the locks.
   Without mutual exclusion updates would be lost and the totals would
   not add up. */
#include <stdio.h>
#include <upc.h>

#define BINS 10
#define PER 1000

shared [] int hist[BINS];
shared [] int hist2[BINS];
upc_lock_t *shared [] bin_locks[BINS];
shared int attempt_result[THREADS];

int main(void) {
	int i, bad = 0;
	upc_lock_t *all = upc_all_lock_alloc();
	if (MYTHREAD < BINS)
		for (i = MYTHREAD; i < BINS; i += THREADS)
			bin_locks[i] = upc_global_lock_alloc();
	upc_barrier;
	unsigned x = 12345u + MYTHREAD;
	for (i = 0; i < PER; i++) {
		x = x * 1103515245u + 12345u;
		int bin = (x >> 16) % BINS;
		upc_lock(all);
		hist[bin] = hist[bin] + 1;
		upc_unlock(all);
		upc_lock(bin_locks[bin]);
		int v = hist2[bin];
		hist2[bin] = v + 1;
		upc_unlock(bin_locks[bin]);
	}
	upc_barrier;
	/* upc_lock_attempt: thread 0 holds the lock while the others try. */
	if (MYTHREAD == 0)
		upc_lock(all);
	upc_barrier;
	if (MYTHREAD != 0)
		attempt_result[MYTHREAD] = upc_lock_attempt(all);
	upc_barrier;
	if (MYTHREAD == 0) {
		upc_unlock(all);
		attempt_result[0] = upc_lock_attempt(all);
		if (attempt_result[0])
			upc_unlock(all);
	}
	upc_barrier;
	if (MYTHREAD == 0) {
		long total = 0, total2 = 0;
		for (i = 0; i < BINS; i++) {
			total += hist[i];
			total2 += hist2[i];
			if (hist[i] != hist2[i])
				printf("bin %d: %d vs %d\n", i, hist[i], hist2[i]), bad++;
		}
		printf("total %ld %ld\n", total - (long)PER * THREADS, total2 - (long)PER * THREADS);
		int got = 0;
		for (i = 1; i < THREADS; i++)
			got += attempt_result[i];
		printf("attempts on a held lock succeeded: %d; on a free lock: %d\n", got, attempt_result[0]);
		for (i = 0; i < BINS; i++)
			upc_lock_free(bin_locks[i]);
		printf("%d bad\n", bad);
	}
	upc_all_lock_free(all);
	return 0;
}
