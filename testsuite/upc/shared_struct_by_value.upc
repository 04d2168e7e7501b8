// threads: 1 2 3
/* A struct or union in shared memory used as a value: passed to a
   function (through *p, an element, the object itself), selected by ?:,
   the right operand of a comma, returned through a function. The callee
   gets a private copy: changing it leaves the shared object alone. Passing
   one by value did not compile (issue 12). */
#include <stdio.h>
#include <upc.h>

struct point {
	int x;
	double w;
};

union word {
	int i;
	unsigned char b[4];
};

shared struct point origin;
shared struct point pts[THREADS];
shared union word word;

static double weigh(struct point p) {
	p.x += 100; /* the caller's object must not change */
	return p.x * p.w;
}

static int low(union word w) { return w.b[0]; }

static struct point same(struct point p) { return p; }

int main(void) {
	shared struct point *p = &pts[THREADS - 1];
	struct point mine = {3, 0.5};
	int yes = 1;
	pts[MYTHREAD].x = MYTHREAD + 1;
	pts[MYTHREAD].w = 2.0;
	if (MYTHREAD == 0) {
		origin.x = 1;
		origin.w = 1.5;
		word.i = 0x0102;
	}
	upc_barrier;
	if (MYTHREAD == 0) {
		printf("%g %g %g\n", weigh(origin), weigh(*p) - 2.0 * THREADS, weigh(pts[0]));
		printf("%d %d\n", origin.x, p->x - THREADS);
		printf("%d\n", low(word));
		printf("%g %g\n", weigh(yes ? origin : mine), weigh(yes ? mine : pts[0]));
		printf("%d %d\n", (yes ? *p : mine).x - THREADS, (yes, origin).x);
		printf("%d\n", same(*p).x - THREADS);
		struct point copy = !yes ? mine : origin;
		printf("%d %g\n", copy.x, copy.w);
	}
	upc_barrier;
	return 0;
}
