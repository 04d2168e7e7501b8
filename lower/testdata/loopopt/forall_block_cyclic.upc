/* A block-cyclic array with several blocks per thread and a length that
   is no multiple of a round of blocks (10 per thread, 3 to a block): an outer loop over this thread's blocks, an
   inner one over a block's elements. The bound may be written either way
   round and include its last value; it is evaluated once (n is a local
   the body does not change); elements of another type with the same
   block size are local too; the loop variable keeps its uses in the body. */
#include <upc.h>
shared [3] long x[10 * THREADS];
shared [3] char tag[10 * THREADS];
long sum(int n) {
	long s = 0;
	upc_forall (int i = 1; n >= i; i++; &x[i]) {
		s += x[i] * i;
		tag[i] = 1;
	}
	upc_forall (long i = 0; i <= 10 * THREADS - 1; i++; &x[i])
		x[i] = i;
	return s;
}
