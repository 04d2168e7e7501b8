/* MYTHREAD and THREADS in expressions: array sizes of shared arrays
   (THREADS alone or times a constant, in any one dimension), arithmetic,
   conditions, loop bounds, initialisers of automatic variables, as
   function arguments, in sizeof of shared arrays, compared with size_t
   values (they are int), and their types (int: sizeof 4, negative
   arithmetic works). */
#include <stdio.h>
#include <upc.h>

shared int per[THREADS];
shared [3] int wide[3 * THREADS];
shared long grid[5][THREADS];

static int times(int a, int b) { return a * b; }

int main(void) {
	int me = MYTHREAD, n = THREADS;
	int left = (MYTHREAD - 1 + THREADS) % THREADS;
	per[MYTHREAD] = times(MYTHREAD, 2) + THREADS;
	upc_barrier;
	if (MYTHREAD == 0) {
		int bad = 0;
		for (int t = 0; t < THREADS; t++)
			if (per[t] != 2 * t + n)
				bad++;
		printf("%d bad\n", bad);
		printf("sizes %zu %zu %zu\n", sizeof(per) / THREADS, sizeof(wide) / THREADS, sizeof(grid) / THREADS);
		printf("types %zu %zu\n", sizeof(MYTHREAD), sizeof(THREADS));
		printf("left of 0 is last: %d\n", left == THREADS - 1);
		printf("negative: %d\n", MYTHREAD - THREADS < 0);
		printf("size_t compare: %d\n", (size_t)THREADS == sizeof(per) / sizeof(per[0]));
		printf("me=%d cond=%s\n", me, THREADS > 1 ? "many" : "one");
	}
	return 0;
}
