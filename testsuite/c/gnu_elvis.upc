// gcc: yes
// threads: 1 2
/* GNU's conditional with an omitted middle operand, "a ?: b": a is
   evaluated once and is the value when it is nonzero (converted to the
   common type of a and b), else b. Integer, floating, pointer and
   comparison operands, side effects counted, the form as a statement
   and in constant expressions (an array size, a case label, a static
   initialiser). Once a crash of the translation (issue 12). */
#include <stdio.h>

static int calls;
static int next(int v) {
	calls++;
	return v;
}

static int table[0 ?: 3];
static int init = 4 ?: 9;

int main(void) {
	int zero = 0, five = 5;
	double d = 0.0;
	char *none = 0, *name = "upc";
	if (MYTHREAD != 0)
		return 0;
	printf("%d %d\n", zero ?: 7, five ?: 7);
	int v = next(0) ?: next(8);
	printf("%d calls=%d\n", v, calls);
	v = next(6) ?: next(8);
	printf("%d calls=%d\n", v, calls);
	printf("%g %g\n", d ?: 2.5, five ?: 2.5);
	printf("%s %s\n", none ?: "none", name ?: "none");
	printf("%d %d\n", (zero < five) ?: 9, (zero > five) ?: 9);
	next(1) ?: next(2);
	next(0) ?: next(2);
	printf("calls=%d\n", calls);
	switch (five) {
	case 0 ?: 5:
		printf("case 5\n");
		break;
	default:
		printf("default\n");
	}
	printf("%d %d\n", (int)(sizeof table / sizeof table[0]), init);
	return 0;
}
