// gcc: yes
/* The default layout, block size 1 (cyclic): a[i] lives on thread
   i % THREADS with phase 0. Each thread writes the elements it owns
   (found with upc_threadof), then thread 0 checks every element's owner
   and value, and prints a map of the first elements' owners for the
   exact layout. (2-d shared arrays: shared_2d.upc.) */
#include <stdio.h>
#include <upc.h>

#define PER 5

shared int a[PER * THREADS];

int main(void) {
	int i, bad = 0;
	for (i = 0; i < PER * THREADS; i++)
		if (upc_threadof(&a[i]) == MYTHREAD)
			a[i] = 1000 * MYTHREAD + i;
	upc_barrier;
	if (MYTHREAD == 0) {
		for (i = 0; i < PER * THREADS; i++) {
			int owner = i % THREADS;
			if (upc_threadof(&a[i]) != owner || upc_phaseof(&a[i]) != 0 || a[i] != 1000 * owner + i) {
				printf("a[%d]: thread %d phase %d value %d\n", i, (int)upc_threadof(&a[i]), (int)upc_phaseof(&a[i]), a[i]);
				bad++;
			}
		}
		printf("owners of a[0..7]:");
		for (i = 0; i < 8 && i < PER * THREADS; i++)
			printf(" %d", (int)upc_threadof(&a[i]));
		printf("\n%d bad\n", bad);
	}
	return 0;
}
