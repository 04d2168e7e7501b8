/* Barriers (UPC 1.3 6.6.1): upc_barrier orders every thread's writes
   before every thread's later reads, in 50 rounds of a ring shift (each
   thread reads its left neighbour's value written before the barrier);
   barriers with an id expression (the same value on every thread, also
   computed differently per thread but equal); an anonymous barrier on
   some threads matching an id on others; and MYTHREAD-dependent code
   between barriers. */
#include <stdio.h>
#include <upc.h>

shared int ring[THREADS];
shared int check[THREADS];

int main(void) {
	int round, bad = 0;
	ring[MYTHREAD] = MYTHREAD;
	upc_barrier;
	for (round = 1; round <= 50; round++) {
		int left = ring[(MYTHREAD + THREADS - 1) % THREADS];
		upc_barrier round;
		ring[MYTHREAD] = left;
		upc_barrier 1000 + round;
	}
	/* After 50 shifts, thread t holds the value of thread t - 50. */
	int want = ((MYTHREAD - 50) % THREADS + THREADS) % THREADS;
	if (ring[MYTHREAD] != want)
		bad++;
	/* An id computed per thread, equal everywhere. */
	upc_barrier (MYTHREAD * 0 + THREADS * 3);
	/* Anonymous on even threads, named on odd ones: they match. */
	if (MYTHREAD % 2)
		upc_barrier 77;
	else
		upc_barrier;
	check[MYTHREAD] = bad;
	upc_barrier;
	if (MYTHREAD == 0) {
		int total = 0;
		for (int t = 0; t < THREADS; t++)
			total += check[t];
		printf("%d bad\n", total);
	}
	return 0;
}
