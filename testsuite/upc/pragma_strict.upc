/* #pragma upc strict makes the unqualified shared accesses that follow
   strict, and #pragma upc relaxed switches back (UPC 1.3 6.7.1). Thread 0
   produces 5 values for every other thread in turn through a mailbox
   (data then flag, both plain shared ints written under the strict
   pragma); each consumer spins on its flag under the pragma, then reads
   the data and acknowledges. */
#include <stdio.h>
#include <upc.h>

#define ROUNDS 5

shared int mailbox[THREADS];
shared int flag[THREADS];
shared int acked[THREADS];
shared long got[THREADS];

#pragma upc strict

static void produce(int to, int value, int round) {
	mailbox[to] = value;
	flag[to] = round;
}

static void wait_for(int round) {
	while (flag[MYTHREAD] != round)
		;
}

static void ack(int round) { acked[MYTHREAD] = round; }

static void wait_ack(int to, int round) {
	while (acked[to] != round)
		;
}

#pragma upc relaxed

int main(void) {
	long sum = 0;
	for (int r = 1; r <= ROUNDS; r++) {
		if (MYTHREAD == 0) {
			for (int t = 1; t < THREADS; t++) {
				produce(t, 100 * r + t, r);
				wait_ack(t, r);
			}
		} else {
			wait_for(r);
			sum += mailbox[MYTHREAD];
			ack(r);
		}
	}
	got[MYTHREAD] = sum;
	upc_barrier;
	if (MYTHREAD == 0) {
		int bad = 0;
		for (int t = 1; t < THREADS; t++)
			if (got[t] != 100 * ROUNDS * (ROUNDS + 1) / 2 + ROUNDS * t)
				printf("thread %d got %ld\n", t, got[t]), bad++;
		printf("%d bad\n", bad);
	}
	return 0;
}
