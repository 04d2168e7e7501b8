// gcc: yes
// exit: 4
/* exit() from a function called by main: in UPC it ends the calling
   thread only (UPC 1.3 5.1.2.2.3), after flushing; with every thread
   calling it the job ends with that status. Code after the call never
   runs. */
#include <stdio.h>
#include <stdlib.h>
#include <upc.h>

static void finish(int status) {
	if (MYTHREAD == 0)
		printf("exiting with %d\n", status);
	exit(status);
}

int main(void) {
	upc_barrier;
	finish(4);
	printf("unreachable\n");
	return 0;
}
