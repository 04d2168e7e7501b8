// gcc: yes
/* Reaching the closing brace of main returns 0 (C99 5.1.2.2.3), on every
   thread, so the job's status is 0. */
#include <stdio.h>
#include <upc.h>

int main(void) {
	if (MYTHREAD == 0)
		printf("no return statement\n");
	upc_barrier;
}
