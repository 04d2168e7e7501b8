// gcc: yes
// threads: 1
/* Library functions used as values: a table of ctype.h classifiers, a
   math.h function passed to a higher-order function, strcmp as a
   comparator through a pointer, and atexit with a user function (which
   runs at exit, after main's output). */
#include <stdio.h>
#include <ctype.h>
#include <math.h>
#include <string.h>
#include <stdlib.h>

static double apply(double (*f)(double), double x) { return f(x); }

static void bye(void) { printf("atexit handler\n"); }

int main(void) {
	int (*fns[])(int) = {isdigit, isupper, toupper};
	int (*cmp)(const char *, const char *) = strcmp;
	atexit(bye);
	printf("%d %d %c\n", fns[0]('7') != 0, fns[1]('a') != 0, fns[2]('q'));
	printf("%.1f %.1f\n", apply(sqrt, 81.0), apply(fabs, -2.5));
	printf("%d\n", cmp("same", "same"));
	return 0;
}
