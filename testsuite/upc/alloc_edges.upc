/* Edge cases of the allocation functions (UPC 1.3 7.2.2): upc_free(NULL)
   does nothing; upc_global_alloc with a number of blocks that is not a
   multiple of THREADS puts block k on thread k % THREADS; every thread
   calling upc_global_alloc at once gets distinct objects; upc_all_alloc
   with a block size that is not a multiple of the element size still
   lays out bytes block by block; a zero-size request returns a pointer
   that may be freed. */
#include <stdio.h>
#include <upc.h>

shared int bad[THREADS];
shared [] char *shared objs[THREADS];

int main(void) {
	int errs = 0, k;
	upc_free(NULL);
	/* 2*THREADS+1 blocks of 12 bytes: block k on thread k % THREADS. */
	shared [12] char *g = (shared [12] char *)upc_global_alloc(2 * THREADS + 1, 12);
	for (k = 0; k < 2 * THREADS + 1; k++)
		if ((int)upc_threadof(&g[12 * k]) != k % THREADS || (int)upc_threadof(&g[12 * k + 11]) != k % THREADS)
			errs++;
	g[12 * (2 * THREADS) + 11] = 'z';
	if (g[12 * (2 * THREADS) + 11] != 'z')
		errs++;
	/* Each thread's own global allocation, written by it and read by thread 0. */
	shared [] char *mine = (shared [] char *)upc_global_alloc(1, 32);
	mine[0] = (char)('A' + MYTHREAD % 26);
	mine[31] = (char)MYTHREAD;
	objs[MYTHREAD] = mine;
	/* Collective: 5-byte blocks, one per thread. */
	shared [5] char *all = (shared [5] char *)upc_all_alloc(THREADS, 5);
	for (k = 0; k < 5; k++)
		all[5 * MYTHREAD + k] = (char)(MYTHREAD + k);
	shared [] char *empty = (shared [] char *)upc_alloc(0);
	upc_free(empty);
	upc_barrier;
	if (MYTHREAD == 0) {
		for (int t = 0; t < THREADS; t++) {
			if (objs[t][0] != 'A' + t % 26 || objs[t][31] != t)
				errs++;
			for (int u = 0; u < t; u++)
				if (objs[u] == objs[t])
					errs++;
			for (k = 0; k < 5; k++)
				if (all[5 * t + k] != t + k || (int)upc_threadof(&all[5 * t + k]) != t)
					errs++;
		}
	}
	bad[MYTHREAD] = errs;
	upc_barrier;
	upc_free(mine);
	upc_free(g);
	upc_all_free(all);
	if (MYTHREAD == 0) {
		int total = 0;
		for (k = 0; k < THREADS; k++)
			total += bad[k];
		printf("%d bad\n", total);
	}
	return 0;
}
