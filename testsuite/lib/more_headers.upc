// gcc: yes
// threads: 1 2
/* The other headers UPC programs include: endian.h's conversions,
   locale.h's C locale, fenv.h's to-nearest rounding, memory.h,
   alloca.h, sys/types.h's types, sys/times.h, posix_memalign and
   aligned_alloc, strcoll and strxfrm, the long double math functions
   (long double is double here, and these results are exact in both), and
   vsscanf/vfscanf through a va_list. Thread 0 prints. */
#include <alloca.h>
#include <endian.h>
#include <fenv.h>
#include <locale.h>
#include <math.h>
#include <memory.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/times.h>
#include <sys/types.h>
#include <unistd.h>

static int scan(const char *s, const char *fmt, ...) {
	va_list ap;
	va_start(ap, fmt);
	int n = vsscanf(s, fmt, ap);
	va_end(ap);
	return n;
}

static int fscan(FILE *f, const char *fmt, ...) {
	va_list ap;
	va_start(ap, fmt);
	int n = vfscanf(f, fmt, ap);
	va_end(ap);
	return n;
}

/* Fills n bytes of alloca memory and sums them: the block is this
   frame's, gone on return. */
static int on_stack(int n) {
	unsigned char *p = alloca(n);
	int sum = 0;
	for (int i = 0; i < n; i++)
		p[i] = (unsigned char)i;
	for (int i = 0; i < n; i++)
		sum += p[i];
	return sum;
}

int main(void) {
	if (MYTHREAD != 0)
		return 0;
	printf("little-endian: %d\n", BYTE_ORDER == LITTLE_ENDIAN && __BYTE_ORDER == __LITTLE_ENDIAN);
	printf("%04x %08x %016llx\n", htobe16(0x1234), htobe32(0x12345678u), (unsigned long long)htobe64(0x0102030405060708ull));
	printf("%04x %08x %d\n", be16toh(htobe16(0xabcd)), le32toh(0xdeadbeefu), (int)le64toh(42));

	/* setlocale's string lasts until the next call. */
	printf("setlocale: %s", setlocale(LC_ALL, NULL));
	printf(" %s", setlocale(LC_ALL, "C"));
	printf(" %s", setlocale(LC_NUMERIC, "POSIX"));
	printf(" %d\n", setlocale(LC_ALL, "xx_YY.nonexistent") == NULL);
	struct lconv *lc = localeconv();
	printf("decimal point '%s', thousands '%s', frac digits %d\n", lc->decimal_point, lc->thousands_sep, lc->frac_digits);

	printf("round: %d to nearest %d\n", fegetround(), fegetround() == FE_TONEAREST);
	printf("fesetround(FE_TONEAREST): %d, feclearexcept(FE_ALL_EXCEPT): %d\n", fesetround(FE_TONEAREST),
	       feclearexcept(FE_ALL_EXCEPT));
	fenv_t env;
	printf("fegetenv %d fesetenv %d\n", fegetenv(&env), fesetenv(&env));

	char a[8] = "abcdefg";
	memmove(a + 1, a, 3);
	printf("memory.h: %s\n", a);
	printf("alloca: %d %d\n", on_stack(10), on_stack(1000));

	off_t off = 1;
	pid_t pid = getpid();
	u_int32_t u = 7;
	printf("sys/types: %d %d %d %d\n", (int)sizeof(off_t), (int)sizeof(mode_t), pid > 0, (int)(off + u));
	struct tms tb;
	clock_t ticks = times(&tb);
	printf("times: %d %d\n", ticks != (clock_t)-1, tb.tms_utime >= 0 && tb.tms_stime >= 0);

	void *p = NULL;
	int rc = posix_memalign(&p, 4096, 100);
	printf("posix_memalign: %d aligned %d\n", rc, (int)((uintptr_t)p % 4096));
	free(p);
	printf("bad alignment: %d\n", posix_memalign(&p, 12, 100) != 0);
	p = aligned_alloc(64, 256);
	printf("aligned_alloc: %d\n", p != NULL && (uintptr_t)p % 64 == 0);
	free(p);

	printf("strcoll: %d %d %d\n", strcoll("abc", "abd") < 0, strcoll("b", "a") > 0, strcoll("same", "same"));
	char x[16];
	size_t n = strxfrm(x, "hello", sizeof x);
	printf("strxfrm: %d %s %d\n", (int)n, x, (int)strxfrm(NULL, "hello", 0));

	long double q = -2.5L;
	printf("long double: %.1Lf %.1Lf %.1Lf %.1Lf %.1Lf\n", fabsl(q), sqrtl(16.0L), powl(2.0L, 10.0L), floorl(q), fmodl(7.0L, 4.0L));
	int e;
	long double ip, fr = frexpl(12.0L, &e), frac = modfl(3.25L, &ip);
	printf("frexpl %.3Lf %d, modfl %.2Lf %.1Lf, ldexpl %.1Lf\n", fr, e, frac, ip, ldexpl(0.75L, 4));
	printf("%ld %d %.1Lf\n", lroundl(2.5L), ilogbl(1024.0L), copysignl(3.0L, -1.0L));

	int i1, i2;
	char w[8];
	rc = scan("12 abc 34", "%d %7s %d", &i1, w, &i2);
	printf("vsscanf: %d %d %s %d\n", rc, i1, w, i2);
	double d;
	rc = scan("7 [8] 8.5", "%*d [%*[0-9]] %lf", &d);
	printf("vsscanf skipping: %d %.1f\n", rc, d);
	FILE *f = fopen("more_headers.tmp", "w+");
	fputs("99 x", f);
	rewind(f);
	char c;
	rc = fscan(f, "%d %c", &i1, &c);
	printf("vfscanf: %d %d %c\n", rc, i1, c);
	fclose(f);
	remove("more_headers.tmp");
	return 0;
}
