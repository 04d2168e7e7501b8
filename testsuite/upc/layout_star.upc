/* shared [*]: the array is split into THREADS contiguous blocks of
   ceil(N / THREADS) elements, so element i lives on thread i / B. With
   N = 10*THREADS the block is exactly 10, with 3*THREADS doubles it is 3.
   Also the block size from upc_blocksizeof. (An uneven split, where the
   dynamic environment cannot express it, is in static_threads.upc; a [*]
   2-d array in shared_2d.upc.) */
#include <stdio.h>
#include <upc.h>

shared [*] int a[10 * THREADS];
shared [*] double d[3 * THREADS];

int main(void) {
	int i, bad = 0;
	for (i = 0; i < 10 * THREADS; i++)
		if (upc_threadof(&a[i]) == MYTHREAD)
			a[i] = MYTHREAD;
	for (i = 0; i < 3 * THREADS; i++)
		if (upc_threadof(&d[i]) == MYTHREAD)
			d[i] = MYTHREAD + i / 100.0;
	upc_barrier;
	if (MYTHREAD == 0) {
		for (i = 0; i < 10 * THREADS; i++)
			if (a[i] != i / 10 || (int)upc_phaseof(&a[i]) != i % 10) {
				printf("a[%d] = %d phase %d\n", i, a[i], (int)upc_phaseof(&a[i]));
				bad++;
			}
		for (i = 0; i < 3 * THREADS; i++)
			if ((int)upc_threadof(&d[i]) != i / 3 || d[i] != i / 3 + i / 100.0) {
				printf("d[%d] on %d\n", i, (int)upc_threadof(&d[i]));
				bad++;
			}
		printf("blocksizes %zu %zu\n", upc_blocksizeof(a), upc_blocksizeof(d));
		printf("%d bad\n", bad);
	}
	return 0;
}
