// threads: 1 2
// exit: 2
// stderr: "UPC thread [01] of [12]: fatal error: stack overflow"
// stderr: "stack_overflow\.upc:11"
/* Recursion without end overflows the stack, which Go cannot recover
   from: the crash guard (docs/runtime.md) turns Go's report, a dump of
   every goroutine, into the thread and the line. */
#include <stdio.h>
#include <upc.h>

int depth(int n) { return depth(n + 1) + n % 7; }

int main(void) {
	if (MYTHREAD == THREADS - 1)
		printf("%d\n", depth(0));
	upc_barrier;
	return 0;
}
