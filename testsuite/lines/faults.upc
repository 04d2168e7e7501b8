/* Faults for TestFaultLines (faultlines_test.go): the first argument
   picks a case, which divides by zero on the line marked FAULT with that
   case's name; the message must name that line, and so must the binary's
   line table, which must name no line without code (this comment, the
   macro's replacement list, a blank line). */
#include <stdio.h>
#include <string.h>
#include <upc.h>

#define N 64
#define RATIO(p, q) \
	((p) / (q))

shared int a[N*THREADS];
shared [N] int blocked[N*THREADS];
shared int zero;

/* Falls off its end, which returns at the closing brace's line. */
void fill(void)
{
	for (int i = MYTHREAD; i < N*THREADS; i += THREADS)
		a[i] = i;

	/* (where a return counted on from the loop's line would land) */
}

int main(int argc, char **argv) {
	int d = zero, x = 3, y = 0, s = 0;
	const char *c = argc > 1 ? argv[1] : "";
	fill();
	upc_barrier;
	if (strcmp(c, "aggregated") == 0 && MYTHREAD == 0) {
		/* An aggregated read: the loop's shared reads are gathered
		   first, then its body runs on the buffer. */
		for (int i = 0; i < N*THREADS; i++) {
			int v = a[i];
			s += v / d; /* FAULT aggregated */
		}
	} else if (strcmp(c, "forall") == 0) {
		upc_forall (int i = 0; i < N*THREADS; i++; &a[i]) {
			x += a[i];
			y += x / d; /* FAULT forall */
		}
	} else if (strcmp(c, "forall_blocks") == 0) {
		/* Walked block by block by the loop pass. */
		upc_forall (int i = 0; i < N*THREADS; i++; &blocked[i]) {
			x += blocked[i];
			y += x / d; /* FAULT forall_blocks */
		}
	} else if (strcmp(c, "if") == 0) {
		if (MYTHREAD == 0) y = x / d; /* FAULT if */
	} else if (strcmp(c, "macro") == 0) {
		y = RATIO(x, d); /* FAULT macro */
	} else if (strcmp(c, "multiline") == 0) {
		y = x +
		    x * (x - 1) +
		    x / d; /* FAULT multiline */
	}
	printf("%d %d %d\n", s, x, y);
	return 0;
}
