/* Calls must match the prototype: too few and too many arguments, an
   argument that cannot convert to the parameter type (a struct for an
   int), calling something that is not a function, and void used as a
   value; a variadic function takes extra arguments, and a double
   argument for an int parameter converts. */
#include <stdio.h>

struct s {
	int a;
};

static int add(int a, int b) { return a + b; }
static void nothing(void) {}

int main(void) {
	struct s v = {1};
	int x = 3;
	double d = 1.5;
	int *p = &x;
	add(1);              /* ERROR "too few arguments" */
	add(1, 2, 3);        /* ERROR "too many arguments" */
	add(v, 2);           /* ERROR "argument 1 of 'add'" */
	x();                 /* ERROR "not a function|called object" */
	x = nothing();       /* ERROR "void value not ignored" */
	nothing(1);          /* ERROR "too many arguments" */
	printf("%d %d\n", add(x, d), *p);
	return 0;
}
