/* A store to a shared object writes exactly sizeof(its type) bytes,
   whatever the right-hand side: an integer constant, a character
   constant, sizeof, a wider expression, an increment of a _Bool. Each
   thread fills its own block from the top element down, so a store wider
   than its element would zero the neighbours already written above it;
   then thread 0 checks every element against what C says it holds. */
#include <stdio.h>
#include <upc.h>

#define B 8

shared [B] char c[B * THREADS];
shared [B] short s[B * THREADS];
shared [B] int i32[B * THREADS];
shared [B] float f[B * THREADS];
shared [B] _Bool b[B * THREADS];
shared int cyc[THREADS][16];

int main(void) {
	int k, t, bad = 0;
	long wide = 0x0102030405060708L;
	for (k = B - 1; k >= 0; k--) {
		int e = MYTHREAD * B + k;
		c[e] = 'a';
		s[e] = 7;
		i32[e] = sizeof(double);
		f[e] = 1;
		b[e] = 0;
		b[e]++;
		if (k == 0) {
			c[e] = wide;   /* converted to char: 0x08 */
			s[e] = wide;   /* 0x0708 */
			i32[e] = wide; /* 0x05060708 */
		}
	}
	for (k = 15; k >= 0; k--)
		cyc[MYTHREAD][k] = 1;
	upc_barrier;
	if (MYTHREAD == 0) {
		for (t = 0; t < THREADS; t++)
			for (k = 0; k < B; k++) {
				int e = t * B + k;
				int first = k == 0;
				if (c[e] != (first ? 8 : 'a') || s[e] != (first ? 0x708 : 7) ||
				    i32[e] != (first ? 0x05060708 : 8) || f[e] != 1.0f || b[e] != 1)
					printf("thread %d element %d: %d %d %d %g %d\n", t, k, c[e], s[e], i32[e], f[e], b[e]), bad++;
			}
		for (t = 0; t < THREADS; t++)
			for (k = 0; k < 16; k++)
				if (cyc[t][k] != 1)
					printf("cyc[%d][%d] = %d\n", t, k, cyc[t][k]), bad++;
		printf("store width: %s\n", bad ? "BAD" : "ok");
	}
	return 0;
}
