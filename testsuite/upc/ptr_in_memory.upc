/* Pointers-to-shared kept in private memory rather than in a variable:
   in a private array, behind a pointer (shared int **), and in a struct
   member; the query functions, dereference, arithmetic and comparison
   work on them as on a variable. Also a function taking and returning
   pointers-to-shared, and a pointer-to-shared function result as
   upc_forall affinity. */
#include <stdio.h>
#include <upc.h>

#define B 4
#define N (2 * B * THREADS)

shared [B] int a[2 * B * THREADS];

struct holder {
	shared [B] int *p;
	int n;
};

static shared [B] int *nth(int i) { return &a[i]; }

static long sum_range(shared [B] int *p, int n) {
	long s = 0;
	for (int i = 0; i < n; i++)
		s += p[i];
	return s;
}

int main(void) {
	int i, bad = 0;
	upc_forall (i = 0; i < N; i++; nth(i))
		a[i] = i;
	upc_barrier;
	if (MYTHREAD != 0)
		return 0;
	shared [B] int *arr[2] = {&a[1], &a[N - 1]};
	shared [B] int **pp = &arr[1];
	struct holder h = {&a[2], 3};
	if (upc_threadof(arr[0]) != 0 || upc_phaseof(arr[0]) != 1 || upc_threadof(*pp) != THREADS - 1 ||
	    upc_phaseof(*pp) != B - 1 || upc_threadof(h.p) != 0 || upc_addrfield(h.p) != upc_addrfield(&a[2]))
		printf("queries\n"), bad++;
	if (*arr[0] != 1 || **pp != N - 1 || *h.p != 2 || h.p[1] != 3)
		printf("loads\n"), bad++;
	h.p += 3;
	arr[0]++;
	if (*h.p != 5 || *arr[0] != 2 || h.p - arr[0] != 3 || !(arr[0] < h.p))
		printf("arithmetic\n"), bad++;
	if (sum_range(a, N) != (long)N * (N - 1) / 2 || sum_range(nth(1), 2) != 3)
		printf("calls\n"), bad++;
	printf("%d bad\n", bad);
	return 0;
}
