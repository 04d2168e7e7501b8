// threads: 1 2 3 4
/* Berkeley UPC's bupc_thread_distance (same thread 0, symmetric, the same
   from every thread, ordered levels), bupc_tick_overheadus (a small
   positive measurement), bupc_poll and GNU UPC's upc_poll in a loop that
   waits for another thread's strict write, and bupc_ptradd, whose result
   must equal typed pointer arithmetic for each block size. */
#include <stdio.h>
#include <upc.h>

shared [3] int B3[12 * THREADS];
shared [] int *ind;
strict shared int go;
shared unsigned int dist[64 * THREADS]; /* dist[x*THREADS + y], THREADS <= 64 */
shared int bad;

int main(void) {
	int me = MYTHREAD;
	for (int t = 0; t < THREADS; t++)
		dist[me * THREADS + t] = bupc_thread_distance(me, t);
	upc_barrier;
	if (me == 0) {
		for (int x = 0; x < THREADS; x++)
			for (int y = 0; y < THREADS; y++) {
				unsigned d = dist[x * THREADS + y];
				if ((x == y) != (d == BUPC_THREADS_SAME) || d != dist[y * THREADS + x] || d != bupc_thread_distance(x, y) ||
				    (x != y && (d < BUPC_THREADS_VERYNEAR || d > BUPC_THREADS_VERYFAR)))
					bad = 1;
			}
		printf("levels ordered: %d\n", BUPC_THREADS_SAME < BUPC_THREADS_VERYNEAR && BUPC_THREADS_VERYNEAR < BUPC_THREADS_NEAR &&
		                                    BUPC_THREADS_NEAR < BUPC_THREADS_FAR && BUPC_THREADS_FAR < BUPC_THREADS_VERYFAR);
		double o = bupc_tick_overheadus();
		printf("tick overhead in (0, 100) us: %d\n", o > 0 && o < 100);
	}

	/* The last thread releases the others, who poll. */
	if (me == THREADS - 1)
		go = 1;
	while (!go)
		if (me % 2)
			bupc_poll();
		else
			upc_poll();

	/* bupc_ptradd against the compiler's own arithmetic. */
	ind = (shared [] int *)upc_all_alloc(1, 40 * sizeof(int));
	for (int i = -5; i < 30; i++) {
		shared [3] int *base = &B3[7];
		if (bupc_ptradd(base, 3, sizeof(int), i) != (shared void *)(base + i))
			bad = 1;
		shared int *cyc = (shared int *)&B3[0];
		if (i >= 0 && bupc_ptradd(cyc, 1, sizeof(int), i) != (shared void *)(cyc + i))
			bad = 1;
		if (i >= 0 && bupc_ptradd(ind, 0, sizeof(int), i) != (shared void *)(ind + i))
			bad = 1;
	}
	upc_barrier;
	if (me == 0)
		printf("%s\n", bad ? "FAILED" : "ok");
	return 0;
}
