// gcc: yes
// threads: 1
/* va_arg whose va_list is the last operand of a comma expression:
   va_list is an array type in the x86-64 ABI, so (x, ap) still designates
   ap and va_arg advances it (Berkeley UPC's bugzilla/bug137c). The left
   operand is evaluated, once per va_arg; the va_list is also handed to a
   function, as vprintf-style code does. */
#include <stdarg.h>
#include <stdio.h>

static int evaluated;

static double take(va_list ap) {
	int i = va_arg((evaluated++, ap), int);
	double d = *va_arg((0, ap), double *);
	long l = va_arg(((void)0, evaluated += 10, ap), long);
	return i + d + l;
}

static double sum(int n, ...) {
	va_list ap;
	double r;
	va_start(ap, n);
	r = take(ap);
	va_end(ap);
	return r;
}

int main(void) {
	double x = 0.5;
	double r = sum(3, 7, &x, 100L);
	printf("%.1f %d\n", r, evaluated);
	return 0;
}
