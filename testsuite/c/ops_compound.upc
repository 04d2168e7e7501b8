// gcc: yes
// threads: 1 2
/* Compound assignments on narrow and unsigned types: the operation is done
   in the promoted type and the result converted back, so unsigned char
   and unsigned short wrap modulo 2^8 / 2^16, unsigned int modulo 2^32,
   and a signed char receiving an out-of-range value keeps the low 8 bits
   (gcc's implementation-defined choice). Also ++/-- on each type, and
   compound assignment through pointers and array elements evaluated once. */
#include <stdio.h>

static int calls;
static int idx(int i) {
	calls++;
	return i;
}

int main(void) {
	if (MYTHREAD != 0)
		return 0;
	{
		unsigned char uc = 250;
		uc += 10;
		printf("uc += 10: %d\n", uc);
		uc -= 5;
		printf("uc -= 5: %d\n", uc);
		uc *= 100;
		printf("uc *= 100: %d\n", uc);
		uc = 0;
		uc--;
		printf("uc--: %d\n", uc);
		uc++;
		printf("uc++: %d\n", uc);
		uc = 200;
		uc <<= 1;
		printf("uc <<= 1: %d\n", uc);
		uc = 0x0f;
		uc = ~uc;
		printf("~uc: %d\n", uc);
	}
	{
		signed char sc = 127;
		sc++;
		printf("sc++: %d\n", sc);
		sc = -128;
		sc -= 1;
		printf("sc -= 1: %d\n", sc);
		sc = 100;
		sc += 100;
		printf("sc += 100: %d\n", sc);
		sc = -7;
		sc /= 2;
		printf("sc /= 2: %d\n", sc);
		sc = -7;
		sc %= 3;
		printf("sc %%= 3: %d\n", sc);
		sc = -16;
		sc >>= 2;
		printf("sc >>= 2: %d\n", sc);
	}
	{
		unsigned short us = 65535;
		us += 2;
		printf("us += 2: %d\n", us);
		us = 300;
		us *= 300;
		printf("us *= 300: %d\n", us);
		short s = 32767;
		s += 1;
		printf("s += 1: %d\n", s);
		s = -32768;
		s--;
		printf("s--: %d\n", s);
		s = 1000;
		s *= 1000;
		printf("s *= 1000: %d\n", s);
	}
	{
		unsigned u = 0;
		u -= 1;
		printf("u -= 1: %u\n", u);
		u += 2;
		printf("u += 2: %u\n", u);
		u = 0x80000000u;
		u *= 2;
		printf("u *= 2: %u\n", u);
		u = 3000000000u;
		u += 3000000000u;
		printf("u += 3e9: %u\n", u);
		u = 100;
		u /= 7;
		printf("u /= 7: %u\n", u);
		u = 0xF0F0F0F0u;
		u &= 0xFF00FF00u;
		printf("u &= : %x\n", u);
		u |= 0x0F;
		printf("u |= : %x\n", u);
		u ^= 0xFFFFFFFFu;
		printf("u ^= : %x\n", u);
		u >>= 4;
		printf("u >>= 4: %x\n", u);
	}
	{
		unsigned long long ull = 0;
		ull--;
		printf("ull--: %llu\n", ull);
		ull += 1;
		printf("ull += 1: %llu\n", ull);
	}
	{
		/* An int compound-assigned a double: the sum is computed in double. */
		int i = 10;
		i += 2.7;
		printf("i += 2.7: %d\n", i);
		i *= 0.5;
		printf("i *= 0.5: %d\n", i);
		i -= 0.9;
		printf("i -= 0.9: %d\n", i);
		double d = 1.5;
		d *= 4;
		printf("d *= 4: %.1f\n", d);
		char c = 'a';
		c += 'A' - 'a';
		printf("c: %c\n", c);
	}
	{
		int arr[4] = {1, 2, 3, 4};
		int *p = arr;
		arr[idx(2)] += 10;
		arr[idx(0)] *= 5;
		*p++ += 100;
		*p += 1000;
		printf("arr: %d %d %d %d calls=%d\n", arr[0], arr[1], arr[2], arr[3], calls);
	}
	return 0;
}
