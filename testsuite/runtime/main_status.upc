// gcc: yes
// threads: 1 2 4
// exit: 2
/* The job's exit status is the first non-zero return of main on any
   thread (docs/runtime.md): thread 0 returns 2, the others 0, after a
   barrier, so every thread has printed its line. */
#include <stdio.h>
#include <upc.h>

int main(void) {
	if (MYTHREAD == 0)
		printf("thread 0 returns 2\n");
	upc_barrier;
	return MYTHREAD == 0 ? 2 : 0;
}
