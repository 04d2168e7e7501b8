// gcc: yes
// exit: 3
/* The exit status of a UPC program: main's return value. Every thread
   returns 3 after a barrier; thread 0 prints first. exit(3) from every
   thread is in exit_call.upc. */
#include <stdio.h>
#include <upc.h>

int main(void) {
	if (MYTHREAD == 0)
		printf("returning 3 from %d threads\n", THREADS);
	upc_barrier;
	return 3;
}
