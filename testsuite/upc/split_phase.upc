/* Split-phase barriers (UPC 1.3 6.6.1): upc_notify; local work; upc_wait.
   Writes before the notify are visible after the wait; work between them
   overlaps with other threads' arrival (here: private computation, which
   must not touch shared data others are writing). Notify and wait with
   matching ids, with an anonymous wait, a notify in one function and the
   wait in another, and 100 rounds of the pattern. */
#include <stdio.h>
#include <upc.h>

shared long data[THREADS];
shared long results[THREADS];

static long local_work(int n) {
	long s = 0;
	for (int i = 1; i <= n; i++)
		s += i;
	return s;
}

static void arrive(int round) { upc_notify round; }
static void leave(void) { upc_wait; }

int main(void) {
	long acc = 0, work = 0;
	for (int round = 0; round < 100; round++) {
		data[MYTHREAD] = (long)round * THREADS + MYTHREAD;
		if (round % 2) {
			upc_notify round;
			work += local_work(100);
			upc_wait round;
		} else {
			arrive(round);
			work += local_work(10);
			leave();
		}
		acc += data[(MYTHREAD + 1) % THREADS];
		upc_barrier;
	}
	results[MYTHREAD] = acc;
	upc_barrier;
	if (MYTHREAD == 0) {
		int bad = 0;
		for (int t = 0; t < THREADS; t++) {
			long want = 0;
			for (int round = 0; round < 100; round++)
				want += (long)round * THREADS + (t + 1) % THREADS;
			if (results[t] != want)
				printf("thread %d: %ld, want %ld\n", t, results[t], want), bad++;
		}
		printf("work %ld\n%d bad\n", work, bad);
	}
	return 0;
}
