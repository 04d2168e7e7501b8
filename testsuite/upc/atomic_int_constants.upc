// threads: 1 2 3 4
/* Berkeley UPC's 32-bit atomics with int constant operands: the operand
   is an untyped constant in Go, and the generated call must name its Go
   type (int32), not let Go infer int (issue 12's audit of generic runtime
   calls; the build failed). A counter every thread adds to, then a
   compare-and-swap and a swap by thread 0, and an unsigned one. */
#include <stdio.h>
#include <upc.h>
#include <upc_atomic.h>

shared int counter;
shared unsigned int flags;

int main(void) {
	if (MYTHREAD == 0) {
		bupc_atomicI_set_strict(&counter, 5);
		bupc_atomicUI_set_strict(&flags, 0);
	}
	upc_barrier;
	bupc_atomicI_fetchadd_relaxed(&counter, 2);
	bupc_atomicI32_fetchadd_relaxed(&counter, -1);
	bupc_atomicUI_fetchor_relaxed(&flags, 1u << (MYTHREAD % 4));
	upc_barrier;
	if (MYTHREAD == 0) {
		int now = bupc_atomicI_read_strict(&counter);
		printf("%d\n", now - THREADS);
		printf("%d\n", bupc_atomicI_cswap_strict(&counter, now, -7) == now);
		printf("%d\n", bupc_atomicI_swap_strict(&counter, 'c'));
		printf("%d\n", bupc_atomicI_read_relaxed(&counter));
		printf("%u\n", bupc_atomicUI_fetchxor_strict(&flags, 1) & 1);
	}
	return 0;
}
