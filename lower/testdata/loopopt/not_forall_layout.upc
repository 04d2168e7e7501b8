/* NOT transformed: an array of another block size than the affinity's
   is not local (g[i] stays a shared access; f[i] gets its running
   address), nor is one element further (f[i + 1]). */
#include <upc.h>
shared [4] double f[5 * THREADS];
shared [2] double g[4 * THREADS];
void h(void) {
	upc_forall (int i = 0; i < 4 * THREADS; i++; &f[i])
		f[i] = g[i] + f[i + 1];
}
