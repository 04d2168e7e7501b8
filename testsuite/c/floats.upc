// gcc: yes
// threads: 1 2
/* Floating point: float arithmetic rounds to float at each step (FLT_EVAL_METHOD
   0 on x86-64 SSE), double has 53 bits, conversions between int, float
   and double, comparisons including NaN (unordered: every comparison but
   != is false), infinities, and float constants with suffixes and
   exponents. Results printed with enough digits to show the rounding. */
#include <stdio.h>

int main(void) {
	if (MYTHREAD != 0)
		return 0;
	float f = 0.1f;
	double d = 0.1;
	printf("%.10f %.17f\n", f, d);
	float sum = 0;
	double dsum = 0;
	for (int i = 0; i < 10; i++) {
		sum += 0.1f;
		dsum += 0.1;
	}
	printf("%.9g %.17g %d %d\n", sum, dsum, sum == 1.0f, dsum == 1.0);
	float big = 16777216.0f;
	printf("%.1f %.1f\n", big + 1.0f, big + 2.0f);
	printf("%.1f\n", (double)big + 1.0);
	float third = 1.0f / 3.0f;
	printf("%.9g %.17g\n", third, 1.0 / 3.0);
	printf("%g %g %g %g\n", 1e3f, 2.5e-3, .5, 1.e2);
	printf("%d %d %d\n", (int)2.999999f, (int)-2.5, (int)1e9);
	float fi = 123456789;
	printf("%.1f\n", fi);
	double inf = 1e308 * 10;
	double nan = inf - inf;
	printf("%f %f %d\n", inf, -inf, inf > 1e308);
	printf("nan: %d %d %d %d %d\n", nan == nan, nan != nan, nan < 1, nan > 1, nan == 0);
	double tiny = 1e-300;
	printf("%g %g\n", tiny / 1e30, -tiny * tiny);
	double x = 7.0;
	x /= 2;
	x -= 0.25;
	x *= x;
	printf("%.4f\n", x);
	long double ld = 1.5L;
	printf("%.2f %zu\n", (double)(ld * 2), sizeof ld);
	printf("%d\n", 0.1 + 0.2 == 0.3);
	printf("%d\n", 0.1f + 0.2f == 0.3f);
	return 0;
}
