/* Parallel prefix sum over a blocked shared array: each thread sums its
   block, the block sums go into a shared array, each thread adds the sums
   of the blocks before it to a running prefix over its own elements
   (through a private pointer to its block), and thread 0 checks the
   result against a serial scan. */
#include <stdio.h>
#include <upc.h>

#define PER 100

shared [PER] long data[PER * THREADS];
shared long block_sum[THREADS];

int main(void) {
	int i, t;
	long *mine = (long *)&data[PER * MYTHREAD];
	for (i = 0; i < PER; i++)
		mine[i] = (PER * MYTHREAD + i) % 7 + 1;
	long s = 0;
	for (i = 0; i < PER; i++)
		s += mine[i];
	block_sum[MYTHREAD] = s;
	upc_barrier;
	long offset = 0;
	for (t = 0; t < MYTHREAD; t++)
		offset += block_sum[t];
	for (i = 0; i < PER; i++) {
		offset += mine[i];
		mine[i] = offset;
	}
	upc_barrier;
	if (MYTHREAD == 0) {
		long run = 0;
		int bad = 0;
		for (i = 0; i < PER * THREADS; i++) {
			run += i % 7 + 1;
			if (data[i] != run)
				bad++;
		}
		printf("%d bad, last prefix is %s\n", bad, data[PER * THREADS - 1] == run ? "right" : "wrong");
	}
	return 0;
}
