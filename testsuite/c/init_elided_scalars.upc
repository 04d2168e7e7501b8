// gcc: yes
// threads: 1 2
/* Brace elision in an array of structs whose next element is a scalar
   that is no literal: a negated or complemented constant, a variable, -v.
   Each starts the next struct's members; only a struct-valued element
   (q, *pq) initialises a whole struct. upcgo took -1 and v for whole
   structs and refused them ("incompatible types when initializing type
   'struct s' using type 'int'"). */
#include <stdio.h>

struct s {
	int x;
	int y;
};

struct s g[2] = {-1, 2, ~3, 4};

int main(void) {
	int v = 7;
	struct s q = {8, 9};
	struct s a[2] = {v, -v, q};
	struct s *pq = &q;
	struct s b[2] = {*pq, -2, 5};
	if (MYTHREAD == 0) {
		printf("%d %d %d %d\n", g[0].x, g[0].y, g[1].x, g[1].y);
		printf("%d %d %d %d\n", a[0].x, a[0].y, a[1].x, a[1].y);
		printf("%d %d %d %d\n", b[0].x, b[0].y, b[1].x, b[1].y);
	}
	return 0;
}
