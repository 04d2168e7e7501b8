// gcc: yes
/* Reaching the closing brace of main returns 0 (C99 5.1.2.2.3), on every
   thread, so the job's status is 0. Any function may reach its closing
   brace, its value then unused (C99 6.9.1p12), here after an assignment
   to a local whose name starts like a return statement ("returned = 1"
   was once taken for one). */
#include <stdio.h>
#include <upc.h>

static int report(int n) {
	int returned;
	printf("report %d\n", n);
	returned = n;
}

int main(void) {
	int returned;
	if (MYTHREAD == 0) {
		printf("no return statement\n");
		report(1);
	}
	upc_barrier;
	returned = 1;
}
