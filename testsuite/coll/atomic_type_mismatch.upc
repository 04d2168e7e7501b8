// exit: 1
// stderr: "upc_atomic_strict: the target points to UPC_DOUBLE, but the domain is for UPC_INT"
// stderr: "atomic_type_mismatch\.upc:18"
/* A target of another type than the domain's is reported: the compiler
   passes the type the pointer had before its conversion to shared void *. */
#include <stdio.h>
#include <upc.h>
#include <upc_atomic.h>

shared double total;

int main(void) {
	int one = 1;
	upc_atomicdomain_t *d = upc_all_atomicdomain_alloc(UPC_INT, UPC_ADD, 0);
	upc_barrier;
	if (MYTHREAD == THREADS - 1) {
		printf("adding\n");
		upc_atomic_strict(d, NULL, UPC_ADD, &total, &one, NULL);
	}
	upc_barrier;
	return 0;
}
