// gcc: yes
// threads: 1 2
/* Variadic functions with stdarg.h: summing ints until a sentinel, a
   count-first list of doubles (floats passed to ... promote to double,
   chars and shorts to int), mixed types driven by a format string,
   va_copy to walk the list twice, and forwarding a va_list to vsnprintf-
   like code of our own. */
#include <stdio.h>
#include <stdarg.h>

static int sum_until_zero(int first, ...) {
	va_list ap;
	int total = first, v;
	va_start(ap, first);
	while ((v = va_arg(ap, int)) != 0)
		total += v;
	va_end(ap);
	return total;
}

static double average(int count, ...) {
	va_list ap;
	double s = 0;
	va_start(ap, count);
	for (int i = 0; i < count; i++)
		s += va_arg(ap, double);
	va_end(ap);
	return count ? s / count : 0;
}

static void show(const char *fmt, ...) {
	va_list ap;
	va_start(ap, fmt);
	for (const char *p = fmt; *p; p++) {
		switch (*p) {
		case 'i': printf("i:%d ", va_arg(ap, int)); break;
		case 'l': printf("l:%ld ", va_arg(ap, long)); break;
		case 'd': printf("d:%.2f ", va_arg(ap, double)); break;
		case 's': printf("s:%s ", va_arg(ap, const char *)); break;
		case 'c': printf("c:%c ", va_arg(ap, int)); break;
		case 'p': printf("p:%d ", *va_arg(ap, int *)); break;
		}
	}
	va_end(ap);
	printf("\n");
}

static int max_twice(int n, ...) {
	va_list ap, again;
	int best = 0, second_pass = 0;
	va_start(ap, n);
	va_copy(again, ap);
	for (int i = 0; i < n; i++) {
		int v = va_arg(ap, int);
		if (i == 0 || v > best)
			best = v;
	}
	for (int i = 0; i < n; i++)
		second_pass += va_arg(again, int) == best;
	va_end(again);
	va_end(ap);
	return best * 10 + second_pass;
}

static int count_args(va_list ap) {
	int n = 0;
	while (va_arg(ap, const char *) != NULL)
		n++;
	return n;
}

static int count_strings(int dummy, ...) {
	va_list ap;
	va_start(ap, dummy);
	int n = count_args(ap);
	va_end(ap);
	return n;
}

int main(void) {
	if (MYTHREAD != 0)
		return 0;
	printf("%d\n", sum_until_zero(1, 2, 3, 4, 0));
	printf("%d\n", sum_until_zero(7, 0));
	float f = 1.5f;
	printf("%.3f\n", average(3, 1.0, f, 4.0));
	char c = 'z';
	short sh = -3;
	int target = 99;
	show("ildscp", sh, 1L << 40, 2.5, "str", c, &target);
	printf("%d\n", max_twice(5, 3, 9, 2, 9, 1));
	printf("%d\n", count_strings(0, "a", "b", "c", (const char *)NULL));
	return 0;
}
