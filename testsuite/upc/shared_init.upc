/* Initialisers of shared objects: shared scalars, an indefinite-block
   shared array and a cyclic shared array with a partial initialiser (the
   rest is zero) get their values before main starts on any thread (the
   initialisation happens once, not per thread), and a static shared
   local too. Every thread checks; thread 0 reports. (A shared struct's
   initialiser: shared_struct_init.upc.) */
#include <stdio.h>
#include <upc.h>

shared int answer = 42;
shared double pi = 3.25;
shared [] int table[5] = {10, 20, 30};
shared int cyc[2 * THREADS] = {1, 2};
shared int bad[THREADS];

static int counter(void) {
	static shared int calls = 100;
	return calls;
}

int main(void) {
	int errs = 0;
	if (answer != 42 || pi != 3.25)
		errs++;
	if (table[0] != 10 || table[2] != 30 || table[3] != 0 || table[4] != 0)
		errs++;
	if (cyc[0] != 1 || cyc[1] != 2 || cyc[2 * THREADS - 1] != (THREADS == 1 ? 2 : 0))
		errs++;
	if (counter() != 100)
		errs++;
	bad[MYTHREAD] = errs;
	upc_barrier;
	if (MYTHREAD == 0) {
		int total = 0;
		for (int t = 0; t < THREADS; t++)
			total += bad[t];
		printf("%d bad\n", total);
	}
	return 0;
}
