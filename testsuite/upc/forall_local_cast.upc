/* Inside upc_forall with pointer affinity &a[i], a[i] is local, so
   casting its address to a private pointer is valid (UPC 1.3 6.4.3):
   the usual way to get private-pointer speed on the owned elements, for
   cyclic, blocked and [*] arrays. */
#include <stdio.h>
#include <upc.h>

#define N (8 * THREADS)

shared int cyc[N];
shared [4] int blk[N];
shared [*] int star[N];

int main(void) {
	int i, bad = 0;
	upc_forall (i = 0; i < N; i++; &cyc[i])
		*(int *)&cyc[i] = MYTHREAD;
	upc_forall (i = 0; i < N; i++; &blk[i]) {
		int *lp = (int *)&blk[i];
		*lp = MYTHREAD;
	}
	upc_forall (i = 0; i < N; i++; &star[i])
		*(int *)&star[i] = MYTHREAD;
	upc_barrier;
	if (MYTHREAD != 0)
		return 0;
	for (i = 0; i < N; i++)
		if (cyc[i] != i % THREADS || blk[i] != (i / 4) % THREADS || star[i] != i / 8)
			printf("element %d: %d %d %d\n", i, cyc[i], blk[i], star[i]), bad++;
	printf("%d bad\n", bad);
	return 0;
}
