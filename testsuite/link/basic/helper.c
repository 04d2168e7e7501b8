/* A plain C unit, compiled as UPC like upcc and gupc do. */
#include "common.h"

const char *greeting = "linked";
int table[3] = {7, 8, 9};

static int twice(int x) { return 20 * x; }  /* not main.upc's */
static int square(int x) { return x * x; }
static int negate(int x) { return -x; }

unary pick(int which) { return which == 0 ? square : negate; }
int apply(unary f, int x) { return f(x) + twice(0); }

int bump(void) {
	static int count;
	return ++count;
}
