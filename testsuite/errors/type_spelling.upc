/* Diagnostics spell types as gcc does, in declarator style: a pointer to
   an array is 'int (*)[4]', a function pointer 'int (*)(int, char *)',
   unsigned long is 'long unsigned int'; a pointer-to-shared keeps its
   layout qualifier with the base type ('shared [4] int *'). */
#include <upc.h>

shared [4] int grid[4*THREADS];

struct point {
	int x, y;
};

int main(void) {
	int m[3][4];
	int (*rows)[4] = m;
	shared [4] int *sp = &grid[0];
	int (*fp)(int, char *) = 0;
	unsigned long ul = 0;
	struct point pt;
	int *q = rows + sp; /* ERROR "invalid operands to binary \+ \(have 'int \(\*\)\[4\]' and 'shared \[4\] int \*'\)" */
	pt = fp;            /* ERROR "incompatible types when assigning to type 'struct point' from type 'int \(\*\)\(int, char \*\)'" */
	ul = pt;            /* ERROR "incompatible types when assigning to type 'long unsigned int' from type 'struct point'" */
	return 0;
}
