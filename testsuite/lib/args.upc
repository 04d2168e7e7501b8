// gcc: yes
// threads: 1 3
// args: alpha -v 42 -n 3
/* main(argc, argv): every thread sees the same arguments (upcgo's -n N is
   removed before main sees them); argv[argc] is NULL; arguments arrive
   as written, and a "-n 3" after the first argument is the program's own. */
#include <stdio.h>
#include <stdlib.h>
#include <upc.h>

shared int sums[THREADS];

int main(int argc, char **argv) {
	int i, sum = 0;
	for (i = 1; i < argc; i++)
		sum += atoi(argv[i]);
	sums[MYTHREAD] = sum + argc;
	upc_barrier;
	if (MYTHREAD == 0) {
		printf("argc=%d null-terminated=%d\n", argc, argv[argc] == NULL);
		for (i = 1; i < argc; i++)
			printf("argv[%d]=%s\n", i, argv[i]);
		for (i = 0; i < THREADS; i++)
			if (sums[i] != sums[0])
				printf("thread %d saw different arguments\n", i);
		printf("sum=%d\n", sums[0]);
	}
	return 0;
}
