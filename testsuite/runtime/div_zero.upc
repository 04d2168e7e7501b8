// exit: 1
// stderr: "UPC thread 0 of [0-9]+"
// stderr: "div_zero\.upc:18"
// stderr: "divi"
/* Integer division by zero traps (as on x86-64 Linux, where gcc's code
   gets SIGFPE): the job stops with status 1 and the message names the
   thread and the .upc line of the division, not a Go file. The divisor
   comes from shared memory so that no compiler can fold it. Output
   printed before the fault is not lost. */
#include <stdio.h>
#include <upc.h>

shared int divisor;

static int divide(int a) {
	int d = divisor;
	int q;
	q = a / d;
	return q;
}

int main(void) {
	if (MYTHREAD == 0)
		printf("dividing\n");
	upc_barrier;
	if (MYTHREAD == 0)
		printf("%d\n", divide(10));
	upc_barrier;
	return 0;
}
