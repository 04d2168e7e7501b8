/* ++ and -- on pointers-to-shared, as statements, in for headers and in
   expressions (prefix and postfix), on cyclic and blocked pointers:
   each step moves one element, crossing threads. */
#include <stdio.h>
#include <upc.h>

shared int a[4 * THREADS];
shared [2] int b[4 * THREADS];

int main(void) {
	int k, n = 0, bad = 0;
	for (k = 0; k < 4 * THREADS; k++)
		if (upc_threadof(&a[k]) == MYTHREAD) {
			a[k] = k;
			b[k] = 0;
		}
	upc_barrier;
	for (k = 0; k < 4 * THREADS; k++)
		if (upc_threadof(&b[k]) == MYTHREAD)
			b[k] = 10 * k;
	upc_barrier;
	if (MYTHREAD != 0)
		return 0;
	shared int *p = &a[0];
	p++;
	++p;
	p--;
	if (*p != 1)
		bad++;
	for (p = &a[0]; p != &a[4 * THREADS]; p++)
		n += *p;
	if (n != 4 * THREADS * (4 * THREADS - 1) / 2)
		bad++;
	shared [2] int *q = &b[4 * THREADS - 1];
	n = 0;
	while (q >= &b[0]) {
		n += *q;
		if (q == &b[0])
			break;
		q--;
	}
	if (n != 10 * (4 * THREADS * (4 * THREADS - 1) / 2))
		bad++;
	q = &b[1];
	int x = *q++;
	int y = *++q;
	int z = *q--;
	if (x != 10 || y != 30 || z != 30 || *q != 20 || upc_threadof(q) != (THREADS > 1))
		bad++;
	printf("%d bad\n", bad);
	return 0;
}
