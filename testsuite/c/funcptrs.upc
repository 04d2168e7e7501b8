// gcc: yes
// threads: 1 2
/* Function pointers: tables of them indexed at run time, comparison,
   NULL checks, passing them to functions (a callback sort), returning
   them, calling through f(x) (the (*f)(x) form is in funcptr_deref_call.upc), pointers to functions taking
   and returning pointers, a struct of function pointers (a vtable), and
   the library's qsort and bsearch with a comparator. */
#include <stdio.h>
#include <stdlib.h>

static int square(int x) { return x * x; }
static int negate(int x) { return -x; }
static int twice(int x) { return 2 * x; }

static int (*ops[])(int) = {square, negate, twice};

static int compose(int (*f)(int), int (*g)(int), int x) {
	return f(g(x));
}

static int (*choose(int which))(int) {
	return which ? twice : square;
}

static void bubble(int *a, int n, int (*less)(int, int)) {
	int i, j;
	for (i = 0; i < n; i++)
		for (j = 0; j + 1 < n - i; j++)
			if (less(a[j + 1], a[j])) {
				int t = a[j];
				a[j] = a[j + 1];
				a[j + 1] = t;
			}
}
static int asc(int a, int b) { return a < b; }
static int desc(int a, int b) { return a > b; }

struct shape_ops {
	const char *name;
	double (*area)(double);
};
static double square_area(double s) { return s * s; }
static double circle_area(double r) { return 3.0 * r * r; }

static int cmp_int(const void *a, const void *b) {
	int x = *(const int *)a, y = *(const int *)b;
	return (x > y) - (x < y);
}

static char *skip(char *s) { return s + 1; }

int main(void) {
	int i;
	if (MYTHREAD != 0)
		return 0;
	for (i = 0; i < 3; i++)
		printf("%d ", ops[i](5));
	printf("\n");
	printf("%d %d\n", compose(square, negate, 3), compose(negate, twice, 4));
	printf("%d %d\n", choose(0)(6), choose(1)(6));
	int (*f)(int) = 0;
	printf("null=%d\n", f == NULL);
	f = negate;
	printf("eq=%d ne=%d\n", f == negate, f != ops[0]);
	printf("%d\n", f(8) + f(2));

	int a[] = {5, 3, 9, 1, 7};
	bubble(a, 5, asc);
	for (i = 0; i < 5; i++)
		printf("%d", a[i]);
	printf(" ");
	bubble(a, 5, desc);
	for (i = 0; i < 5; i++)
		printf("%d", a[i]);
	printf("\n");

	struct shape_ops shapes[2] = {{"square", square_area}, {"circle", circle_area}};
	for (i = 0; i < 2; i++)
		printf("%s %.1f\n", shapes[i].name, shapes[i].area(2.0));

	int b[] = {42, -1, 17, 8, 100, 0};
	qsort(b, 6, sizeof b[0], cmp_int);
	for (i = 0; i < 6; i++)
		printf("%d ", b[i]);
	printf("\n");
	int key = 17;
	int *found = bsearch(&key, b, 6, sizeof b[0], cmp_int);
	key = 5;
	int *missing = bsearch(&key, b, 6, sizeof b[0], cmp_int);
	printf("found at %td, missing=%d\n", found - b, missing == NULL);

	char *(*sp)(char *) = skip;
	char word[] = "pointer";
	printf("%s\n", sp(sp(word)));
	return 0;
}
