/* The linear congruential generator of the NAS benchmarks, x' = a*x mod
   2^46, in double precision arithmetic that is exact on every IEEE
   machine: the same numbers from gcc (setparams, the reference) and from
   upcgo (the kernel). */
#include "npbish.h"

static const double r23 = 1.0 / 8388608.0, t23 = 8388608.0;

double randlc(double *x, double a) {
	double r46 = r23 * r23, t46 = t23 * t23;
	double t1, t2, t3, t4, a1, a2, x1, x2, z;
	t1 = r23 * a;
	a1 = (int)t1;
	a2 = a - t23 * a1;
	t1 = r23 * *x;
	x1 = (int)t1;
	x2 = *x - t23 * x1;
	t1 = a1 * x2 + a2 * x1;
	t2 = (int)(r23 * t1);
	z = t1 - t23 * t2;
	t3 = t23 * z + a2 * x2;
	t4 = (int)(r46 * t3);
	*x = t3 - t46 * t4;
	return r46 * *x;
}

/* The generator's state after n steps from seed: a^n * seed, by squaring. */
double skip_ahead(double seed, double a, long n) {
	double x = seed, an = a;
	while (n > 0) {
		if (n & 1)
			randlc(&x, an);
		randlc(&an, an);
		n >>= 1;
	}
	return x;
}
