// gcc: yes
// threads: 1
/* Compound assignment of a private pointer by a constant step moves it
   by that many elements in the step's own direction: p -= -1 moves
   forward (upcgo once moved it back, taking the sign of the scaled step
   for the operator's), and p += -2 back; the same for a step in a
   variable, and for elements wider than one byte. */
#include <stdio.h>

struct pair {
	short a, b;
};

int main(void) {
	int a[6] = {10, 11, 12, 13, 14, 15};
	int *p = a + 2;
	p -= -1;
	printf("%d\n", *p);
	p += -2;
	printf("%d\n", *p);
	p -= 1;
	p += 4;
	printf("%d\n", *p);
	long k = -2;
	p += k;
	printf("%d\n", *p);
	p -= k;
	printf("%d\n", *p);

	struct pair s[3] = {{1, 2}, {3, 4}, {5, 6}};
	struct pair *q = s;
	q -= -2;
	printf("%d %d\n", q->a, q->b);
	q += -1;
	printf("%d %d\n", q->a, q->b);
	return 0;
}
