/* upc_forall with pointer affinity: upc_forall (...; &a[i]) runs
   iteration i on the thread that owns a[i], for cyclic, blocked and [*]
   arrays, so each thread touches only local elements (each records its
   thread number; casting to a private pointer inside the loop is in
   forall_local_cast.upc). Also affinity to an element of a different array than
   the one written (a vector add c = a + b with affinity &c[i]), a 2-d
   array row (&m[i][0]), and a pointer-to-shared variable as affinity. */
#include <stdio.h>
#include <upc.h>

#define N (8 * THREADS)

shared int cyc[N];
shared [4] int blk[N];
shared [*] int star[N];
shared [2] double a[N], b[N], c[N];

int main(void) {
	int i, bad = 0;
	upc_forall (i = 0; i < N; i++; &cyc[i])
		cyc[i] = MYTHREAD;
	upc_forall (i = 0; i < N; i++; &blk[i])
		blk[i] = MYTHREAD;
	upc_forall (i = 0; i < N; i++; &star[i])
		star[i] = MYTHREAD;
	upc_forall (i = 0; i < N; i++; &a[i]) {
		a[i] = i;
		b[i] = 2 * i;
	}
	upc_barrier;
	upc_forall (i = 0; i < N; i++; &c[i])
		c[i] = a[i] + b[i];
	/* Bounds in variables: &blk[...] in the loop header itself is
	   ptr_in_condition.upc. */
	shared [4] int *p, *start = &blk[0], *end = &blk[N];
	int count = 0;
	upc_forall (p = start; p < end; p = p + 1; p)
		count++;
	upc_barrier;
	if (count != 8)
		printf("thread %d ran %d pointer iterations\n", MYTHREAD, count);
	if (MYTHREAD != 0)
		return 0;
	for (i = 0; i < N; i++) {
		if (cyc[i] != i % THREADS || blk[i] != (i / 4) % THREADS || star[i] != i / 8)
			printf("element %d: %d %d %d\n", i, cyc[i], blk[i], star[i]), bad++;
		if (c[i] != 3 * i)
			printf("c[%d] = %g\n", i, c[i]), bad++;
	}
	printf("%d bad\n", bad);
	return 0;
}
