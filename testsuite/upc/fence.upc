/* upc_fence (UPC 1.3 6.6.3) orders relaxed accesses: a producer writes a
   relaxed array, executes upc_fence, then sets a relaxed flag; the
   consumer spins on the flag, executes upc_fence, then reads the array
   and must see every element. With upc_strict.h included the default for
   unqualified shared objects would be strict, so the data and flag here
   are explicitly relaxed. Thread pairs (0,1), (2,3), ... exchange; an odd
   last thread talks to itself. */
#include <stdio.h>
#include <upc_strict.h>

#define N 64

relaxed shared [N] int data[THREADS][N];
relaxed shared int ready[THREADS];
shared int bad_count[THREADS];

int main(void) {
	int i, bad = 0;
	int partner = MYTHREAD ^ 1;
	if (partner >= THREADS)
		partner = MYTHREAD;
	for (i = 0; i < N; i++)
		data[MYTHREAD][i] = MYTHREAD * 1000 + i;
	upc_fence;
	ready[MYTHREAD] = 1;
	while (ready[partner] == 0)
		upc_fence;
	upc_fence;
	for (i = 0; i < N; i++)
		if (data[partner][i] != partner * 1000 + i)
			bad++;
	bad_count[MYTHREAD] = bad;
	upc_barrier;
	if (MYTHREAD == 0) {
		int total = 0;
		for (i = 0; i < THREADS; i++)
			total += bad_count[i];
		printf("%d bad\n", total);
	}
	return 0;
}
