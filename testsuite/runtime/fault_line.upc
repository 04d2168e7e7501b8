// exit: 1
// stderr: "UPC thread 0 of [0-9]+: runtime error: integer divide by zero"
// stderr: "fault_line\.upc:13"
/* A fault in the body of an if written on the condition's line is
   reported at that line: the translation gives the body a line
   directive of its own (Go numbers the lines after a directive on). */
#include <stdio.h>
#include <upc.h>

int main(void) {
	int zero = MYTHREAD - MYTHREAD, x = 1;
	upc_barrier;
	if (MYTHREAD == 0) x = 10 / zero;
	if (MYTHREAD == 0)
		printf("%d\n", x);
	return 0;
}
