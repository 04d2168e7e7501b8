/* Strict and relaxed accesses (UPC 1.3 5.1.2.3, 6.5.1.1): a token passed
   around a ring of threads with no barrier, using a strict flag per
   thread. Each thread waits until its flag (strict) says it holds the
   token, reads the relaxed payload written by the previous holder, adds
   to it, writes it, and then sets the next thread's strict flag. Because
   strict accesses are ordered with the relaxed ones around them, the
   payload written before the flag is seen by the next holder. Uses the
   strict qualifier on a declaration and relaxed data; 10 laps. */
#include <stdio.h>
#include <upc_relaxed.h>

#define LAPS 10

strict shared int flag[THREADS];
relaxed shared [] long payload[4];
shared long trail[THREADS];

int main(void) {
	int lap, next = (MYTHREAD + 1) % THREADS;
	long seen = 0;
	for (lap = 0; lap < LAPS; lap++) {
		if (MYTHREAD == 0 && lap == 0) {
			payload[0] = 0;
		} else {
			while (flag[MYTHREAD] != lap + (MYTHREAD == 0 ? 0 : 1))
				;
		}
		seen = payload[0];
		payload[0] = seen + MYTHREAD + 1;
		payload[1 + lap % 3] = lap;
		flag[next] = lap + 1;
	}
	trail[MYTHREAD] = seen;
	upc_barrier;
	if (MYTHREAD == 0) {
		long per_lap = (long)THREADS * (THREADS + 1) / 2;
		printf("payload %s\n", payload[0] == LAPS * per_lap ? "ok" : "WRONG");
		int bad = 0;
		for (int t = 0; t < THREADS; t++)
			if (trail[t] != (LAPS - 1) * per_lap + (long)t * (t + 1) / 2)
				printf("thread %d last saw %ld\n", t, trail[t]), bad++;
		printf("%d bad\n", bad);
	}
	return 0;
}
