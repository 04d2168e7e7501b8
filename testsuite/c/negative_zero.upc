// gcc: yes
// threads: 1
/* Negative zero (IEEE 754, C99 Annex F): -0.0 written as a constant, the
   result of constant expressions such as 0.0 * -1.0, and a float -0.0f
   must keep their sign, as values computed at run time do. It compares
   equal to 0.0 but prints with a minus sign and gives -inf when divided
   into 1. */
#include <stdio.h>

int main(void) {
	double zero = 0.0;
	double a = -0.0;
	float f = -0.0f;
	static double s = -0.0;
	printf("%f %f %f %f\n", -0.0, a, -zero, s);
	printf("%f %f\n", (double)f, 0.0 * -1.0);
	printf("%d %f %f\n", a == 0.0, 1.0 / a, 1.0 / -0.0);
	return 0;
}
