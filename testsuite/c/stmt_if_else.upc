// gcc: yes
// threads: 1 2
/* if/else chains, a dangling else (binds to the nearest if), conditions of
   every scalar kind (int, pointer, double, char) and empty branches. */
#include <stdio.h>

static const char *classify(int x) {
	if (x < 0)
		return "negative";
	else if (x == 0)
		return "zero";
	else if (x < 10)
		return "small";
	else
		return "large";
}

int main(void) {
	int vals[] = {-5, 0, 7, 10, 123};
	int i;
	if (MYTHREAD != 0)
		return 0;
	for (i = 0; i < 5; i++)
		printf("%d %s\n", vals[i], classify(vals[i]));

	/* Dangling else: the else belongs to "if (b)". */
	for (i = 0; i < 4; i++) {
		int a = i & 1, b = i & 2;
		int r = 0;
		if (a)
			if (b)
				r = 1;
			else
				r = 2;
		printf("a=%d b=%d r=%d\n", a, b != 0, r);
	}

	{
		int *p = 0;
		int x = 3;
		double d = 0.0;
		char c = '\0';
		if (p) printf("p set\n"); else printf("p null\n");
		p = &x;
		if (p) printf("p set\n"); else printf("p null\n");
		if (d) printf("d true\n"); else printf("d false\n");
		d = -0.5;
		if (d) printf("d true\n"); else printf("d false\n");
		if (c) printf("c true\n"); else printf("c false\n");
		if (!c) { } else { printf("unreachable\n"); }
		if (x == 3) ; else printf("unreachable\n");
		if ((x = 0)) printf("unreachable\n");
		printf("x=%d\n", x);
	}
	return 0;
}
