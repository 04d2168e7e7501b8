/* == and != between pointers-to-shared compare the thread and the
   address, never the phase (UPC 1.3 6.4.2): a pointer that went through a
   cast to another block size and back has phase 0 and still equals the
   original, as upc_resetphase's result does. A cast to a referenced type
   of another size resets the phase even with the same block size
   (6.4.3), and shared void * keeps it, so a round trip through it gives
   back the same pointer. */
#include <stdio.h>
#include <upc.h>

shared [4] int a[4 * THREADS];

int main(void) {
	if (MYTHREAD != 0)
		return 0;
	shared [4] int *p = &a[1];
	shared [4] int *q = (shared [4] int *)(shared [2] int *)p;
	shared [4] int *r = upc_resetphase(p);
	shared [4] char *c = (shared [4] char *)p;
	shared void *v = p;
	printf("phases %d %d %d %d %d\n", (int)upc_phaseof(p), (int)upc_phaseof(q),
	       (int)upc_phaseof(r), (int)upc_phaseof(c), (int)upc_phaseof(v));
	printf("p == q %d, p != q %d, p == r %d, q == r %d\n", p == q, p != q, p == r, q == r);
	printf("p == p + 1 %d, p != p + 1 %d\n", p == p + 1, p != p + 1);
	printf("round trip %d %d\n", (shared [4] int *)v == p, (int)upc_phaseof((shared [4] int *)v));
	return 0;
}
