// gcc: yes
// threads: 1
/* gcc's builtins need no header, so no prototype converts their
   arguments: the translation converts them to the builtin's parameter
   types, as gcc does. __builtin_expect of an int (the likely/unlikely
   idiom) and the byte swaps of negative constants did not compile. */
#include <stdio.h>

#define likely(x) __builtin_expect(!!(x), 1)

int main(void) {
	int i = 3;
	short s = -2;
	long e = __builtin_expect(i, 0);
	unsigned short b16 = __builtin_bswap16(-1);
	unsigned int b32 = __builtin_bswap32(-2);
	unsigned long b64 = __builtin_bswap64(-3);
	char *p = __builtin_alloca(i);
	p[0] = 'a';
	p[1] = 'b';
	p[2] = 0;
	if (likely(i > 2))
		printf("%ld %u %x %lx %s\n", e, b16, b32, b64, p);
	printf("%x %ld\n", __builtin_bswap16(s), __builtin_expect(s, -2) * 2);
	return 0;
}
