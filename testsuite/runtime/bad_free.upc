// exit: 1
// stderr: "upc_free"
// stderr: "bad_free\.upc:18"
/* upc_free of a pointer that upc_alloc and friends did not return (here,
   an element of a statically declared shared array) is a runtime error
   that names upc_free and the line; a valid free before it works. */
#include <stdio.h>
#include <upc.h>

shared int a[THREADS];

int main(void) {
	shared int *ok = (shared int *)upc_alloc(sizeof(int));
	upc_free(ok);
	if (MYTHREAD == 0)
		printf("freed a valid pointer\n");
	if (MYTHREAD == 0)
		upc_free(&a[0]);
	upc_barrier;
	return 0;
}
