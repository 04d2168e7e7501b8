/* Dynamic shared memory (UPC 1.3 7.2.2): upc_alloc gives memory with
   affinity to the caller; upc_global_alloc(nblocks, nbytes), called by one
   thread, lays out nblocks blocks of nbytes round-robin from thread 0
   (like shared [nbytes] char[nblocks*nbytes]); upc_all_alloc is
   collective and returns the same pointer on every thread; pointers are
   published through a shared array of pointers-to-shared; any thread may
   upc_free what another allocated; upc_all_free frees collectively; and
   allocating and freeing in a loop does not run out of memory. */
#include <stdio.h>
#include <upc.h>

#define PER 4

shared int *shared published[THREADS];
shared [PER] int *shared global_arr;

int main(void) {
	int i, bad = 0;
	/* upc_alloc: local to the caller. */
	shared int *mine = (shared int *)upc_alloc(PER * sizeof(int));
	if (upc_threadof(mine) != MYTHREAD)
		printf("upc_alloc on thread %d gave thread %d\n", MYTHREAD, (int)upc_threadof(mine)), bad++;
	shared [] int *row = (shared [] int *)mine;
	for (i = 0; i < PER; i++)
		row[i] = 10 * MYTHREAD + i;
	published[MYTHREAD] = mine;

	/* upc_global_alloc by thread 0: PER ints per block, one block per thread. */
	if (MYTHREAD == 0)
		global_arr = (shared [PER] int *)upc_global_alloc(THREADS, PER * sizeof(int));
	/* upc_all_alloc: every thread gets the same pointer. */
	shared [PER] int *all = (shared [PER] int *)upc_all_alloc(THREADS, PER * sizeof(int));
	upc_barrier;
	for (i = 0; i < PER; i++) {
		global_arr[MYTHREAD * PER + i] = MYTHREAD;
		all[MYTHREAD * PER + i] = -MYTHREAD;
	}
	upc_barrier;
	if (MYTHREAD == 0) {
		for (int t = 0; t < THREADS; t++) {
			shared [] int *other = (shared [] int *)published[t];
			for (i = 0; i < PER; i++) {
				if (other[i] != 10 * t + i)
					printf("published[%d][%d] = %d\n", t, i, other[i]), bad++;
				int k = t * PER + i;
				if ((int)upc_threadof(&global_arr[k]) != t || global_arr[k] != t || all[k] != -t ||
				    (int)upc_threadof(&all[k]) != t)
					printf("element %d: %d %d\n", k, global_arr[k], all[k]), bad++;
			}
		}
	}
	upc_barrier;
	/* Thread t frees what thread (t+1) % THREADS allocated. */
	upc_free(published[(MYTHREAD + 1) % THREADS]);
	upc_barrier;
	if (MYTHREAD == THREADS - 1)
		upc_free(global_arr);
	upc_all_free(all);
	/* 1000 rounds of 64 KiB: leaks would exhaust the heap. */
	for (i = 0; i < 1000; i++) {
		shared [] char *tmp = (shared [] char *)upc_alloc(65536);
		tmp[i * 64] = 1;
		upc_free(tmp);
	}
	upc_barrier;
	if (bad)
		printf("thread %d: %d bad\n", MYTHREAD, bad);
	if (MYTHREAD == 0)
		printf("alloc done\n");
	return 0;
}
