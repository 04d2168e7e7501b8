/* NOT transformed: an indefinite array ([], all on thread 0) and a
   pointer-to-shared affinity: the owner is tested on every iteration. */
#include <upc.h>
shared [] double d[100];
shared [4] double e[4 * THREADS];
void f(shared [4] double *p) {
	upc_forall (int i = 0; i < 100; i++; &d[i])
		d[i] = i;
	upc_forall (int i = 0; i < 4 * THREADS; i++; &p[i])
		p[i] = i;
	upc_forall (int i = 0; i < 4 * THREADS; i++; e + i)
		e[i] = i;
}
