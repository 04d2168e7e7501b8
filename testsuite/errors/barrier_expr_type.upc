/* The expression of upc_barrier, upc_notify and upc_wait must convert to
   int: a struct or a pointer-to-shared does not. */
#include <upc.h>

struct S { int a; } s;
shared int *p;

int main(void) {
	upc_barrier s; /* ERROR "upc_barrier expression of type 'struct S' cannot be converted to int" */
	upc_notify p;  /* ERROR "upc_notify expression of type 'shared int \*' cannot be converted to int" */
	upc_wait;
	return 0;
}
