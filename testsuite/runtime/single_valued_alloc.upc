// threads: 2 3 4 8
// exit: 1
// stderr: "upc_all_alloc: thread [1-9][0-9]* passed nbytes [0-9]+ where thread 0 passed 8 \(a collective's arguments must be the same on every thread\)"
// stderr: "single_valued_alloc\.upc:13"
/* upc_all_alloc's arguments are single-valued: a thread asking for
   blocks of another size is reported with its line, instead of every
   thread using thread 0's size. */
#include <stdio.h>
#include <upc.h>

int main(void) {
	shared [] char *p;
	p = (shared [] char *)upc_all_alloc(THREADS, 8 + (MYTHREAD == THREADS - 1));
	upc_barrier;
	printf("unreachable %d\n", p == NULL);
	return 0;
}
