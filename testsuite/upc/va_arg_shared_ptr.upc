/* A pointer-to-shared passed to a variadic function of the program keeps
   its thread and phase: va_arg(ap, shared int *) is the pointer the
   caller passed (it used to arrive as its address alone, on thread 0).
   Arguments after it are read in their place. */
#include <stdio.h>
#include <stdarg.h>
#include <upc.h>

shared [2] int a[8 * THREADS];

static int check(int n, ...) {
	va_list ap;
	int bad = 0;
	va_start(ap, n);
	for (int i = 0; i < n; i++) {
		shared [2] int *p = va_arg(ap, shared [2] int *);
		int want = va_arg(ap, int);
		if (*p != want || upc_threadof(p) != (size_t)((want / 2) % THREADS) || upc_phaseof(p) != (size_t)(want % 2))
			bad++;
	}
	va_end(ap);
	return bad;
}

int main(void) {
	upc_forall (int i = 0; i < 8 * THREADS; i++; &a[i])
		a[i] = i;
	upc_barrier;
	if (MYTHREAD == 0) {
		int last = 8 * THREADS - 1;
		printf("%d mismatches\n", check(3, &a[1], 1, &a[last], last, &a[2 * THREADS + 1], 2 * THREADS + 1));
	}
	return 0;
}
