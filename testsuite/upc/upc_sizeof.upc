/* upc_localsizeof, upc_blocksizeof and upc_elemsizeof (UPC 1.3 6.4), on
   objects and on types: block sizes of cyclic (1), blocked, [*] and []
   (0) arrays, element sizes of scalar and struct elements and of
   2-d arrays (the innermost non-array type), local sizes where every
   thread holds exactly the same number of elements (so the value is
   exact, not an upper bound), and sizeof of whole shared arrays. */
#include <stdio.h>
#include <upc.h>

struct rec {
	int id;
	double v;
};

shared int cyc[5 * THREADS];
shared [4] int blk[8 * THREADS];
shared [*] double star[10 * THREADS];
shared [] char whole[37];
shared [2] struct rec recs[6 * THREADS];
shared [3] short grid[THREADS][3];

int main(void) {
	if (MYTHREAD != 0)
		return 0;
	printf("blocksizeof %zu %zu %zu %zu %zu %zu\n", upc_blocksizeof(cyc), upc_blocksizeof(blk), upc_blocksizeof(star),
	       upc_blocksizeof(whole), upc_blocksizeof(recs), upc_blocksizeof(grid));
	printf("type %zu %zu\n", upc_blocksizeof(shared [7] int), upc_blocksizeof(shared int));
	printf("elemsizeof %zu %zu %zu %zu %zu\n", upc_elemsizeof(cyc), upc_elemsizeof(star), upc_elemsizeof(whole),
	       upc_elemsizeof(recs), upc_elemsizeof(grid));
	printf("localsizeof %zu %zu %zu %zu %zu %zu\n", upc_localsizeof(cyc), upc_localsizeof(blk), upc_localsizeof(star),
	       upc_localsizeof(whole), upc_localsizeof(recs), upc_localsizeof(grid));
	printf("sizeof/THREADS %zu %zu %zu %zu\n", sizeof cyc / THREADS, sizeof blk / THREADS, sizeof recs / THREADS, sizeof whole);
	return 0;
}
