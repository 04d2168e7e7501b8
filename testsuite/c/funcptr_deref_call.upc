// gcc: yes
// threads: 1
/* Calling through an explicitly dereferenced function pointer, (*f)(x),
   the spelling of older C code: of a variable, of a returned pointer, of a
   table element and of a struct member. (*f) is a function designator
   that decays back to the pointer, so (**f)(x) works too. */
#include <stdio.h>

static int neg(int x) { return -x; }
static int sq(int x) { return x * x; }
static int (*choose(int i))(int) { return i ? sq : neg; }
static int (*table[2])(int) = {neg, sq};
struct holder {
	int (*fn)(int);
};

int main(void) {
	int (*f)(int) = neg;
	struct holder h = {sq};
	printf("%d\n", (*f)(8));
	printf("%d\n", (*choose(1))(3));
	printf("%d\n", (*table[0])(5));
	printf("%d\n", (*h.fn)(4));
	printf("%d\n", (**f)(1));
	return 0;
}
