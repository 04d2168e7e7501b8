/* An error inside a macro's expansion is reported on the line where the
   macro is used (as gcc does), not on the #define line, which is correct
   in itself; an error in a macro argument likewise. */
#include <stdio.h>
#define SET(x) x = undefined_var
#define CALL(f) f(1, 2)
#define TWICE(e) ((e) + (e))

static int one(int a) { return a; }

int main(void) {
	int y = 0;
	SET(y);                    /* ERROR "'undefined_var' undeclared" */
	CALL(one);                 /* ERROR "too many arguments to function 'one'" */
	y = TWICE(missing);        /* ERROR "'missing' undeclared" */
	return y;
}
