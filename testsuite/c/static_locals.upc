// gcc: yes
/* Static locals keep their value between calls and are initialised once
   (before the program starts, from a constant); each function's static is
   its own even with the same name; a static array and a static pointer to
   a static; a static in a recursive function is shared by every level.
   In UPC they are private: each thread has its own copies, so every
   thread counts the same way. The threads print in turns. */
#include <stdio.h>
#include <upc.h>

static int counter(void) {
	static int n = 10;
	return n++;
}

static int other(void) {
	static int n;
	n += 5;
	return n;
}

static const char *next_name(void) {
	static const char *names[] = {"ann", "bob", "cy"};
	static int i;
	return names[i++ % 3];
}

static int depth_calls(int d) {
	static int calls;
	calls++;
	if (d > 0)
		depth_calls(d - 1);
	return calls;
}

static int *remember(void) {
	static int box = 7;
	static int *p = &box;
	(*p)++;
	return p;
}

int main(void) {
	int t, a, b, c, o1, o2, d1, d2, r1, r2;
	const char *n1, *n2, *n3, *n4;
	/* Arguments are evaluated in an unspecified order: call one at a time. */
	a = counter();
	b = counter();
	c = counter();
	o1 = other();
	o2 = other();
	n1 = next_name();
	n2 = next_name();
	n3 = next_name();
	n4 = next_name();
	d1 = depth_calls(3);
	d2 = depth_calls(0);
	r1 = *remember();
	r2 = *remember();
	for (t = 0; t < THREADS; t++) {
		if (t == MYTHREAD)
			printf("thread %d: %d %d %d / %d %d / %s %s %s %s / %d %d / %d %d\n", t, a, b, c,
			       o1, o2, n1, n2, n3, n4, d1, d2, r1, r2);
		upc_barrier;
	}
	return 0;
}
