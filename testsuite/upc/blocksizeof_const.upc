/* upc_blocksizeof and upc_elemsizeof are integer constant expressions
   even when their operand's size involves THREADS (UPC 1.3 6.4.1), so
   they may size a private array in the dynamic THREADS environment; a
   shared [*] array's block is ceil(elements/THREADS), 10 for 10*THREADS
   elements. (The compile-time checks are the classic negative-size array
   trick: a false condition would be an error.) */
#include <stdio.h>
#include <upc.h>

#define CHECK(name, cond) char name[(cond) ? 1 : -1]

CHECK(plain, upc_blocksizeof(shared int) == 1);
CHECK(cyclic, upc_blocksizeof(shared int[THREADS]) == 1);
CHECK(blocked, upc_blocksizeof(shared [4] int[7*THREADS]) == 4);
CHECK(indefinite, upc_blocksizeof(shared [] int[10]) == 0);
CHECK(star, upc_blocksizeof(shared [*] int[10*THREADS]) == 10);
CHECK(elem, upc_elemsizeof(shared [3] double[2*THREADS]) == 8);

shared [*] int a[10*THREADS];
char buf[upc_blocksizeof(a) + upc_elemsizeof(a)];

int main(void) {
	if (MYTHREAD == 0)
		printf("%d %d %d %d\n", (int)sizeof buf, (int)upc_blocksizeof(a),
		       (int)upc_threadof(&a[9]), (int)upc_threadof(&a[10 * THREADS - 1]) == THREADS - 1);
	return 0;
}
