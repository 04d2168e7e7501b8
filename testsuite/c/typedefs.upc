// gcc: yes
// threads: 1 2
/* typedefs: of scalars, pointers, arrays, structs (also a struct typedef
   used before its tag is complete), function types and function pointer
   types; a typedef name redeclared as a variable in an inner scope
   ("T T;"-style), a typedef of a typedef, and casts and sizeof with
   typedef names. */
#include <stdio.h>

typedef int integer;
typedef integer *intptr;
typedef unsigned char byte;
typedef double vec3[3];
typedef struct list list_t;
struct list {
	int head;
	list_t *tail;
};
typedef int binop(int, int);
typedef int (*binop_ptr)(int, int);
typedef binop_ptr table_t[4];
typedef const char *cstr;

static int add(int a, int b) { return a + b; }
static int sub(int a, int b) { return a - b; }
static int mul(int a, int b) { return a * b; }
static int maxi(int a, int b) { return a > b ? a : b; }

static binop *pick(int i) {
	static table_t table = {add, sub, mul, maxi};
	return table[i];
}

static int apply(binop_ptr f, int a, int b) {
	return f(a, b);
}

static double dot(const vec3 a, const vec3 b) {
	return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

int main(void) {
	if (MYTHREAD != 0)
		return 0;
	integer i = 5;
	intptr p = &i;
	*p += 1;
	byte b = (byte)257;
	printf("%d %d %zu\n", i, b, sizeof(byte));

	vec3 x = {1, 2, 3}, y = {4, 5, 6};
	printf("dot=%.1f sizeof vec3=%zu\n", dot(x, y), sizeof(vec3));

	list_t c = {3, 0}, bb = {2, &c}, a = {1, &bb};
	printf("list %d %d %d\n", a.head, a.tail->head, a.tail->tail->head);

	for (int k = 0; k < 4; k++)
		printf("%d ", pick(k)(7, 3));
	printf("\n");
	binop *fp = sub;
	binop_ptr fq = &mul;
	printf("%d %d %d\n", apply(fp, 10, 4), apply(fq, 6, 7), fq(2, 2));
	printf("sizeof table_t=%zu\n", sizeof(table_t));

	cstr s = "typedef";
	printf("%s %c\n", s, s[4]);
	{
		/* The typedef name is hidden by a variable of the same name. */
		integer integer = 3;
		printf("shadow %d\n", integer * 2);
	}
	integer again = (integer)2.9;
	printf("after %d\n", again);
	return 0;
}
