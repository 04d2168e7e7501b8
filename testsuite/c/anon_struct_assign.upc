// gcc: yes
// threads: 1
/* One struct specifier with several declarators declares one type, which
   every declarator shares: assignment between them is valid, for a tagged
   struct at file scope and for an anonymous struct in a block, also
   through a pointer declared in the same declaration. */
#include <stdio.h>

struct g {
	int a;
} g1 = {1}, g2;

int main(void) {
	struct {
		int a;
		double b;
	} x = {1, 2.5}, y, *p = &y;
	y = x;
	x.a = 7;
	printf("%d %.1f\n", y.a, y.b);
	*p = x;
	printf("%d\n", p->a);
	g2 = g1;
	printf("%d\n", g2.a);
	return 0;
}
