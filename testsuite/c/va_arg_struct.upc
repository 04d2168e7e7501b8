// gcc: yes
// threads: 1
/* va_arg of a struct or union type (C11 7.16.1.1): each argument is the
   caller's value, copied where the callee stores it; a member of
   va_arg(ap, struct P) reads the argument directly. Checked against gcc. */
#include <stdio.h>
#include <stdarg.h>
struct P { int a; double b; char name[12]; };
union U { int i; float f; };
static double sum(int n, ...) {
	va_list ap;
	double s = 0;
	va_start(ap, n);
	for (int i = 0; i < n; i++) {
		struct P p = va_arg(ap, struct P);
		s += p.a * p.b + p.name[0];
		p.a = 100; /* the callee's copy */
		int k = va_arg(ap, int);
		union U u = va_arg(ap, union U);
		s += k + u.i + va_arg(ap, struct P).b;
	}
	va_end(ap);
	return s;
}
int main(void) {
	struct P x = {1, 2.5, "A"}, y = {3, 0.5, "b"};
	union U u = {7}, v = {9};
	printf("%g\n", sum(2, x, 10, u, y, y, 20, v, x));
	printf("%d %d\n", x.a, y.a);
	return 0;
}
