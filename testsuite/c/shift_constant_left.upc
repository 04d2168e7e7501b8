// gcc: yes
// threads: 1
/* A constant shifted by a variable count has its own C type, whatever the
   expression around it converts the result to: (unsigned)(-1 >> n) did
   not compile (Go took -1 as an unsigned constant) and 1 << 31 assigned
   to an unsigned long long shifted in 64 bits, not in int. Signed shifts
   into the sign bit wrap, as in gcc (docs/lowering.md). */
#include <stdio.h>

int main(int argc, char **argv) {
	long d = argc + 2;
	int e = argc + 30;
	unsigned u = (unsigned)(((signed char)(-1)) >> (d & 31));
	unsigned v = (unsigned)((-1) >> d);
	int w = (-1 << d) + 1;
	unsigned long long x = 1 << e;
	unsigned long long y = 1u << e;
	long long z = 'a' << (e - 20);
	(void)argv;
	printf("%u %u %d %llu %llu %lld\n", u, v, w, x, y, z);
	return 0;
}
