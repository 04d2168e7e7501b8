/* Sorting distributed data: every thread fills its block of a shared
   array with pseudo-random keys, sorts its block locally with qsort
   through a private pointer, and thread 0 merges the THREADS sorted
   blocks by reading through pointers-to-shared into a private array;
   the merge must be sorted and hold the same multiset (checked by count
   and sum). */
#include <stdio.h>
#include <stdlib.h>
#include <upc.h>

#define PER 64

shared [PER] int keys[PER * THREADS];

static int cmp(const void *a, const void *b) {
	int x = *(const int *)a, y = *(const int *)b;
	return (x > y) - (x < y);
}

int main(void) {
	int i;
	int *mine = (int *)&keys[PER * MYTHREAD];
	unsigned x = 2463534242u + 977u * MYTHREAD;
	for (i = 0; i < PER; i++) {
		x ^= x << 13;
		x ^= x >> 17;
		x ^= x << 5;
		mine[i] = (int)(x % 1000);
	}
	qsort(mine, PER, sizeof(int), cmp);
	upc_barrier;
	if (MYTHREAD == 0) {
		int n = PER * THREADS;
		int *out = malloc(n * sizeof(int));
		int *pos = calloc(THREADS, sizeof(int));
		long sum = 0;
		for (i = 0; i < n; i++) {
			int best = -1;
			for (int t = 0; t < THREADS; t++)
				if (pos[t] < PER && (best < 0 || keys[PER * t + pos[t]] < keys[PER * best + pos[best]]))
					best = t;
			out[i] = keys[PER * best + pos[best]++];
			sum += out[i];
		}
		int sorted = 1;
		for (i = 1; i < n; i++)
			if (out[i - 1] > out[i])
				sorted = 0;
		long want = 0;
		for (i = 0; i < n; i++)
			want += keys[i];
		printf("sorted %d, same sum %d\n", sorted, sum == want);
		free(out);
		free(pos);
	}
	return 0;
}
