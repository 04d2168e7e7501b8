/* What the link reports, each at the C source: a name defined in two
   units, a name used and defined nowhere, a function called with other
   types than its definition's (through a prototype, or through an
   implicit declaration), an object declared with another type, and a
   shared array declared with another layout. Each unit compiles on its
   own (upcgo build -c); only the link sees these. */
#include <upc.h>

int defined_twice = 1;
int twice_fn(void) { return 1; }
shared [4] int layout[4*THREADS];
double typed;
int proto(double);

int main(void) {
	extern int missing;
	int r = proto(1.0);                 /* ERROR "conflicting types for 'proto': 'int\(double\)' here, 'int\(int\)' in its definition at .*other\.upc:14:5" */
	r += undefined_fn(1);               /* ERROR "undefined reference to 'undefined_fn'" */
	r += implicit_mismatch(1);          /* ERROR "this call of 'implicit_mismatch', declared without a prototype, do not match its definition" */
	r += missing;                       /* ERROR "undefined reference to 'missing'" */
	return r + layout[0] + (int)typed;
}
