/* Shared data narrower than a word: every thread writes its own bytes,
   shorts and bits-of-a-struct in one thread-0 array at the same time,
   1000 times, with no synchronisation between them; neighbouring writes
   must never overwrite each other (no word tearing), also for strict
   char and short accesses. */
#include <stdio.h>
#include <upc.h>

#define MAXT 64

shared [] char bytes[MAXT];
shared [] short halves[MAXT];
strict shared [] char sbytes[MAXT];
strict shared [] unsigned short shalves[MAXT];

int main(void) {
	int i, r, bad = 0;
	if (THREADS > MAXT)
		return 1;
	for (r = 1; r <= 1000; r++) {
		bytes[MYTHREAD] = (char)(r + MYTHREAD);
		halves[MYTHREAD] = (short)(r * 3 + MYTHREAD);
		sbytes[MYTHREAD] = (char)(r - MYTHREAD);
		shalves[MYTHREAD] = (unsigned short)(r * 7 + MYTHREAD);
	}
	upc_barrier;
	if (MYTHREAD == 0) {
		for (i = 0; i < THREADS; i++) {
			if (bytes[i] != (char)(1000 + i) || halves[i] != (short)(3000 + i))
				printf("relaxed %d: %d %d\n", i, bytes[i], halves[i]), bad++;
			if (sbytes[i] != (char)(1000 - i) || shalves[i] != (unsigned short)(7000 + i))
				printf("strict %d: %d %d\n", i, sbytes[i], shalves[i]), bad++;
		}
		for (i = THREADS; i < MAXT; i++)
			if (bytes[i] || halves[i] || sbytes[i] || shalves[i])
				printf("untouched %d changed\n", i), bad++;
		printf("%d bad\n", bad);
	}
	return 0;
}
