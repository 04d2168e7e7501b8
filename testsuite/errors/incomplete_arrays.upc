/* An array's element type must be complete (C99 6.7.5.2p1), shared or
   not, with THREADS in its dimension or not: a shared array of an
   incomplete struct once reached the layout with a size of -1 and gave Go
   that did not compile (issue 12). */
#include <upc.h>

struct later;

shared struct later per[THREADS];       /* ERROR "incomplete element type 'shared struct later'" */
shared [] struct later one[4];          /* ERROR "incomplete element type|storage size of 'one' isn't known" */
struct later priv[3];                   /* ERROR "incomplete element type|storage size of 'priv' isn't known" */
int rows[2][];                          /* ERROR "incomplete element type|storage size of 'rows' isn't known" */
void nothing[4];                        /* ERROR "array of voids" */
struct later *fine;
shared struct later *also_fine;

int main(int argc, char **argv) {
	struct later local[2];              /* ERROR "incomplete element type|storage size of 'local' isn't known" */
	struct later vla[argc];             /* ERROR "incomplete element type" */
	return fine == 0;
}
