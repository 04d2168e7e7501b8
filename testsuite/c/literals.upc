// gcc: yes
// threads: 1 2
/* Constants as C99 and gcc read them: decimal, octal and hex integers and
   the type each gets (an unsuffixed decimal too big for int is long; a
   hex one may be unsigned int), suffixes u l ll and combinations,
   character constants with escapes (including octal and hex escapes and
   a char above 127, which is negative: char is signed), hex floating
   constants, float suffixes, exponents, and string literal escapes. */
#include <stdio.h>

int main(void) {
	if (MYTHREAD != 0)
		return 0;
	printf("%d %d %d %d\n", 42, 052, 0x2A, 0X2a);
	printf("%zu %zu %zu %zu\n", sizeof 2147483647, sizeof 2147483648, sizeof 0x7FFFFFFF, sizeof 0xFFFFFFFF);
	printf("%d %d\n", 0xFFFFFFFF > 0, -1 < 0xFFFFFFFF);
	printf("%d %d\n", 4294967295 > 0, -1 < 4294967295);
	printf("%zu %zu %zu %zu\n", sizeof 1u, sizeof 1l, sizeof 1ull, sizeof 1LLU);
	printf("%lu %llu %u\n", 123UL, 18446744073709551615ULL, 037777777777u);
	printf("%d %d %d %d %d\n", 'A', '\n', '\0', '\\', '\'');
	printf("%d %d %d\n", '\101', '\x7e', '\377');
	printf("%d %d\n", (unsigned char)'\377', '\xff' == -1);
	printf("%g %g %g %g\n", 0x1p4, 0x1.8p1, 0x.8p0, 0xAp-2);
	printf("%g %g %g\n", 1e3, 1.5E-2, 6.02e23);
	printf("%zu %zu %zu\n", sizeof 1.0f, sizeof 1.0, sizeof 1.0L);
	printf("%.1f %.2f\n", .5f, 3.f);
	printf("[%s] [%s]\n", "tab\there", "a\x41\102c");
	printf("%zu\n", sizeof "\x41\0\101");
	return 0;
}
