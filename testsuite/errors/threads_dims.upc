/* In the dynamic THREADS environment (no -T), a shared array with a
   definite block size must mention THREADS exactly once, in one
   dimension, alone or multiplied by a constant (UPC 1.3 6.5.1.1):
   THREADS twice, THREADS in no dimension, and THREADS + 1 are errors;
   the indefinite block size [] and shared scalars need no THREADS. */
#include <upc.h>

shared int twice[THREADS][THREADS];      /* ERROR "THREADS" */
shared [4] int none[100];                /* ERROR "THREADS" */
shared int cyclic_none[16];              /* ERROR "THREADS" */
shared int plus_one[THREADS + 1];        /* ERROR "THREADS" */
shared [*] int star_none[10];            /* ERROR "THREADS" */
shared [] int indefinite[100];           /* no THREADS needed */
shared int scalar;                       /* a scalar is fine */
shared [2] int good[2 * THREADS][5];     /* THREADS once, times a constant */

int main(void) {
	return 0;
}
