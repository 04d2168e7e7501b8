// exit: 1
// stderr: "UPC thread 0 of [0-9]+"
// stderr: "div_blocksize_indefinite\.upc:19"
// stderr: "divi"
/* The block size of an indefinite array (shared []) is the constant 0, so
   dividing by it is a division by zero: it compiles (gcc warns) and traps
   when it runs, naming the line. Go rejected the constant division and the
   generated Go did not compile (issue 12). */
#include <stdio.h>
#include <upc.h>

shared [] int a[10];

int main(void) {
	size_t n = upc_localsizeof(a) / upc_elemsizeof(a);
	if (MYTHREAD == 0)
		printf("%d elements, blocks of %d\n", (int)n, (int)upc_blocksizeof(a));
	if (MYTHREAD == 0)
		n = n / upc_blocksizeof(a);
	upc_barrier;
	return (int)n;
}
