// gcc: yes
// threads: 1
/* A function defined with no type at all, its name in parentheses, and a
   GNU "0 ?: 0" as a statement: the minimised input with which a fuzz
   target over the translation crashed it (issue 12). C89's implicit int
   makes A an int function. */
#include <stdio.h>

(A)() { 0 ?: 0; }

int main(void) {
	A();
	printf("ok\n");
	return 0;
}
