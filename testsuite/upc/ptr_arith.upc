/* Pointer-to-shared arithmetic (UPC 1.3 6.4.2): adding k to a pointer to
   element i of a shared [B] array gives element i + k, crossing blocks
   and threads — its thread is ((i+k) / B) % THREADS and its phase
   (i+k) % B; += walks the same way; the difference of two pointers
   counts elements; relational operators order them by index; p[k]
   indexes from p. Also the cyclic case (B = 1), null pointers-to-shared
   and a private array of pointers-to-shared. (Casts between block sizes:
   ptr_casts.upc.) Thread 0 checks; every thread wrote its own elements first. */
#include <stdio.h>
#include <upc.h>

#define B 3
#define N (B * 4 * THREADS)

shared [B] int a[B * 4 * THREADS];
shared int c[4 * THREADS];

int main(void) {
	int k, bad = 0;
	for (k = 0; k < N; k++)
		if (upc_threadof(&a[k]) == MYTHREAD)
			a[k] = k;
	for (k = 0; k < 4 * THREADS; k++)
		if (upc_threadof(&c[k]) == MYTHREAD)
			c[k] = -k;
	upc_barrier;
	if (MYTHREAD != 0)
		return 0;

	shared [B] int *p = &a[0];
	for (k = 0; k < N; k++) {
		shared [B] int *q = p + k;
		int ok = q == &a[k] && (int)upc_threadof(q) == (k / B) % THREADS && (int)upc_phaseof(q) == k % B && *q == k && p[k] == k;
		if (!ok) {
			printf("p+%d: thread %d phase %d value %d\n", k, (int)upc_threadof(q), (int)upc_phaseof(q), *q);
			bad++;
		}
	}
	shared [B] int *w = &a[1];
	int steps = 0;
	/* w += 1, not w++: the ++ and -- forms are in ptr_incdec.upc. */
	while (*w != N - 1) {
		w += 1;
		steps++;
	}
	if (steps != N - 2) {
		printf("walked %d steps\n", steps);
		bad++;
	}
	shared [B] int *first = &a[2], *last = &a[N - 1];
	long diff = last - first;
	/* &a[...] directly in an if condition: ptr_in_condition.upc */
	int same = first == &a[2];
	if (diff != N - 3 || !(first < last) || last <= first || !same) {
		printf("diff %ld\n", diff);
		bad++;
	}
	shared [B] int *m = first;
	m += 7;
	m -= 2;
	diff = m - first;
	if (diff != 5 || *m != 7 || *(m - 7) != 0) {
		printf("m: diff %ld value %d\n", diff, *m);
		bad++;
	}

	shared int *cp = &c[1];
	for (k = 1; k < 4 * THREADS; k++, cp += 1)
		if (*cp != -k || (int)upc_threadof(cp) != k % THREADS || upc_phaseof(cp) != 0) {
			printf("c[%d] via pointer: %d on %d\n", k, *cp, (int)upc_threadof(cp));
			bad++;
		}

	/* 0, not NULL: NULL is in shared_null.upc. */
	shared int *np = 0;
	shared int *ptrs[3] = {&c[0], 0, &c[2]};
	int nulls = np == NULL && ptrs[1] == NULL;
	if (!nulls || ptrs[2] - ptrs[0] != 2 || *ptrs[2] != -2) {
		printf("null pointers\n");
		bad++;
	}
	printf("%d bad\n", bad);
	return 0;
}
