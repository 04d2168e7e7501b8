/* An integer or a private pointer does not convert to a pointer-to-shared
   (UPC 1.3 §6.4.3), wherever the conversion happens: a cast, an
   assignment, an argument, a conditional expression, a comparison; each
   error is reported at its line, once. A call to an undeclared function
   returns int (with a warning), so its cast is that error too, at its
   position (the fuzz target over the translation found an error with no
   position there, issue 12). A null pointer constant converts. */
#include <upc.h>

shared int a[THREADS];
shared int *from_int = (shared int *)5;  /* ERROR "cannot convert an integer to a pointer-to-shared" */

static shared int *from_local(int n) {
	return n;                   /* ERROR "cannot convert an integer to a pointer-to-shared" */
}

static int first(shared int *p) { return *p; }

int main(void) {
	int x = 1, *q = &x;
	shared int *p = a;
	p = (shared int *)x;        /* ERROR "cannot convert an integer to a pointer-to-shared" */
	p = (shared int *)q;        /* ERROR "cannot cast a private pointer to a pointer-to-shared" */
	p = x;                      /* ERROR "cannot convert an integer to a pointer-to-shared" */
	first(x);                   /* ERROR "cannot convert an integer to a pointer-to-shared" */
	p = x ? p : q;              /* ERROR "pointer type mismatch in conditional expression" */
	p = x ? p : x;              /* ERROR "type mismatch in conditional expression" */
	x = p == q;                 /* ERROR "comparison of a pointer-to-shared with 'int [*]'" */
	x = p < x;                  /* ERROR "comparison of a pointer-to-shared with 'int'" */
	x = p == 7;                 /* ERROR "comparison of a pointer-to-shared with 'int'" */
	p = 7;                      /* ERROR "cannot convert an integer to a pointer-to-shared" */
	p = x ? 3 : p;              /* ERROR "type mismatch in conditional expression" */
	p = x ? p : (void *)0;
	first(0);
	p = (shared int *)nothere(1); /* ERROR "cannot convert an integer to a pointer-to-shared" */
	p = 0;
	p = x ? p : 0;
	x = p == 0 || p != (void *)0;
	return first(p) + (from_local(1) == 0);
}
