// gcc: yes
// threads: 1 3
/* while, do-while (with continue, which jumps to the condition), for with
   comma expressions and a declaration in the first clause, nested loops
   with break and continue, loops whose body never runs, and an infinite
   for (;;) left by break. */
#include <stdio.h>

int main(void) {
	int i, j, n;
	if (MYTHREAD != 0)
		return 0;

	i = 0;
	while (i < 5)
		i += 2;
	printf("while: %d\n", i);

	i = 10;
	while (i < 5)
		i++;
	printf("while not entered: %d\n", i);

	/* continue in do-while goes to the test, so the loop still ends. */
	i = 0;
	n = 0;
	do {
		i++;
		if (i % 3 == 0)
			continue;
		n += i;
	} while (i < 10);
	printf("do-while: i=%d n=%d\n", i, n);

	i = 100;
	do
		i++;
	while (0);
	printf("do-while once: %d\n", i);

	for (i = 0, j = 10; i < j; i++, j--)
		;
	printf("for comma: i=%d j=%d\n", i, j);

	n = 0;
	for (int k = 0, m = 1; k < 5; k++, m *= 2)
		n += m;
	printf("for decl: %d\n", n);

	/* A for-declaration is scoped to the loop: this k is a different one. */
	{
		int k = 42;
		for (int k = 0; k < 3; k++)
			;
		printf("outer k: %d\n", k);
	}

	n = 0;
	for (i = 0; i < 5; i++) {
		for (j = 0; j < 5; j++) {
			if (j > i)
				break;
			if ((i + j) % 2)
				continue;
			n += 10 * i + j;
		}
	}
	printf("nested: %d\n", n);

	n = 0;
	for (;;) {
		if (++n == 7)
			break;
	}
	printf("forever: %d\n", n);

	n = 0;
	for (i = 0; i < 10; i++) {
		if (i == 2)
			continue;
		if (i == 6)
			break;
		n = n * 10 + i;
	}
	printf("digits: %d\n", n);

	/* while with a side effect in the condition */
	i = 5;
	n = 0;
	while (i--)
		n += i;
	printf("countdown: n=%d i=%d\n", n, i);
	return 0;
}
