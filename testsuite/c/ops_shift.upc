// gcc: yes
// threads: 1 2
/* Shifts: the result has the promoted left operand's type (the right
   operand's type does not matter), right shift of a negative signed value
   is arithmetic (gcc), of an unsigned value logical; shifts of char
   promote to int first; 64-bit shifts of long and unsigned long long. */
#include <stdio.h>

int main(void) {
	int i;
	if (MYTHREAD != 0)
		return 0;
	printf("%d %d %d\n", 1 << 0, 1 << 10, 1 << 30);
	printf("%d %d\n", -16 >> 2, -1 >> 31);
	printf("%u\n", 0x80000000u >> 31);
	printf("%u\n", 0xFFFFFFFFu >> 4);
	printf("%d\n", (int)(0xFFFFFFFFu >> 28));
	printf("%ld\n", 1L << 40);
	printf("%lld\n", -(1LL << 62) >> 60);
	printf("%llu\n", 0xFFFFFFFFFFFFFFFFull >> 1);
	printf("%lu\n", 1UL << 63);
	{
		/* A char shifted left is an int, so nothing is lost. */
		unsigned char c = 0xFF;
		int x = c << 4;
		printf("%d\n", x);
		signed char s = -2;
		printf("%d\n", s << 3);
		printf("%d\n", s >> 1);
	}
	{
		/* The shift count's type does not change the result type. */
		unsigned long long n = 3;
		int r = 1 << n;
		printf("%d %zu\n", r, sizeof(1 << n));
		printf("%zu %zu\n", sizeof(1LL << 1), sizeof((char)1 << 1));
	}
	{
		unsigned v = 1;
		for (i = 0; i < 32; i += 8)
			printf("%u ", v << i);
		printf("\n");
	}
	{
		unsigned long long v = 0x123456789ABCDEFULL;
		printf("%llx %llx\n", v >> 20, v << 8);
	}
	return 0;
}
