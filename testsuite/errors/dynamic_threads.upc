/* In the dynamic THREADS environment THREADS is not a constant
   expression, so it cannot label a case; a private local array sized by
   THREADS is a VLA and fine. */
#include <upc.h>

int main(void) {
	int local[THREADS];             /* a VLA: allowed */
	local[0] = 1;
	switch (local[0]) {
	case THREADS:                   /* ERROR "constant" */
		break;
	case 2 * MYTHREAD:              /* ERROR "constant" */
		break;
	}
	return local[0];
}
