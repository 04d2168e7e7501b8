// exit: 1
// stderr: "UPC thread 0 of [0-9]+"
// stderr: "fault_in_expansion\.upc:20[^0-9]"
/* A statement that becomes several lines of Go (here a comma expression,
   a function literal) faults on its last one: the message must name the
   statement's .upc line, not a line that many lines further on (every
   line of an expansion is pinned to its statement's line). */
#include <stdio.h>
#include <upc.h>

shared int divisor;
shared int a[THREADS];

int main(void) {
	int d = divisor;
	int x = 3, y = 0;
	a[MYTHREAD] = 7;
	upc_barrier;
	if (MYTHREAD == 0) {
		y = (x++, a[MYTHREAD] / d);
		printf("%d %d\n", x, y);
	}
	return 0;
}
