// threads: 1 2 3 4
// gcc: yes
/* A program of three units (main.upc, util.upc, helper.c) linked as a C
   linker would: a shared array defined here and filled by util.upc, a
   shared struct defined there, private globals (one copy per thread)
   defined in one unit and used in another, a tentative definition in
   every unit (one object), static functions and variables of the same
   name in two units (each unit its own), a static function reached from
   another unit through a function pointer, and static locals. */
#include <stdio.h>
#include "common.h"

shared int grid[N*THREADS];
static int hidden = 1;                     /* util.upc has its own */
static int twice(int x) { return 2 * x; }  /* so does helper.c */

int main(void) {
	int i, total = 0;
	extern int late;                       /* defined in util.upc */
	fill(MYTHREAD);
	upc_barrier;
	for (i = 0; i < THREADS; i++)
		total += sum_row(i);
	tentative = MYTHREAD + 1;              /* the same object as util.upc's */
	upc_barrier;
	if (MYTHREAD == THREADS - 1) {
		last.a = total;
		last.b = total / 2.0;
	}
	upc_barrier;
	if (MYTHREAD == 0) {
		printf("%s THREADS=%d\n", greeting, THREADS);
		printf("total=%d last={%d, %.1f}\n", total, last.a, last.b);
		printf("hidden=%d twice=%d\n", hidden, twice(3));
		printf("square=%d negate=%d\n", apply(pick(0), 5), apply(pick(1), 5));
		printf("table=%d,%d,%d late=%d\n", table[0], table[1], table[2], late);
		bump();
		printf("bump=%d\n", bump());
	}
	/* calls and tentative are per thread: each thread sees its own. */
	if (calls != THREADS + 1 || tentative != MYTHREAD + 1)
		printf("thread %d: calls=%d tentative=%d\n", MYTHREAD, calls, tentative);
	return 0;
}
