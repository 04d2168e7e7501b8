// gcc: yes
// threads: 1
/* An assignment expression has the value and type of its left operand
   after the assignment, also for structs: a = b = c copies c into b and
   then into a; a struct assignment used as a function argument and as
   the operand of a member access. */
#include <stdio.h>

struct pt {
	int x, y;
};

static int sum(struct pt p) { return p.x + p.y; }

int main(void) {
	struct pt a, b, c = {3, 4};
	a = b = c;
	c.x = 0;
	printf("%d %d %d\n", a.x, b.y, c.x);
	printf("%d\n", sum(a = c));
	printf("%d\n", (b = c).y);
	return 0;
}
