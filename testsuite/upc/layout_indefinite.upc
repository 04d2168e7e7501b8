/* shared [] (indefinite block size): the whole array lives on thread 0,
   every element with phase 0, so every thread's upc_threadof says 0.
   Pointers to shared [] walk it like a private array. Every thread
   writes its own slot, thread 0 prints the sum. Also shared [] through
   a typedef. */
#include <stdio.h>
#include <upc.h>

typedef shared [] int whole_t;

shared [] int table[64];
whole_t other[8];

int main(void) {
	int i, bad = 0;
	table[MYTHREAD] = MYTHREAD + 1;
	if (MYTHREAD < 8)
		other[MYTHREAD] = 2;
	for (i = 0; i < 64; i += 9)
		if (upc_threadof(&table[i]) != 0 || upc_phaseof(&table[i]) != 0)
			bad++;
	upc_barrier;
	if (MYTHREAD == 0) {
		shared [] int *p = table;
		long sum = 0;
		for (i = 0; i < THREADS; i++)
			sum += *p++;
		printf("sum - want = %ld\n", sum - THREADS * (THREADS + 1) / 2);
		printf("p - table = %td\n", p - table - THREADS);
		printf("other %d %d blocksize %zu %zu\n", other[0], upc_threadof(&other[7]) == 0, upc_blocksizeof(table), upc_blocksizeof(whole_t));
	}
	if (bad)
		printf("thread %d: %d bad\n", MYTHREAD, bad);
	return 0;
}
