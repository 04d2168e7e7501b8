/* A upc_op_t constant that names no operation the function takes is an
   error at the call: -1 reached Go as a constant overflowing upc.Op, an
   internal error (issue 12). Sets of operations are allowed where the
   function takes a set (upc_all_atomicdomain_alloc, upc_atomic_isfast),
   one operation elsewhere. */
#include <upc.h>
#include <upc_atomic.h>
#include <upc_collective.h>

shared long target;
shared long src[THREADS], dst[THREADS];

int main(void) {
	long one = 1, old;
	upc_atomicdomain_t *d = upc_all_atomicdomain_alloc(UPC_LONG, -1, 0);            /* ERROR "upc_all_atomicdomain_alloc: upc_op_t -1 is not a set of operations it takes" */
	upc_atomicdomain_t *e = upc_all_atomicdomain_alloc(UPC_LONG, UPC_FUNC, 0);      /* ERROR "upc_op_t 65536 is not a set" */
	upc_atomicdomain_t *f = upc_all_atomicdomain_alloc(UPC_LONG, 0, 0);             /* ERROR "upc_op_t 0 is not a set" */
	upc_atomicdomain_t *ok = upc_all_atomicdomain_alloc(UPC_LONG, UPC_ADD | UPC_GET, 0);
	upc_atomic_strict(ok, &old, UPC_ADD | UPC_GET, &target, &one, 0);             /* ERROR "upc_atomic_strict: upc_op_t 513 is not an operation it takes" */
	upc_atomic_relaxed(ok, &old, -1, &target, &one, 0);                           /* ERROR "upc_atomic_relaxed: upc_op_t -1" */
	upc_atomic_relaxed(ok, &old, UPC_ADD, &target, &one, 0);
	upc_all_reduceL(&target, src, -1, THREADS, 1, 0, UPC_IN_ALLSYNC);             /* ERROR "upc_all_reduceL: upc_op_t -1 is not an operation it takes" */
	upc_all_prefix_reduceL(dst, src, UPC_GET, THREADS, 1, 0, UPC_IN_ALLSYNC);     /* ERROR "upc_all_prefix_reduceL: upc_op_t 512" */
	upc_all_reduceL(&target, src, UPC_MAX, THREADS, 1, 0, UPC_IN_ALLSYNC);
	return upc_atomic_isfast(UPC_LONG, 1 << 20, &target);                          /* ERROR "upc_atomic_isfast: upc_op_t 1048576" */
}
