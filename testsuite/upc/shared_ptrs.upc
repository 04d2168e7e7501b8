// gcc: yes
/* Pointers-to-shared stored in shared memory: a shared pointer to shared
   (shared int *shared gp) set by thread 0 and followed by every thread;
   a ring of nodes, one allocated by each thread with upc_alloc, whose
   next fields (pointers-to-shared inside shared structs) link the
   threads in order; thread 0 walks the ring twice round, following
   pointers from thread to thread. */
#include <stdio.h>
#include <upc.h>

struct node {
	int value;
	shared struct node *next;
};

shared int a[4 * THREADS];
shared int *shared gp;
shared struct node *shared heads[THREADS];
shared int seen[THREADS];

int main(void) {
	int i;
	for (i = 0; i < 4 * THREADS; i++)
		if (upc_threadof(&a[i]) == MYTHREAD)
			a[i] = i * i;
	shared struct node *mine = (shared struct node *)upc_alloc(sizeof(struct node));
	mine->value = MYTHREAD + 1;
	heads[MYTHREAD] = mine;
	if (MYTHREAD == 0)
		gp = &a[4 * THREADS - 1];
	upc_barrier;
	mine->next = heads[(MYTHREAD + 1) % THREADS];
	seen[MYTHREAD] = *gp;
	upc_barrier;
	if (MYTHREAD == 0) {
		int bad = 0, n = 4 * THREADS - 1;
		for (i = 0; i < THREADS; i++)
			if (seen[i] != n * n)
				bad++;
		long sum = 0;
		int hops = 0, threads_ok = 1;
		shared struct node *p = heads[0];
		do {
			if ((int)upc_threadof(p) != hops % THREADS)
				threads_ok = 0;
			sum += p->value;
			p = p->next;
			hops++;
		} while (hops < 2 * THREADS);
		printf("gp ok=%d, ring sum %s, hops %d, threads in order %d, back at start %d\n", !bad,
		       sum == (long)THREADS * (THREADS + 1) ? "ok" : "WRONG", hops - 2 * THREADS, threads_ok, p == heads[0]);
	}
	upc_barrier;
	upc_free(mine);
	return 0;
}
