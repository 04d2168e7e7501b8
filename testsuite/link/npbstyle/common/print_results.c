#include <stdio.h>
#include "npbish.h"

void print_results(const char *name, char class_, long n, int threads, double t, int passed) {
	printf("\n %s Benchmark Completed\n", name);
	printf(" Class           = %c\n", class_);
	printf(" Size            = %ld\n", n);
	printf(" Threads         = %d\n", threads);
	printf(" Time in seconds = %s\n", t >= 0 ? "measured" : "none");
	printf(" Verification    = %s\n", passed ? "SUCCESSFUL" : "UNSUCCESSFUL");
}
