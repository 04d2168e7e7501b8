// exit: 1
// stderr: "UPC thread 0 of [0-9]+"
// stderr: "div_zero_constant\.upc:17"
// stderr: "divi"
/* An integer division by a constant zero compiles, with gcc's warning, and
   traps when it runs, naming the line (Go rejects the constant division:
   the generated Go did not compile). */
#include <stdio.h>
#include <upc.h>

int main(int argc, char **argv) {
	int x = argc;
	(void)argv;
	if (MYTHREAD == 0)
		printf("dividing\n");
	if (MYTHREAD == 0)
		x = x / 0;
	upc_barrier;
	return x;
}
