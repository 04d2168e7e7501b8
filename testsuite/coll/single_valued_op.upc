// threads: 2 3 4 8
// exit: 1
// stderr: "upc_all_reduceI: thread \d+ passed op UPC_(MAX|ADD) where thread \d+ passed UPC_(ADD|MAX) \(a collective's arguments must be the same on every thread\)"
// stderr: "single_valued_op\.upc:2[24]"
/* A collective's arguments are single-valued (UPC 1.3 7.4 4): thread 0
   reducing with UPC_MAX while the others add is reported, naming the
   function, the argument and the threads, instead of returning a sum of
   some partial maxima. */
#include <stdio.h>
#include <upc.h>
#include <upc_collective.h>

shared int src[THREADS];
shared int sum;

int main(void) {
	src[MYTHREAD] = MYTHREAD + 1;
	if (MYTHREAD == 0)
		printf("reducing\n");
	upc_barrier;
	if (MYTHREAD == 0)
		upc_all_reduceI(&sum, src, UPC_MAX, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
	else
		upc_all_reduceI(&sum, src, UPC_ADD, THREADS, 1, NULL, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
	printf("unreachable %d\n", sum);
	return 0;
}
