/* A 1-d heat equation on a shared rod, the shape of many UPC codes: each
   thread owns a block of cells, keeps private copies with ghost cells,
   fetches its neighbours' edge cells with upc_memget after every step,
   and writes its block back with upc_memput. Thread 0 then redoes the
   whole computation serially in private memory: the parallel result must
   be bit-identical (the same operations in the same order per cell). */
#include <stdio.h>
#include <stdlib.h>
#include <upc.h>

#define PER 16
#define STEPS 60

shared [PER] double rod[PER * THREADS];

int main(void) {
	double cur[PER + 2], next[PER + 2];
	int i, s, n = PER * THREADS;
	int base = PER * MYTHREAD;
	for (i = 0; i < PER; i++) {
		int g = base + i;
		cur[i + 1] = (g == n / 2) ? 1000.0 : 0.0;
	}
	upc_memput(&rod[base], &cur[1], PER * sizeof(double));
	upc_barrier;
	for (s = 0; s < STEPS; s++) {
		/* Ghost cells: fixed 0 at the rod's ends, else the neighbours'. */
		cur[0] = 0.0;
		cur[PER + 1] = 0.0;
		if (MYTHREAD > 0)
			upc_memget(&cur[0], &rod[base - 1], sizeof(double));
		if (MYTHREAD < THREADS - 1)
			upc_memget(&cur[PER + 1], &rod[base + PER], sizeof(double));
		for (i = 1; i <= PER; i++)
			next[i] = cur[i] + 0.25 * (cur[i - 1] - 2 * cur[i] + cur[i + 1]);
		upc_barrier; /* everyone has read the old edges */
		upc_memput(&rod[base], &next[1], PER * sizeof(double));
		for (i = 1; i <= PER; i++)
			cur[i] = next[i];
		upc_barrier; /* the new values are in place */
	}
	if (MYTHREAD == 0) {
		double *serial = malloc((n + 2) * sizeof(double));
		double *tmp = malloc((n + 2) * sizeof(double));
		for (i = 0; i < n + 2; i++)
			serial[i] = (i - 1 == n / 2) ? 1000.0 : 0.0;
		for (s = 0; s < STEPS; s++) {
			for (i = 1; i <= n; i++)
				tmp[i] = serial[i] + 0.25 * (serial[i - 1] - 2 * serial[i] + serial[i + 1]);
			for (i = 1; i <= n; i++)
				serial[i] = tmp[i];
		}
		int mismatches = 0;
		double total = 0;
		for (i = 0; i < n; i++) {
			if (rod[i] != serial[i + 1])
				mismatches++;
			total += rod[i];
		}
		printf("mismatches: %d\n", mismatches);
		/* Heat leaks out through the cold ends, never in. */
		printf("heat between 0 and 1000: %s\n", total > 0 && total <= 1000.0 + 1e-9 ? "yes" : "no");
		free(serial);
		free(tmp);
	}
	return 0;
}
