/* UPC 1.3 atomics: a contended counter (fetch-add, inc, dec), a
   compare-and-swap loop, min and max on doubles, bit operations, a
   pointer-to-shared claimed by exactly one thread, upc_atomic_isfast,
   and Berkeley UPC's bupc_atomic* spellings on the same memory. */
#include <stdio.h>
#include <stdint.h>
#include <upc.h>
#include <upc_atomic.h>

#define ROUNDS 200

shared int64_t counter;
shared long cas_counter;
shared double lo, hi;
shared unsigned int bits;
shared int dummy[THREADS];
shared void *shared owner;
shared int claimed[THREADS];

int main(void) {
	int i;
	int64_t one = 1, three = 3, fetched;
	upc_atomicdomain_t *d = upc_all_atomicdomain_alloc(UPC_INT64, UPC_ADD | UPC_INC | UPC_DEC | UPC_GET | UPC_CSWAP, UPC_ATOMIC_HINT_DEFAULT);
	upc_atomicdomain_t *fd = upc_all_atomicdomain_alloc(UPC_DOUBLE, UPC_MIN | UPC_MAX | UPC_SET, 0);
	upc_atomicdomain_t *bd = upc_all_atomicdomain_alloc(UPC_UINT, UPC_OR | UPC_AND | UPC_XOR | UPC_GET, 0);
	upc_atomicdomain_t *pd = upc_all_atomicdomain_alloc(UPC_PTS, UPC_CSWAP | UPC_GET, 0);

	if (MYTHREAD == 0) {
		double start = 100.0;
		upc_atomic_relaxed(fd, NULL, UPC_SET, &lo, &start, NULL);
		upc_atomic_relaxed(fd, NULL, UPC_SET, &hi, &start, NULL);
	}
	upc_barrier;
	for (i = 0; i < ROUNDS; i++) {
		int64_t old, new;
		double mine = MYTHREAD * 1000.0 + i;
		upc_atomic_relaxed(d, NULL, UPC_ADD, &counter, &three, NULL);
		upc_atomic_strict(d, NULL, UPC_INC, &counter, NULL, NULL);
		upc_atomic_relaxed(d, &fetched, UPC_DEC, &counter, NULL, NULL);
		do {
			upc_atomic_relaxed(d, &old, UPC_GET, &cas_counter, NULL, NULL);
			new = old + 1;
			upc_atomic_relaxed(d, &fetched, UPC_CSWAP, &cas_counter, &old, &new);
		} while (fetched != old);
		upc_atomic_relaxed(fd, NULL, UPC_MIN, &lo, &mine, NULL);
		upc_atomic_relaxed(fd, NULL, UPC_MAX, &hi, &mine, NULL);
	}
	{
		unsigned int bit = 1u << (MYTHREAD % 32), all = ~0u;
		upc_atomic_relaxed(bd, NULL, UPC_OR, &bits, &bit, NULL);
		upc_atomic_relaxed(bd, NULL, UPC_XOR, &bits, &all, NULL);
		upc_atomic_relaxed(bd, NULL, UPC_XOR, &bits, &all, NULL);
	}
	{
		shared void *none = NULL, *me = &dummy[MYTHREAD], *was;
		upc_atomic_strict(pd, &was, UPC_CSWAP, &owner, &none, &me);
		claimed[MYTHREAD] = was == NULL;
	}
	upc_barrier;
	if (MYTHREAD == 0) {
		int claims = 0;
		shared void *got;
		for (i = 0; i < THREADS; i++)
			claims += claimed[i];
		upc_atomic_relaxed(pd, &got, UPC_GET, &owner, NULL, NULL);
		printf("counter: %s\n", counter == 3 * ROUNDS * THREADS ? "3 * ROUNDS * THREADS" : "WRONG");
		printf("cswap counter: %s\n", cas_counter == ROUNDS * THREADS ? "ROUNDS * THREADS" : "WRONG");
		printf("min %.1f, max is the last thread's last: %s\n", lo, hi == (THREADS - 1) * 1000.0 + ROUNDS - 1 ? "yes" : "no");
		printf("bits: %s\n", bits == (THREADS >= 32 ? ~0u : (1u << THREADS) - 1) ? "one per thread" : "WRONG");
		printf("pointer claimed by %d thread, which owns it: %s\n", claims, claimed[upc_threadof(got)] ? "yes" : "no");
		printf("isfast: int64 %d, double min %d, pts %d\n", upc_atomic_isfast(UPC_INT64, UPC_ADD | UPC_CSWAP, &counter),
			upc_atomic_isfast(UPC_DOUBLE, UPC_MIN, &lo), upc_atomic_isfast(UPC_PTS, UPC_CSWAP, &owner));
	}
	upc_barrier;

	/* Berkeley UPC: the same counter, no domain. */
	bupc_atomicI64_fetchadd_relaxed(&counter, -3);
	upc_barrier;
	if (MYTHREAD == 0) {
		long was = bupc_atomicL_swap_strict(&counter, 7);
		printf("after bupc fetchadd: %s\n", was == 3 * ROUNDS * THREADS - 3 * THREADS ? "3 * (ROUNDS - 1) * THREADS" : "WRONG");
		long first = bupc_atomicL_cswap_relaxed(&counter, 7, 8);
		long second = bupc_atomicL_cswap_relaxed(&counter, 7, 9);
		printf("cswap 7 -> 8 returns %ld, cswap 7 -> 9 returns %ld, read %ld\n", first, second,
			bupc_atomicL_read_relaxed(&counter));
		bupc_atomicUI_set_strict(&bits, 0xF0u);
		unsigned int before = bupc_atomicUI_fetchnot_relaxed(&bits);
		printf("fetchnot returns %#x, then %#x\n", before, bupc_atomicUI_read_strict(&bits));
	}
	upc_barrier;
	upc_all_atomicdomain_free(d);
	upc_all_atomicdomain_free(fd);
	upc_all_atomicdomain_free(bd);
	upc_all_atomicdomain_free(pd);
	return 0;
}
