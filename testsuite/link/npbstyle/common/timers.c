/* Wall-clock timers, one set per UPC thread (private globals). */
#include <sys/time.h>
#include "npbish.h"

#define NTIMERS 8
static double start[NTIMERS];
double elapsed[NTIMERS];

static double wtime(void) {
	struct timeval tv;
	gettimeofday(&tv, 0);
	return tv.tv_sec + tv.tv_usec * 1e-6;
}

void timer_clear(int n) { elapsed[n] = 0.0; }
void timer_start(int n) { start[n] = wtime(); }
void timer_stop(int n) { elapsed[n] += wtime() - start[n]; }
double timer_read(int n) { return elapsed[n]; }
