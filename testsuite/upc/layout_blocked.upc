/* Blocked layouts shared [B]: element i lives on thread (i / B) % THREADS
   with phase i % B. Three arrays: blocks of 3 ints over 6*THREADS
   elements (two blocks per thread), one block of 5 longs per thread, and
   blocks of 2 structs. Each thread fills what it owns; thread 0 checks
   owner, phase and value of every element and prints the layout of the
   first 12 ints as thread.phase. */
#include <stdio.h>
#include <upc.h>

struct pt {
	int x;
	double y;
};

shared [3] int a[6 * THREADS];
shared [5] long b[5 * THREADS];
shared [2] struct pt s[4 * THREADS];

static void check(void);

int main(void) {
	int i;
	for (i = 0; i < 6 * THREADS; i++)
		if (upc_threadof(&a[i]) == MYTHREAD)
			a[i] = i * 10 + MYTHREAD;
	for (i = 0; i < 5 * THREADS; i++)
		if (upc_threadof(&b[i]) == MYTHREAD)
			b[i] = -(long)i;
	for (i = 0; i < 4 * THREADS; i++)
		if (upc_threadof(&s[i]) == MYTHREAD) {
			s[i].x = i;
			s[i].y = i + 0.5;
		}
	upc_barrier;
	if (MYTHREAD == 0)
		check();
	/* Everyone leaves together (early returns: runtime/barrier_exit_race.upc). */
	upc_barrier;
	return 0;
}

static void check(void) {
	int i, bad = 0;
	for (i = 0; i < 6 * THREADS; i++) {
		int owner = (i / 3) % THREADS;
		if ((int)upc_threadof(&a[i]) != owner || (int)upc_phaseof(&a[i]) != i % 3 || a[i] != i * 10 + owner) {
			printf("a[%d] thread %d phase %d value %d\n", i, (int)upc_threadof(&a[i]), (int)upc_phaseof(&a[i]), a[i]);
			bad++;
		}
	}
	for (i = 0; i < 5 * THREADS; i++)
		if ((int)upc_threadof(&b[i]) != i / 5 || (int)upc_phaseof(&b[i]) != i % 5 || b[i] != -i) {
			printf("b[%d] thread %d phase %d\n", i, (int)upc_threadof(&b[i]), (int)upc_phaseof(&b[i]));
			bad++;
		}
	for (i = 0; i < 4 * THREADS; i++)
		if ((int)upc_threadof(&s[i]) != (i / 2) % THREADS || (int)upc_phaseof(&s[i]) != i % 2 ||
		    s[i].x != i || s[i].y != i + 0.5) {
			printf("s[%d] thread %d phase %d\n", i, (int)upc_threadof(&s[i]), (int)upc_phaseof(&s[i]));
			bad++;
		}
	printf("a:");
	for (i = 0; i < 12 && i < 6 * THREADS; i++)
		printf(" %d.%d", (int)upc_threadof(&a[i]), (int)upc_phaseof(&a[i]));
	printf("\n%d bad\n", bad);
}
