// threads: 1 2
/* Berkeley UPC's "#pragma upc c_code" ... "#pragma upc upc_code": the
   code between them is plain C, where UPC's keywords are ordinary names,
   so a C header (or code) that uses them as identifiers compiles; after
   "upc_code" they are keywords again. */
#include <stdio.h>
#include <upc.h>

#pragma upc c_code
struct legacy {
	int shared, strict, relaxed;
};
static int legacy_sum(int upc_fence) {
	struct legacy l = {1, 2, 3};
	int upc_forall = upc_fence * 10;
	return l.shared + l.strict + l.relaxed + upc_forall;
}
#pragma upc upc_code

shared int total;

int main(void) {
	if (MYTHREAD == 0)
		total = legacy_sum(4);
	upc_barrier;
	upc_forall (int i = 0; i < THREADS; i++; i)
		if (i == MYTHREAD && MYTHREAD == THREADS - 1)
			printf("legacy_sum(4) = %d\n", total);
	return 0;
}
