// gcc: yes
// threads: 1 2
/* Bitwise and logical operators: & | ^ ~ on signed and unsigned values,
   && and || short-circuit (the right side runs only when needed) and
   yield 0 or 1, ! on every scalar, relational operators yield int 0/1,
   and precedence among them (& binds tighter than ^, ^ than |, == than &). */
#include <stdio.h>

static int trace[16];
static int ntrace;

static int t(int id, int value) {
	trace[ntrace++] = id;
	return value;
}

static void show(const char *what, int r) {
	int i;
	printf("%s = %d; ran", what, r);
	for (i = 0; i < ntrace; i++)
		printf(" %d", trace[i]);
	printf("\n");
	ntrace = 0;
}

int main(void) {
	int x = 0x5A, y = 0x3C;
	if (MYTHREAD != 0)
		return 0;
	printf("%x %x %x %x\n", x & y, x | y, x ^ y, ~x & 0xFF);
	printf("%d %d\n", ~0, ~-1);
	printf("%d %d %d\n", 6 & 3 ^ 5 | 8, 1 | 2 ^ 3 & 4, (1 | 2) ^ (3 & 4));
	printf("%d\n", 3 & 1 == 1);
	printf("%d %d %d %d\n", !0, !5, !!7, !-1);
	printf("%d %d %d\n", 5 > 3, 3 > 5, 3 >= 3);
	printf("%d %d\n", 1 < 2 < 3, 3 > 2 > 1);
	printf("%d %d\n", 42 && 7, 0 || -3);

	show("t(1,0) && t(2,1)", t(1, 0) && t(2, 1));
	show("t(1,1) && t(2,5)", t(1, 1) && t(2, 5));
	show("t(1,3) || t(2,0)", t(1, 3) || t(2, 0));
	show("t(1,0) || t(2,0)", t(1, 0) || t(2, 0));
	show("t(1,0) || t(2,1) && t(3,0)", t(1, 0) || t(2, 1) && t(3, 0));
	show("t(1,1) || t(2,1) && t(3,0)", t(1, 1) || t(2, 1) && t(3, 0));
	show("(t(1,1) || t(2,1)) && t(3,0)", (t(1, 1) || t(2, 1)) && t(3, 0));

	{
		int *p = 0;
		/* The guard keeps the null pointer from being dereferenced. */
		if (p && *p)
			printf("unreachable\n");
		printf("guarded %d\n", p == 0 || *p == 1);
		double d = 0.0;
		printf("%d %d\n", !d, !p);
	}
	{
		unsigned u = 0xF0000000u;
		printf("%x %x\n", u | 0xF, u & ~0x30000000u);
		long long big = 0x100000000LL;
		printf("%d %d\n", big && 1, (int)(big & 0xFFFFFFFF) != 0);
	}
	return 0;
}
