// gcc: yes
// threads: 1 2
/* sizeof of every kind of type and expression, with gcc's x86-64 (LP64)
   values: the basic types, pointers, arrays (not decayed), struct padding
   and tail padding, unions, enums, function designators' pointers, string
   literals, expressions (not evaluated: i++ inside sizeof does nothing),
   typedefs, sizeof applied to a parenthesised type vs an expression, and
   size_t being unsigned long. */
#include <stdio.h>
#include <stddef.h>

struct s1 { char c; };
struct s2 { char c; int i; };
struct s3 { char c; double d; char e; };
struct s4 { short s; char c; };
struct s5 { int a[3]; char c; };
struct s6 { long long x; int y; };
struct s7 { struct s4 inner; char c; };
union u1 { char c[5]; int i; };
enum e1 { A, B };
typedef struct s3 s3_t;

static int f(int x) { return x; }

int main(void) {
	int i = 0;
	int arr[7];
	int *p = arr;
	p[0] = 0; /* used outside sizeof too (a sizeof-only use is unused_locals.upc) */
	if (MYTHREAD != 0)
		return 0;
	printf("char %zu short %zu int %zu long %zu llong %zu\n", sizeof(char), sizeof(short), sizeof(int), sizeof(long), sizeof(long long));
	printf("float %zu double %zu ldouble %zu bool %zu\n", sizeof(float), sizeof(double), sizeof(long double), sizeof(_Bool));
	printf("ptr %zu %zu %zu %zu\n", sizeof(void *), sizeof(char *), sizeof(int (*)(int)), sizeof(struct s3 *));
	printf("size_t %zu ptrdiff_t %zu\n", sizeof(size_t), sizeof(ptrdiff_t));
	printf("s1 %zu s2 %zu s3 %zu s4 %zu s5 %zu s6 %zu s7 %zu\n", sizeof(struct s1), sizeof(struct s2), sizeof(struct s3),
	       sizeof(struct s4), sizeof(struct s5), sizeof(struct s6), sizeof(struct s7));
	printf("u1 %zu e1 %zu s3_t %zu\n", sizeof(union u1), sizeof(enum e1), sizeof(s3_t));
	printf("arr %zu p %zu *p %zu arr[0] %zu &arr %zu\n", sizeof arr, sizeof p, sizeof *p, sizeof arr[0], sizeof &arr);
	printf("lit %zu %zu\n", sizeof "hello", sizeof "");
	printf("expr %zu %zu %zu %zu %zu\n", sizeof(i + 1L), sizeof(1.0f * 2), sizeof('x'), sizeof(i == 1), sizeof(&f));
	printf("not evaluated %zu i=%d\n", sizeof(i++), i);
	printf("2d %zu %zu\n", sizeof(int[3][4]), sizeof(double[2][5][3]));
	printf("f() %zu\n", sizeof f(1));
	printf("char ops %zu %zu\n", sizeof(char) + sizeof(char), sizeof((char)1 + (char)1));
	printf("unsigned: %d\n", sizeof(int) - 5 > 0);
	{
		struct s3 x;
		printf("member %zu %zu %zu\n", sizeof x.c, sizeof x.d, sizeof(((struct s5 *)0)->a));
	}
	return 0;
}
