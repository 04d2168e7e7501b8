// exit: 1
// stderr: "upc_free"
// stderr: "double_free\.upc:14"
/* Freeing the same shared allocation twice is reported on the second
   upc_free (docs/runtime.md: "freeing something not allocated (or freed
   twice) is a runtime error"). */
#include <upc.h>

int main(void) {
	if (MYTHREAD == 0) {
		shared [] char *p = (shared [] char *)upc_alloc(100);
		p[0] = 1;
		upc_free(p);
		upc_free(p);
	}
	upc_barrier;
	return 0;
}
