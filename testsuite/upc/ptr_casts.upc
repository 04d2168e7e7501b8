/* Conversions between pointer-to-shared types keep pointing at the same
   object (same thread, same local address); only the phase may change
   (UPC 1.3 6.4.3, 7.2.3): to shared void * and back to the original type
   (giving back an equal pointer), to an indefinite-block pointer (phase
   0, and [1] is the next element in that thread's memory: a[4] and a[5]
   share a block), to a cyclic pointer, and upc_resetphase (identical but
   for a zero phase: same upc_addrfield). */
#include <stdio.h>
#include <upc.h>

shared [3] int a[12 * THREADS];

int main(void) {
	int k, bad = 0;
	for (k = 0; k < 12 * THREADS; k++)
		if (upc_threadof(&a[k]) == MYTHREAD)
			a[k] = k;
	upc_barrier;
	if (MYTHREAD != 0)
		return 0;
	shared [3] int *orig = &a[4];
	shared void *vp = orig;
	shared [3] int *back = (shared [3] int *)vp;
	if (back != orig || *back != 4 || upc_phaseof(vp) != 1 || upc_threadof(vp) != upc_threadof(orig))
		printf("void round trip: %d phase %d\n", *back, (int)upc_phaseof(back)), bad++;
	shared [] int *ind = (shared [] int *)orig;
	if (upc_phaseof(ind) != 0 || upc_threadof(ind) != upc_threadof(orig) || ind[0] != 4 || ind[1] != 5)
		printf("indefinite: %d %d\n", ind[0], ind[1]), bad++;
	shared int *cyc = (shared int *)orig;
	if (upc_phaseof(cyc) != 0 || *cyc != 4)
		printf("cyclic: %d\n", *cyc), bad++;
	shared [3] int *r = upc_resetphase(orig);
	if (*r != 4 || upc_phaseof(r) != 0 || upc_threadof(r) != upc_threadof(orig) || upc_addrfield(r) != upc_addrfield(orig))
		printf("resetphase: %d\n", *r), bad++;
	printf("%d bad\n", bad);
	return 0;
}
