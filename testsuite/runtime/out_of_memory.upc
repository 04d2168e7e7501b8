// exit: 1
// stderr: "upc_alloc"
// stderr: "out_of_memory\.upc:12"
/* Asking upc_alloc for more than the shared heap holds (the default is 512
   MB per thread) is a fatal error naming the call and the line, as in
   Berkeley UPC, not a NULL result to be missed. */
#include <stdio.h>
#include <upc.h>

int main(void) {
	if (MYTHREAD == 0) {
		shared [] char *p = (shared [] char *)upc_alloc((size_t)1 << 40);
		printf("unreachable %d\n", p == NULL);
	}
	upc_barrier;
	return 0;
}
