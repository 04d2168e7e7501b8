/* shared [*] computes an array's block size from its dimensions, so it
   cannot qualify the target of a pointer (UPC 1.3 6.5.1.1; clang UPC and
   GNU UPC reject it too); upc_blocksizeof and upc_elemsizeof need a
   complete element type. */
#include <upc.h>

struct incomplete;

int main(void) {
	shared [*] int *p;                                  /* ERROR "\[\*\] is not allowed in a pointer type" */
	shared int *q = (shared [*] int *)upc_alloc(8);     /* ERROR "\[\*\] is not allowed in a pointer type" */
	int v = (int)upc_blocksizeof(shared void);          /* ERROR "incomplete type" */
	int s = (int)upc_elemsizeof(shared struct incomplete); /* ERROR "incomplete type" */
	return v + s + (q == 0) + (p == 0);
}
