/* The other unit of main.upc's program. */
#include <upc.h>

int defined_twice = 2;                  /* ERROR "multiple definition of 'defined_twice' \(first defined at .*main\.upc:9:5\)" */

int twice_fn(void)                      /* ERROR "multiple definition of 'twice_fn'" */
{
	return 2;
}

extern shared [2] int layout[];         /* ERROR "conflicting layouts of the shared object 'layout'" */
int typed;                              /* ERROR "conflicting types for 'typed': 'int typed' here, 'double typed'" */

int proto(int x) { return x; }
int implicit_mismatch(int a, int b) { return a + b; }
