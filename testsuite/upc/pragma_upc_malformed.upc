/* A malformed "#pragma upc" is ignored with a warning, as GNU UPC does
   (-Wpragmas): no parameter, an unknown one, tokens after the parameter,
   and a consistency pragma after the first item of a block, where UPC
   1.3 §6.6.1 does not allow it. Well-placed ones give no warning. */
#include <stdio.h>
#include <upc.h>

#pragma upc strict junk /* WARNING "junk at end of #pragma upc" */
#pragma upc /* WARNING "missing parameter after #pragma upc" */
#pragma upc sequential /* WARNING "unknown #pragma upc 'sequential'" */
#pragma upc relaxed

shared int x;

int main(void) {
#pragma upc strict
	int me = MYTHREAD;
#pragma upc relaxed /* WARNING "#pragma upc relaxed not allowed here" */
	if (me == 0) {
#pragma upc relaxed
		x = 41;
		x += 1;
	}
	upc_barrier;
	if (me == 0)
		printf("x = %d\n", x);
	return 0;
}
#pragma upc strict
