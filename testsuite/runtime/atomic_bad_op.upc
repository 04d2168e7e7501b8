// exit: 1
// stderr: "UPC thread [0-9]+ of [0-9]+"
// stderr: "upc_all_atomicdomain_alloc: 0x[0-9a-f]+ is not a set of atomic operations"
// stderr: "atomic_bad_op\.upc:19"
/* A upc_op_t computed at run time that is not a set of atomic operations
   (here -1, which as a constant is a compile error) stops the job with a
   message naming the function and the .upc line (issue 12). */
#include <stdio.h>
#include <upc.h>
#include <upc_atomic.h>

shared int bad;

int main(void) {
	if (MYTHREAD == 0)
		bad = -1;
	upc_barrier;
	upc_op_t ops = bad;
	upc_atomicdomain_t *d = upc_all_atomicdomain_alloc(UPC_INT, ops, 0);
	printf("not reached %p\n", (void *)d);
	return 0;
}
