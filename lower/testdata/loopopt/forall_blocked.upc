/* upc_forall with affinity &a[i] over arrays of one block per thread (the
   STREAM triad): the loop walks this thread's block, a[i], b[i] and c[i]
   get running local addresses. */
#include <upc.h>
#define N 1024
shared [N] double a[N * THREADS], b[N * THREADS], c[N * THREADS];
void triad(double k) {
	int i;
	upc_forall (i = 0; i < N * THREADS; i++; &a[i])
		a[i] = b[i] + k * c[i];
}
