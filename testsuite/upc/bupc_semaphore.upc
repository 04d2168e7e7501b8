// threads: 1 2 3 4
/* Berkeley UPC's semaphores and signalling puts: every thread allocates
   a semaphore and an inbox with its own affinity, publishes them, then
   runs a ring: it sends each round's block to its right neighbour with
   bupc_memput_signal and waits on its own semaphore for its left
   neighbour's block before reading it, so no barrier orders the data.
   Then counts (postN, tryN, waitN), a boolean semaphore, and try on an
   empty one. */
#include <stdio.h>
#include <upc.h>

#define N 8
#define ROUNDS 5

bupc_sem_t *shared sems[THREADS];
shared [N] int inbox[THREADS][N];
shared int bad;

int main(void) {
	int me = MYTHREAD, right = (MYTHREAD + 1) % THREADS, left = (MYTHREAD + THREADS - 1) % THREADS;
	bupc_sem_t *mine = bupc_sem_alloc(BUPC_SEM_INTEGER | BUPC_SEM_SPRODUCER | BUPC_SEM_SCONSUMER);
	if (upc_threadof(mine) != MYTHREAD)
		bad = 1;
	sems[me] = mine;
	upc_barrier;

	int sum = 0;
	for (int r = 0; r < ROUNDS; r++) {
		int block[N];
		for (int i = 0; i < N; i++)
			block[i] = 1000 * r + 10 * me + i;
		bupc_memput_signal(&inbox[right][0], block, sizeof block, sems[right], 1);
		bupc_sem_wait(mine);
		for (int i = 0; i < N; i++) {
			int v = inbox[me][i];
			if (v != 1000 * r + 10 * left + i)
				bad = 1;
			sum += v;
		}
		/* The left neighbour may write the next round only after this
		   thread has read this one. */
		upc_barrier;
	}

	/* Counts on one semaphore. */
	bupc_sem_postN(mine, 3);
	int t1 = bupc_sem_tryN(mine, 4);
	int t2 = bupc_sem_tryN(mine, 2);
	bupc_sem_post(mine);
	bupc_sem_waitN(mine, 2);
	int t3 = bupc_sem_try(mine);

	/* A boolean semaphore posted twice holds 1. */
	bupc_sem_t *flag = bupc_sem_alloc(BUPC_SEM_BOOLEAN);
	bupc_sem_post(flag);
	bupc_sem_post(flag);
	int b1 = bupc_sem_try(flag), b2 = bupc_sem_try(flag);
	bupc_sem_free(flag);

	upc_barrier;
	bupc_sem_free(mine);
	for (int t = 0; t < THREADS; t++) {
		if (t == me)
			printf("thread %d: sum %d, try4 %d try2 %d then %d, boolean %d %d\n", me, sum, t1, t2, t3, b1, b2);
		upc_barrier;
	}
	if (me == 0)
		printf("%s\n", bad ? "FAILED" : "ok");
	return 0;
}
