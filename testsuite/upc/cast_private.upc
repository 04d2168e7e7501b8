/* Casting a pointer-to-shared to a private pointer (UPC 1.3 6.4.3) is
   valid for data with affinity to the calling thread, and is how UPC
   programs get local speed: (int *)&a[MYTHREAD] walks this thread's
   elements of a cyclic array with an ordinary stride of 1 (its element k
   is a[MYTHREAD + k*THREADS]); for a blocked array the private pointer
   sees the thread's blocks back to back; writes through the private
   pointer are visible through the shared array after a barrier; and a
   shared scalar cast on thread 0. Thread 0 checks and prints. */
#include <stdio.h>
#include <upc.h>

#define PER 6

shared int cyc[PER * THREADS];
shared [3] long blk[PER * THREADS];
shared double scalar;
shared int sums[THREADS];

int main(void) {
	int k, bad = 0;
	int *mine = (int *)&cyc[MYTHREAD];
	for (k = 0; k < PER; k++)
		mine[k] = MYTHREAD + k * THREADS;
	long *lb = (long *)&blk[3 * MYTHREAD];
	for (k = 0; k < PER; k++)
		lb[k] = 100 + k;
	if (MYTHREAD == 0)
		*(double *)&scalar = 2.5;
	upc_barrier;
	/* Read back through the private pointer what others see shared. */
	int s = 0;
	for (k = 0; k < PER; k++)
		s += mine[k];
	sums[MYTHREAD] = s;
	upc_barrier;
	if (MYTHREAD != 0)
		return 0;
	for (k = 0; k < PER * THREADS; k++)
		if (cyc[k] != k)
			printf("cyc[%d] = %d\n", k, cyc[k]), bad++;
	/* Thread t's k-th local long is in its block k/3 (global block
	   t + (k/3)*THREADS), phase k%3. */
	for (k = 0; k < PER * THREADS; k++) {
		int local = (k / (3 * THREADS)) * 3 + k % 3;
		if (blk[k] != 100 + local)
			printf("blk[%d] = %ld, want %d\n", k, blk[k], 100 + local), bad++;
	}
	for (k = 0; k < THREADS; k++)
		if (sums[k] != PER * k + THREADS * PER * (PER - 1) / 2)
			printf("sums[%d] = %d\n", k, sums[k]), bad++;
	printf("scalar %.1f\n%d bad\n", scalar, bad);
	return 0;
}
