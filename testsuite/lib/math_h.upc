// gcc: yes
// threads: 1 2
/* math.h, with results printed to a precision at which they are exact
   for correctly rounded or glibc results: sqrt, pow, exp, log, log10,
   sin/cos/tan/atan2 at known points, floor/ceil/round/trunc on halves and
   negatives, fabs, fmod (sign of the dividend), fmin/fmax, hypot, cbrt,
   ldexp/frexp, modf, and the float variants. */
#include <stdio.h>
#include <math.h>

int main(void) {
	if (MYTHREAD != 0)
		return 0;
	printf("%.6f %.6f %.1f\n", sqrt(2.0), sqrt(144.0), pow(2.0, 10.0));
	printf("%.6f %.6f %.6f\n", exp(1.0), log(M_E * M_E), log10(1000.0));
	printf("%.6f %.6f %.6f\n", sin(M_PI / 6), cos(M_PI / 3), tan(M_PI / 4));
	printf("%.6f %.6f\n", atan2(1.0, 1.0) * 4, atan2(-1.0, -1.0));
	printf("%.1f %.1f %.1f %.1f\n", floor(-2.5), ceil(-2.5), round(-2.5), trunc(-2.7));
	printf("%.1f %.1f %.1f %.1f\n", floor(2.5), ceil(2.1), round(2.5), round(0.4));
	printf("%.1f %.1f %.1f\n", fabs(-3.5), fmod(7.5, 2.0), fmod(-7.5, 2.0));
	printf("%.1f %.1f %.1f %.1f\n", fmin(1.0, -2.0), fmax(1.0, -2.0), hypot(3.0, 4.0), cbrt(-27.0));
	int e;
	double m = frexp(48.0, &e);
	printf("%.4f %d %.1f\n", m, e, ldexp(0.75, 4));
	double ip;
	double fp = modf(-3.25, &ip);
	printf("%.2f %.2f\n", ip, fp);
	printf("%.4f %.4f %.1f\n", sqrtf(2.0f), powf(3.0f, 2.0f), floorf(-0.5f));
	printf("%.1f %.1f\n", pow(-2.0, 3.0), pow(4.0, 0.5));
	printf("%d %d\n", isnan(sqrt(-1.0)) != 0, isinf(exp(1000.0)) != 0);
	return 0;
}
