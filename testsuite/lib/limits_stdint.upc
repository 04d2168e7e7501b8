// gcc: yes
// threads: 1 2
/* limits.h, stdint.h, inttypes.h, float.h and stddef.h values for x86-64
   Linux (LP64), fixed-width types' sizes and wrap-around, PRI macros,
   and INT_MIN / -1 avoided (it traps): INT_MIN % 1 is fine. */
#include <stdio.h>
#include <limits.h>
#include <stdint.h>
#include <inttypes.h>
#include <float.h>
#include <stddef.h>

int main(void) {
	if (MYTHREAD != 0)
		return 0;
	printf("%d %d %d %d\n", CHAR_BIT, SCHAR_MIN, SCHAR_MAX, UCHAR_MAX);
	printf("%d %d\n", CHAR_MIN, CHAR_MAX);
	printf("%d %d %d\n", SHRT_MIN, SHRT_MAX, USHRT_MAX);
	printf("%d %d %u\n", INT_MIN, INT_MAX, UINT_MAX);
	printf("%ld %ld %lu\n", LONG_MIN, LONG_MAX, ULONG_MAX);
	printf("%d %d %d %d\n", INT8_MIN, INT16_MAX, UINT8_MAX, UINT16_MAX);
	printf("%" PRId32 " %" PRIu32 " %" PRId64 " %" PRIu64 "\n", INT32_MIN, UINT32_MAX, INT64_MIN, UINT64_MAX);
	printf("%zu %zu %zu %zu %zu\n", sizeof(int8_t), sizeof(int16_t), sizeof(int32_t), sizeof(int64_t), sizeof(intptr_t));
	printf("%" PRIx64 " %" PRIX32 "\n", (uint64_t)0xabcdef0123ULL, (uint32_t)0xbeef);
	uint8_t u8 = 255;
	u8++;
	int16_t i16 = INT16_MAX;
	i16 = (int16_t)(i16 + 1);
	printf("%u %d\n", u8, i16);
	printf("%d %d\n", INT_MIN % 1, -INT_MAX - 1 == INT_MIN);
	printf("%d %d %d\n", FLT_DIG, DBL_DIG, DBL_MANT_DIG);
	printf("%g %g\n", FLT_EPSILON, DBL_EPSILON);
	printf("%d\n", DBL_MAX > 1e308 && FLT_MAX > 3e38f);
	printf("%zu %zu\n", SIZE_MAX == ULONG_MAX ? (size_t)1 : (size_t)0, sizeof(ptrdiff_t));
	return 0;
}
