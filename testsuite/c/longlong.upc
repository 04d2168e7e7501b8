// gcc: yes
// threads: 1 2
/* 64-bit integers: long and long long arithmetic beyond 32 bits, unsigned
   wrap-around modulo 2^64, the extreme values, mixing with int (the int
   converts), division and remainder of large negative values, and
   multiplication that would overflow 32 bits done in 64. */
#include <stdio.h>
#include <limits.h>
#include <stdint.h>

int main(void) {
	if (MYTHREAD != 0)
		return 0;
	long long a = 1LL << 40;
	int small = 3;
	printf("%lld %lld\n", a * small, a / small);
	int x = 100000;
	long long wide = (long long)x * x;
	printf("%lld\n", wide);
	printf("%lld %lld\n", LLONG_MAX, LLONG_MIN);
	printf("%llu\n", ULLONG_MAX);
	printf("%ld %lu\n", LONG_MAX, ULONG_MAX);
	unsigned long long u = ULLONG_MAX;
	u += 2;
	printf("%llu\n", u);
	long long n = -9223372036854775807LL;
	printf("%lld %lld\n", n / 10, n % 10);
	printf("%lld\n", n - 1);
	uint64_t h = 14695981039346656037ULL;
	const char *s = "upc";
	while (*s) {
		h ^= (unsigned char)*s++;
		h *= 1099511628211ULL;
	}
	printf("fnv=%llx\n", (unsigned long long)h);
	int64_t i64 = -5;
	uint32_t u32 = 7;
	printf("%lld\n", (long long)(i64 * u32));
	printf("%d\n", i64 < u32);
	long long fact = 1;
	for (int i = 2; i <= 20; i++)
		fact *= i;
	printf("%lld\n", fact);
	return 0;
}
