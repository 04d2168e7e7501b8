/* NULL, the null pointer constant ((void *)0), converts to every
   pointer-to-shared type (UPC 1.3 6.4.3): in an initialiser, an
   assignment, an argument, a return value, an array initialiser and a
   comparison; a null pointer-to-shared compares equal to NULL and to 0. */
#include <stdio.h>
#include <upc.h>

shared int c[THREADS];

static int isnull(shared int *p) { return p == NULL; }
static shared int *nothing(void) { return NULL; }

int main(void) {
	shared int *np = NULL;
	shared [] double *dp;
	shared int *ptrs[2] = {NULL, &c[0]};
	dp = NULL;
	if (MYTHREAD == 0)
		printf("%d %d %d %d %d %d\n", np == NULL, np == 0, dp == NULL, isnull(NULL), nothing() == NULL, ptrs[0] == NULL && ptrs[1] != NULL);
	return 0;
}
