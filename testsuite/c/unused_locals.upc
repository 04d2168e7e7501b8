// gcc: yes
// threads: 1
/* Locals that are declared and never used, or used only as the operand of
   sizeof, are valid C (gcc at most warns) and must compile. */
#include <stdio.h>

int main(void) {
	int arr[5];
	double d;
	int never;
	struct { char c[3]; } s;
	printf("%zu %zu %zu\n", sizeof arr, sizeof d, sizeof s);
	return 0;
}
