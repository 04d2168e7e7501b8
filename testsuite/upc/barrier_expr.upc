/* The expression of upc_barrier, upc_notify and upc_wait is converted to
   int (UPC 1.3 §6.6.1, spec issue 64): a floating value is truncated, so
   upc_barrier 3.14 and upc_barrier 3 match; a private pointer converts
   with a warning. Threads that disagree after the conversion would fail
   with a barrier mismatch, so matching here shows the conversion. */
#include <stdio.h>
#include <upc.h>

int main(void) {
	double f = 7.9;
	if (MYTHREAD % 2)
		upc_barrier 3.14;
	else
		upc_barrier 3;
	upc_notify f;
	upc_wait 7;
	upc_barrier (int *)0; /* WARNING "upc_barrier expression converts a pointer to an integer" */
	if (MYTHREAD == 0)
		printf("barriers matched\n");
	return 0;
}
