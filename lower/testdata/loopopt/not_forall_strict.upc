/* NOT a running address: an access a "#pragma upc strict" inside the
   body makes strict (f[i] there stays a strict shared access); g[i],
   relaxed, gets one. */
#include <upc.h>
shared [4] double f[4 * THREADS];
shared [4] double g[4 * THREADS];
void h(void) {
	upc_forall (int i = 0; i < 4 * THREADS; i++; &f[i]) {
		g[i] = 1;
		{
#pragma upc strict
			f[i] = 2;
		}
	}
}
