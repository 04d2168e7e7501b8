/* upc_forall with integer affinity (UPC 1.3 6.6.2): iteration i runs on
   thread i % THREADS (for i >= 0). Every iteration runs exactly once
   across the job (counted in a shared array indexed by iteration, each
   written by one thread only); `continue` skips the rest of an
   iteration on its thread; an affinity expression other than the loop
   variable (i / 2: pairs of iterations per thread); the keyword
   `continue` as affinity and an omitted affinity (every thread runs every
   iteration); a nested upc_forall, whose affinity is ignored (the outer
   one's thread runs all inner iterations); and declarations in the
   first clause. */
#include <stdio.h>
#include <upc.h>

#define N (6 * THREADS)

shared int runner[N];
shared int pair_runner[N];
shared int everyone[THREADS];
shared int omitted[THREADS];
shared int inner_runs[THREADS];
shared int skipped[THREADS];

int main(void) {
	int i, j, bad = 0;
	upc_forall (i = 0; i < N; i++; i)
		runner[i] = MYTHREAD;
	upc_forall (i = 0; i < N; i++; i / 2)
		pair_runner[i] = MYTHREAD;
	upc_forall (int k = 0; k < 3; k++; continue)
		everyone[MYTHREAD] += 1;
	upc_forall (i = 0; i < 5; i++;)
		omitted[MYTHREAD] += 1;
	upc_forall (i = 0; i < N; i++; i) {
		if (i % 3 == 0)
			continue;
		skipped[MYTHREAD] += 1;
	}
	upc_forall (i = 0; i < THREADS; i++; i)
		upc_forall (j = 0; j < 4; j++; j)
			inner_runs[MYTHREAD] += 1;
	upc_barrier;
	if (MYTHREAD != 0)
		return 0;
	for (i = 0; i < N; i++) {
		if (runner[i] != i % THREADS)
			printf("iteration %d ran on %d\n", i, runner[i]), bad++;
		if (pair_runner[i] != (i / 2) % THREADS)
			printf("pair iteration %d ran on %d\n", i, pair_runner[i]), bad++;
	}
	int skip_total = 0;
	for (i = 0; i < THREADS; i++) {
		skip_total += skipped[i];
		if (everyone[i] != 3 || omitted[i] != 5 || inner_runs[i] != 4)
			printf("thread %d: %d %d %d\n", i, everyone[i], omitted[i], inner_runs[i]), bad++;
	}
	printf("not skipped: %d per thread\n", skip_total / THREADS);
	printf("%d bad\n", bad);
	return 0;
}
