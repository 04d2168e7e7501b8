// exit: 1
// stderr: "UPC thread 0 of [0-9]+"
// stderr: "shift_negative\.upc:17"
// stderr: "negative shift"
/* A shift by a negative constant compiles, with gcc's warning, and stops
   the job when it runs, naming the line: the shift is undefined in C (Go
   rejects the constant count: the generated Go did not compile). */
#include <stdio.h>
#include <upc.h>

int main(int argc, char **argv) {
	int x = argc;
	(void)argv;
	if (MYTHREAD == 0)
		printf("shifting\n");
	if (MYTHREAD == 0)
		x = x << -1;
	upc_barrier;
	return x;
}
