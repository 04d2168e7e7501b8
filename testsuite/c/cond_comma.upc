// gcc: yes
// threads: 1 2
/* The conditional operator: only the chosen operand is evaluated, it nests
   right-associatively, its result type follows the usual arithmetic
   conversions (int ? int : double is double; int ? unsigned : int is
   unsigned), pointers and null pointer constants mix, struct operands,
   and it can select an lvalue through a pointer. The comma operator:
   evaluates left to right, yields the right operand, in for clauses and
   in parenthesised function arguments. */
#include <stdio.h>

static int hits;
static int side(int v) {
	hits++;
	return v;
}

struct pair {
	int a, b;
};

int main(void) {
	int x = 5, y = 10, z;
	if (MYTHREAD != 0)
		return 0;
	printf("%d %d\n", x > y ? x : y, x < y ? x : y);
	z = x ? side(1) : side(2);
	printf("z=%d hits=%d\n", z, hits);
	z = 0 ? side(1) : 0 ? side(2) : side(3);
	printf("z=%d hits=%d\n", z, hits);
	for (int i = 0; i < 4; i++)
		printf("%s ", i == 0 ? "zero" : i == 1 ? "one" : i == 2 ? "two" : "many");
	printf("\n");
	printf("%.2f\n", x > 0 ? 1 : 2.5);
	printf("%zu %zu\n", sizeof(x ? 1 : 2.0), sizeof(x ? (char)1 : (char)2));
	printf("%d\n", (x > 0 ? -1 : 1u) > 0);
	{
		int a = 1, b = 2;
		int *which = x > 3 ? &a : &b;
		*which = 100;
		*(y > 50 ? &a : &b) += 5;
		printf("a=%d b=%d\n", a, b);
		int *np = x ? 0 : &a;
		printf("np=%d\n", np == 0);
	}
	{
		struct pair p = {1, 2}, q = {3, 4};
		struct pair r = y > x ? q : p;
		printf("r=%d,%d\n", r.a, r.b);
	}
	{
		int i, j, k;
		k = (i = 3, j = i * 2, i + j);
		printf("comma k=%d\n", k);
		hits = 0;
		k = (side(1), side(2), side(7));
		printf("k=%d hits=%d\n", k, hits);
		for (i = 0, j = 0; i < 3; i++, j += 2)
			;
		printf("i=%d j=%d\n", i, j);
		printf("%d\n", side((1, 2)));
		int v = 1, w = (v += 2, v * 10);
		printf("w=%d\n", w);
	}
	return 0;
}
