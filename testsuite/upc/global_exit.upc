// gcc: yes
// exit: 5
/* upc_global_exit(5) (UPC 1.3 7.2.1) ends every thread and the job with
   status 5: the last thread calls it while the others wait in a barrier
   that can never complete; nothing after the call runs anywhere, and
   output printed before it is flushed. */
#include <stdio.h>
#include <upc.h>

int main(void) {
	if (MYTHREAD == 0)
		printf("before exit, %d threads\n", THREADS);
	upc_barrier;
	if (MYTHREAD == THREADS - 1) {
		upc_global_exit(5);
		printf("unreachable after upc_global_exit\n");
	}
	upc_barrier;
	printf("unreachable: thread %d passed the barrier\n", MYTHREAD);
	return 0;
}
