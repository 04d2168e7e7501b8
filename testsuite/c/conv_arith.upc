// gcc: yes
// threads: 1 2
/* Integer promotions and the usual arithmetic conversions (C99 6.3.1),
   with gcc's x86-64 sizes: comparing a negative int with an unsigned int
   converts the int to unsigned; with unsigned short it does not (the short
   promotes to int); long vs unsigned int converts to long; long long vs
   unsigned long converts to unsigned long; sizeof(c + c) is sizeof(int);
   and -1 in a size_t comparison. */
#include <stdio.h>

int main(void) {
	int neg = -1;
	unsigned int u = 1;
	unsigned short us = 1;
	unsigned char uc = 1;
	long l = -1;
	unsigned long ul = 1;
	if (MYTHREAD != 0)
		return 0;

	printf("int<unsigned: %d\n", neg < u);
	printf("int<ushort: %d\n", neg < us);
	printf("int<uchar: %d\n", neg < uc);
	printf("long<uint: %d\n", l < u);
	printf("long<ulong: %d\n", l < ul);
	printf("int+uint: %u\n", neg + u + 1);
	printf("-1 == 0xFFFFFFFFu: %d\n", -1 == 0xFFFFFFFFu);
	printf("-1L == 0xFFFFFFFFu: %d\n", -1L == 0xFFFFFFFFu);
	printf("sizeof(uc + uc) = %zu\n", sizeof(uc + uc));
	printf("sizeof(us * 1u) = %zu\n", sizeof(us * 1u));
	printf("sizeof(u + l) = %zu\n", sizeof(u + l));
	printf("sizeof(1.0f + 1) = %zu\n", sizeof(1.0f + 1));
	printf("sizeof(1.0f + 1.0) = %zu\n", sizeof(1.0f + 1.0));
	printf("sizeof('a') = %zu\n", sizeof('a'));
	{
		/* unsigned char arithmetic happens in int: no wrap until stored. */
		unsigned char a = 200, b = 100;
		int sum = a + b;
		unsigned char stored = a + b;
		printf("sum=%d stored=%d\n", sum, stored);
		printf("a-b-b-b=%d\n", a - b - b - b);
	}
	{
		/* unsigned subtraction wraps; comparing it with 0 is always false. */
		unsigned x = 3, y = 5;
		printf("x-y=%u (x-y<0)=%d (x-y>x)=%d\n", x - y, x - y < 0, x - y > x);
		printf("(int)(x-y)=%d\n", (int)(x - y));
		long lx = x - y;
		printf("long of uint diff=%ld\n", lx);
		long ly = (long)x - y;
		printf("long diff=%ld\n", ly);
	}
	{
		size_t n = 4;
		int i = -1;
		printf("i < n: %d\n", i < n);
		printf("i < (int)n: %d\n", i < (int)n);
	}
	{
		/* Division of a negative int by an unsigned. */
		int a = -6;
		unsigned b = 3;
		printf("-6/3u = %u\n", a / b);
		printf("-6/(int)3u = %d\n", a / (int)b);
	}
	{
		char c = -1;
		unsigned char d = 255;
		printf("c==d: %d\n", c == d);
		printf("(unsigned char)c==d: %d\n", (unsigned char)c == d);
		printf("c as unsigned: %u\n", (unsigned)c);
	}
	{
		float f = 16777217; /* 2^24 + 1 is not a float */
		double d = 16777217;
		printf("%.1f %.1f\n", f, d);
		printf("%d\n", f == 16777216.0f);
		long long big = 9007199254740993LL; /* 2^53 + 1 */
		double bd = big;
		printf("%.1f\n", bd);
	}
	return 0;
}
