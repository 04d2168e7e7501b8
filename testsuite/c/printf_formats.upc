// gcc: yes
// threads: 1 2
/* printf conversions as glibc prints them: %d %i %u %x %X %o %c %s %f %e
   %E %g %G %%, length
   modifiers hh h l ll z t j, field width and precision (also from *
   arguments, negative width meaning left-justify), flags - + space # 0,
   precision on strings and integers, special values (inf, -0.0),
   the return value (characters written), and rounding of %.Nf. */
#include <stdio.h>
#include <stdint.h>
#include <stddef.h>

int main(void) {
	/* Negative zero computed at run time (constant -0.0 is in
	   negative_zero.upc). */
	double zero = 0.0, negzero = -zero;
	if (MYTHREAD != 0)
		return 0;
	printf("[%d] [%i] [%5d] [%-5d] [%05d] [%+d] [% d] [%+d]\n", 42, -42, 42, 42, 42, 42, 42, -42);
	printf("[%u] [%x] [%X] [%o] [%#x] [%#o] [%#X]\n", 3000000000u, 255, 255, 8, 255, 8, 0xabc);
	printf("[%.3d] [%8.3d] [%-8.3d|] [%.0d]\n", 7, -7, 7, 0);
	printf("[%c] [%3c] [%-3c]\n", 'A', 'b', 'c');
	printf("[%s] [%8s] [%-8s] [%.2s] [%8.3s]\n", "str", "str", "str", "string", "string");
	printf("[%f] [%.2f] [%10.3f] [%-10.1f] [%010.2f] [%+.1f]\n", 3.14159, 3.14159, 3.14159, -2.5, -2.5, 2.0);
	printf("[%e] [%.2e] [%E] [%.0e]\n", 12345.678, 0.000123, 1e100, 5e-5);
	printf("[%g] [%g] [%g] [%g] [%G] [%.3g] [%#g]\n", 100000.0, 1000000.0, 0.0001, 0.00001, 1e-10, 3.14159, 1.0);
	printf("[%.0f] [%.0f] [%.0f] [%.1f] [%.2f]\n", 0.5, 1.5, 2.5, 0.05, 1.005);
	printf("[%hhd] [%hhu] [%hd] [%hu]\n", 300, -1, 70000, -1);
	printf("[%ld] [%lu] [%lld] [%llu] [%lx]\n", -9000000000L, 18000000000UL, -1LL, 18446744073709551615ULL, 0xdeadbeefcafeUL);
	printf("[%zu] [%zd] [%td] [%jd]\n", sizeof(int), (ptrdiff_t)-3, (ptrdiff_t)5, (intmax_t)-77);
	printf("[%*d] [%-*d] [%.*f] [%*.*s]\n", 6, 1, 6, 2, 2, 1.0 / 3, 5, 2, "abc");
	printf("[%*d]\n", -4, 9);
	printf("[%%] [100%%]\n");
	printf("[%f] [%f] [%e] [%g]\n", 1.0 / 0.0, -1.0 / 0.0, negzero, 0.0 / 0.0 * 0.0 != 0.0 ? 1.5 : 2.5);
	printf("[%5.1f] [%-6g|] [%+e]\n", negzero, 1.5, 0.0);
	int n = printf("12345\n");
	printf("wrote %d\n", n);
	n = printf("%s%d%c", "ab", 123, '\n');
	printf("wrote %d\n", n);
	printf("[%x] [%o] [%X]\n", -1, -1, 0u);
	printf("[%#.3o] [%#x] [%#o]\n", 8, 0, 0);
	printf("[%-+5d] [%+05d] [% 05d] [%-05d]\n", 3, 3, 3, 3);
	return 0;
}
