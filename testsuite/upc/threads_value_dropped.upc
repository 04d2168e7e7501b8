// threads: 1 3
/* THREADS and MYTHREAD as operands whose values the program drops (the
   left operand of a comma, a condition folded to a constant, a cast to
   void): the function needs no copy of them, and Go refuses a copy it
   never reads. Found by FuzzTranslate. */
#include <stdio.h>
#include <upc.h>

static int dropped(void)
{
	if (MYTHREAD, 0)
		return 1;
	(void)THREADS;
	return (THREADS, MYTHREAD, 2);
}

int main(void)
{
	int r = dropped();
	upc_barrier;
	if (MYTHREAD == 0)
		printf("%d\n", r);
	return 0;
}
