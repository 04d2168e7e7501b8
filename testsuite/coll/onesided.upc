/* The one-sided collectives: the last thread alone calls each one while
   the others wait at a barrier; the data is complete for the caller when
   the call returns (it checks at once) and for everyone after the next
   barrier. Also in place (src == dst), the _async forms with upc_sync,
   and the _subset forms over the even threads. */
#include <stdio.h>
#include <upc.h>
#include <upc_collective.h>
#include <upc_nb.h>

#define NB 4
#define VAL(t, i) ((char)(((t) * 5 + (i) * 3 + 2) & 0x7f))

shared [NB] char blocks[NB * THREADS];
shared [] char root[NB * THREADS];
shared long vals[THREADS];
shared long out[THREADS];
shared long result;
shared int bad[THREADS];

static void report(const char *what) {
	int t, sum = 0;
	upc_barrier;
	if (MYTHREAD == 0) {
		for (t = 0; t < THREADS; t++) {
			sum += bad[t];
			bad[t] = 0;
		}
		printf("%s: %s\n", what, sum ? "WRONG" : "ok");
	}
	upc_barrier;
}

int main(void) {
	int caller = THREADS - 1, i, t;
	int evens[THREADS];
	int neven = 0;
	for (t = 0; t < THREADS; t += 2)
		evens[neven++] = t;

	/* Broadcast thread 0's root[0..NB) to every block. */
	if (MYTHREAD == 0)
		for (i = 0; i < NB * THREADS; i++)
			root[i] = VAL(i / NB, i % NB);
	upc_barrier;
	if (MYTHREAD == caller) {
		upc_broadcast(blocks, root, NB);
		for (t = 0; t < THREADS; t++)
			for (i = 0; i < NB; i++)
				if (blocks[NB * t + i] != VAL(0, i))
					bad[MYTHREAD]++;
	}
	upc_barrier;
	for (i = 0; i < NB; i++)
		if (blocks[NB * MYTHREAD + i] != VAL(0, i))
			bad[MYTHREAD]++;
	report("upc_broadcast");

	/* Scatter root: block t to thread t, asynchronously. */
	if (MYTHREAD == caller) {
		upc_handle_t h = upc_scatter_async(blocks, root, NB);
		upc_sync(h);
	}
	upc_barrier;
	for (i = 0; i < NB; i++)
		if (blocks[NB * MYTHREAD + i] != VAL(MYTHREAD, i))
			bad[MYTHREAD]++;
	report("upc_scatter_async");

	/* Gather the blocks back into a cleared root, then in place: blocks
	   are broadcast from thread 0's own block. */
	if (MYTHREAD == 0)
		for (i = 0; i < NB * THREADS; i++)
			root[i] = 0;
	upc_barrier;
	if (MYTHREAD == caller)
		upc_gather(root, blocks, NB);
	upc_barrier;
	if (MYTHREAD == 0)
		for (i = 0; i < NB * THREADS; i++)
			if (root[i] != VAL(i / NB, i % NB))
				bad[MYTHREAD]++;
	report("upc_gather");
	if (MYTHREAD == caller)
		upc_broadcast(blocks, blocks, NB);
	upc_barrier;
	for (i = 0; i < NB; i++)
		if (blocks[NB * MYTHREAD + i] != VAL(0, i))
			bad[MYTHREAD]++;
	report("upc_broadcast in place");

	/* Subsets: scatter to the even threads only; the odd keep thread 0's
	   block from the broadcast. */
	if (MYTHREAD == caller)
		upc_scatter_subset(blocks, root, NB, evens, neven);
	upc_barrier;
	for (i = 0; i < NB; i++)
		if (blocks[NB * MYTHREAD + i] != VAL(MYTHREAD % 2 ? 0 : MYTHREAD, i))
			bad[MYTHREAD]++;
	report("upc_scatter_subset");

	/* Computations over vals[t] = t + 1. */
	vals[MYTHREAD] = MYTHREAD + 1;
	upc_barrier;
	if (MYTHREAD == caller) {
		upc_reduce(&result, vals, UPC_LONG, UPC_ADD);
		if (result != (long)THREADS * (THREADS + 1) / 2)
			bad[MYTHREAD]++;
		upc_prefix_reduce(out, vals, UPC_LONG, UPC_ADD);
	}
	upc_barrier;
	if (out[MYTHREAD] != (long)(MYTHREAD + 1) * (MYTHREAD + 2) / 2)
		bad[MYTHREAD]++;
	report("upc_reduce and upc_prefix_reduce");
	if (MYTHREAD == caller)
		upc_sync(upc_xprefix_reduce_async(out, vals, UPC_LONG, UPC_MAX));
	upc_barrier;
	if (MYTHREAD == 0)
		printf("exclusive max at thread 0: %ld (LONG_MIN: %s)\n", out[0], out[0] < -9000000000000000000L ? "yes" : "no");
	if (MYTHREAD > 0 && out[MYTHREAD] != MYTHREAD)
		bad[MYTHREAD]++;
	report("upc_xprefix_reduce_async");
	/* Over the even threads, in place: a running product of t + 1. */
	if (MYTHREAD == caller)
		upc_prefix_reduce_subset(vals, vals, UPC_LONG, UPC_MULT, evens, neven);
	upc_barrier;
	{
		long want = 1;
		for (t = 0; t <= MYTHREAD; t += 2)
			want *= t + 1;
		if (vals[MYTHREAD] != (MYTHREAD % 2 ? MYTHREAD + 1 : want))
			bad[MYTHREAD]++;
	}
	report("upc_prefix_reduce_subset in place");
	if (MYTHREAD == 0)
		printf("running product at thread 0: %ld\n", vals[0]);
	return 0;
}
