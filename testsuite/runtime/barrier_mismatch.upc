// threads: 2 3 4 8
// exit: 1
// stderr: "barrier"
// stderr: "barrier_mismatch\.upc:1[46]"
/* Threads that reach barriers with different ids (UPC 1.3 6.6.1: the
   ids must match unless one is anonymous) get a runtime error naming
   the barrier's line, and the job stops with status 1. */
#include <stdio.h>
#include <upc.h>

int main(void) {
	upc_barrier 7;
	if (MYTHREAD == 0)
		upc_barrier 1;
	else
		upc_barrier 2;
	printf("unreachable\n");
	return 0;
}
