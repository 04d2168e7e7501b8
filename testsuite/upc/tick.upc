/* upc_tick.h: upc_ticks_now() never goes backwards on a thread, the
   conversion to nanoseconds is monotonic, and a busy loop of known work
   takes a positive, plausible (under a minute) time. The values
   themselves are not printed: they are not deterministic. */
#include <stdio.h>
#include <upc.h>
#include <upc_tick.h>

shared int bad[THREADS];

int main(void) {
	int errs = 0;
	upc_tick_t start = upc_ticks_now(), prev = start;
	volatile double x = 0;
	for (int i = 0; i < 100000; i++) {
		x += i * 0.5;
		if (i % 1000 == 0) {
			upc_tick_t now = upc_ticks_now();
			if (now < prev)
				errs++;
			prev = now;
		}
	}
	uint64_t ns = upc_ticks_to_ns(upc_ticks_now() - start);
	if (ns == 0 || ns > 60000000000ULL)
		errs++;
	if (upc_ticks_to_ns(1000) > upc_ticks_to_ns(2000))
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
