// exit: 1
// stderr: "upc_atomic_relaxed: UPC_MULT is not an operation of this domain \(created for UPC_ADD \| UPC_GET on UPC_LONG\)"
// stderr: "atomic_wrong_op\.upc:19"
/* An atomic operation the domain was not created for is an error, not a
   silent success or a corrupted counter. */
#include <stdio.h>
#include <upc.h>
#include <upc_atomic.h>

shared long counter;

int main(void) {
	long two = 2;
	upc_atomicdomain_t *d = upc_all_atomicdomain_alloc(UPC_LONG, UPC_ADD | UPC_GET, 0);
	upc_atomic_relaxed(d, NULL, UPC_ADD, &counter, &two, NULL);
	upc_barrier;
	if (MYTHREAD == 0) {
		printf("multiplying\n");
		upc_atomic_relaxed(d, NULL, UPC_MULT, &counter, &two, NULL);
		printf("unreachable\n");
	}
	upc_barrier;
	return 0;
}
