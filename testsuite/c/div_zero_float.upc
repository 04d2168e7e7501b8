// gcc: yes
// threads: 1
/* A floating division by a constant zero is an infinity or a NaN (C99
   Annex F), as gcc computes it; Go rejects a division by a constant zero,
   so the generated Go did not compile (found with issue 12's fuzz target
   and test inputs). */
#include <stdio.h>

int main(int argc, char **argv) {
	double d = argc;
	float f = -argc;
	(void)argv;
	printf("%g %g\n", d / 0, f / 0.0f);
	d /= 0;
	printf("%g %d\n", d, (d - d) != (d - d));
	return 0;
}
