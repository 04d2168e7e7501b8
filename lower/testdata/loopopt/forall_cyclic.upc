/* A cyclic array ([1], or the default layout), with affinity &v[i] or the
   integer i: the loop starts at this thread's first iteration and steps
   by THREADS, and each v[i] gets a running address stepping one element.
   continue goes to the next iteration, which the post statement is. */
#include <upc.h>
shared [1] int v[100 * THREADS];
shared float w[100 * THREADS];
void fill(int n) {
	upc_forall (int i = 0; i < n; i++; &v[i]) {
		if (i % 7 == 0)
			continue;
		v[i] = i;
	}
	upc_forall (int i = 0; i < n; i++; i)
		w[i] += v[i];
}
