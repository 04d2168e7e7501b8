/* A parameter has automatic storage duration, so it cannot be
   shared-qualified (UPC 1.3 6.5.1.1; GNU UPC: "parameter declared with
   UPC shared qualifier"); a pointer-to-shared parameter is fine. */
#include <upc.h>

shared int cell;

static void set(shared int s) {      /* ERROR "parameter .s. .*shared" */
}

static void ok(shared int *p) { *p = 1; }

int main(void) {
	ok(&cell);
	set(cell);
	return 0;
}
