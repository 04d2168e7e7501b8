/* An NPB-style kernel: every thread sums its block of the generator's
   numbers, starting from the state skip_ahead gives (as NPB EP does); the
   partial sums meet in a shared array and thread 0 checks the total
   against the value setparams computed serially with the host's compiler. */
#include <upc.h>
#include <stdio.h>
#include <math.h>
#include "npbish.h"
#include "npbparams.h"

shared double partial[THREADS];
extern double elapsed[];   /* common/timers.c's, one per thread */

int main(void) {
	long lo = NUMBERS * MYTHREAD / THREADS, hi = NUMBERS * (MYTHREAD + 1) / THREADS, i;
	double x = skip_ahead(271828183.0, 1220703125.0, lo), s = 0, total = 0;
	timer_clear(0);
	timer_start(0);
	for (i = lo; i < hi; i++)
		s += randlc(&x, 1220703125.0);
	partial[MYTHREAD] = s;
	upc_barrier;
	timer_stop(0);
	if (MYTHREAD == 0) {
		for (i = 0; i < THREADS; i++)
			total += partial[i];
		print_results("SUM", CLASS, NUMBERS, THREADS, timer_read(0) + elapsed[1],
		              fabs(total - VERIFY_SUM) <= 1e-12 * VERIFY_SUM);
	}
	return 0;
}
