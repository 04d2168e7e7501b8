/* NULL as one arm of ?: with a pointer-to-shared as the other gives a
   pointer-to-shared (C11 6.5.15p6: a null pointer constant takes the other
   arm's type), null or not by the condition; the void pointer-to-shared
   upc_alloc returns converts to a pointer to an array of an indefinite
   shared type, indexed in two dimensions. */
#include <stdio.h>
#include <upc.h>

shared int arr[4 * THREADS];
shared int wrong[THREADS];
typedef shared [] int row_t[8];

int main(void) {
	shared int *p = MYTHREAD ? NULL : &arr[1];
	shared int *q = MYTHREAD == 0 ? &arr[2] : NULL;
	shared [] int (*rows)[8] = upc_alloc(2 * sizeof(row_t));
	int s = 0;
	for (int i = 0; i < 2; i++)
		for (int j = 0; j < 8; j++)
			rows[i][j] = 10 * i + j;
	for (int i = 0; i < 2; i++)
		for (int j = 0; j < 8; j++)
			s += rows[i][j];
	upc_free(rows);
	wrong[MYTHREAD] = (p == NULL) != (MYTHREAD != 0) || (q == NULL) != (MYTHREAD != 0) ||
	                  (MYTHREAD == 0 && (upc_threadof(p) != 1 % THREADS || q != &arr[2])) || s != 136;
	upc_barrier;
	if (MYTHREAD == 0) {
		int n = 0;
		for (int i = 0; i < THREADS; i++)
			n += wrong[i];
		printf("%d threads wrong\n", n);
	}
	return 0;
}
