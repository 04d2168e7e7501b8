// exit: 1
// stderr: "null"
// stderr: "null_shared\.upc:17"
/* Dereferencing a null pointer-to-shared is a runtime error naming the
   line (it never reads thread 0's segment base by accident). */
#include <stdio.h>
#include <upc.h>

shared int *shared target;

int main(void) {
	upc_barrier;
	if (MYTHREAD == 0) {
		shared int *p = target; /* never set: null */
		printf("deref\n");
		int v;
		v = *p;
		printf("unreachable %d\n", v);
	}
	upc_barrier;
	return 0;
}
