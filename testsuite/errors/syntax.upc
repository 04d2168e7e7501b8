/* Syntax errors: each is reported at its own line, and the parser
   recovers at the next statement or declaration, so later errors are
   found too and correct code between them raises nothing. */
#include <stdio.h>

int ok_before = 1;

int main(void) {
	int x = 1
	int y = 2; /* ERROR "expected ';'" */
	x = (y + 3;  /* ERROR "expected '[)]'" */
	y = x * 2;
	if x > 0 { /* ERROR "expected '[(]'" */
	}
	return 0;
}

int ok_after(int a) { return a + 1; }
