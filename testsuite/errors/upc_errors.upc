/* UPC-specific type errors: converting a private pointer to a
   pointer-to-shared (only the reverse cast exists), a non-integer
   upc_forall affinity, both strict and relaxed on one type,
   upc_blocksizeof of a private object, and a negative block size. */
#include <upc.h>

shared int a[THREADS];
shared [-1] int negative[THREADS];              /* ERROR "block size|negative" */

int main(void) {
	int x = 0, i;
	int *priv = &x;
	double d = 1.0;
	shared int *sp = priv;                      /* ERROR "shared|incompatible" */
	upc_forall (i = 0; i < THREADS; i++; d)     /* ERROR "affinity|integer|pointer" */
		a[i] = 1;
	strict relaxed shared int *both;            /* ERROR "strict|relaxed" */
	return (int)upc_blocksizeof(x);             /* ERROR "shared|blocksizeof" */
}
