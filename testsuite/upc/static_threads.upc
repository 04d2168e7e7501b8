// static-threads: 4
/* The static THREADS environment (upcgo build -T 4): THREADS is the
   integer constant 4, so it sizes private arrays and case labels,
   shared arrays need not mention it (shared int a[10] is cyclic over 4
   threads) or may mention it twice, __UPC_STATIC_THREADS__ is defined,
   and [*] splits 10 elements into blocks of ceil(10/4) = 3, leaving the
   last thread one element. */
#include <stdio.h>
#include <upc.h>

#ifndef __UPC_STATIC_THREADS__
#error "__UPC_STATIC_THREADS__ must be defined with -T"
#endif
#ifdef __UPC_DYNAMIC_THREADS__
#error "__UPC_DYNAMIC_THREADS__ must not be defined with -T"
#endif

shared int a[10];
shared [*] int star[10];
shared [2] int m[THREADS][2 * THREADS];
int priv[THREADS * 2] = {1, 2, 3, 4, 5, 6, 7, 8};

static const char *name(int n) {
	switch (n) {
	case THREADS:
		return "THREADS";
	case THREADS - 1:
		return "last";
	default:
		return "other";
	}
}

int main(void) {
	int i, bad = 0;
	for (i = 0; i < 10; i++)
		if (upc_threadof(&star[i]) == MYTHREAD)
			star[i] = MYTHREAD;
	if (MYTHREAD != 0) {
		upc_barrier;
		return 0;
	}
	for (i = 0; i < 10; i++)
		if ((int)upc_threadof(&a[i]) != i % 4)
			bad++;
	upc_barrier;
	printf("star:");
	for (i = 0; i < 10; i++)
		printf(" %d", star[i]);
	printf("\n");
	printf("blocksize %zu, m row on thread %d, m[1][3] on thread %d\n", upc_blocksizeof(star),
	       (int)upc_threadof(&m[0][2]), (int)upc_threadof(&m[1][3]));
	printf("priv %zu %d, %s %s %s\n", sizeof priv / sizeof priv[0], priv[THREADS * 2 - 1], name(4), name(3), name(0));
	printf("sizeof a %zu, %d bad\n", sizeof a, bad);
	return 0;
}
