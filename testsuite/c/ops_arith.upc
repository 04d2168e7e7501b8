// gcc: yes
// threads: 1 2
/* The arithmetic operators on int, long and double: division and
   remainder truncate toward zero (C99 6.5.5), unary minus and plus,
   precedence and associativity, and the identity (a/b)*b + a%b == a. */
#include <stdio.h>

int main(void) {
	int a[] = {7, -7, 7, -7, 0, 13};
	int b[] = {2, 2, -2, -2, 5, 13};
	int i;
	if (MYTHREAD != 0)
		return 0;
	for (i = 0; i < 6; i++) {
		int q = a[i] / b[i], r = a[i] % b[i];
		printf("%d/%d=%d %d%%%d=%d ok=%d\n", a[i], b[i], q, a[i], b[i], r, q * b[i] + r == a[i]);
	}
	printf("%d %d %d\n", 2 + 3 * 4, (2 + 3) * 4, 2 - 3 - 4);
	printf("%d %d\n", 100 / 10 / 5, 100 / (10 / 5));
	printf("%d %d %d\n", -3, - -3, +-3);
	printf("%d %d\n", 17 % 5 * 2, 17 % (5 * 2));
	{
		long x = 1234567890123L;
		printf("%ld %ld %ld\n", x / 1000, x % 1000, -x / 7);
	}
	{
		double d = 7.0, e = -2.0;
		printf("%.4f %.4f %.4f %.4f\n", d / e, d * e, d + e, d - e);
		printf("%.4f\n", 1.0 / 3.0 + 2.0 / 3.0);
		printf("%.3f\n", -d);
	}
	{
		/* Integer division of constants is done in int. */
		double h = 1 / 2;
		double g = 1 / 2.0;
		printf("%.2f %.2f\n", h, g);
	}
	{
		unsigned u = 7;
		printf("%u %u\n", u / 2, u % 4);
		printf("%u\n", -u);
	}
	return 0;
}
