// gcc: yes
// threads: 1
/* iso646.h (C99 7.9): the eleven operator spellings, each used once. */
#include <iso646.h>
#include <stdio.h>

int main(void) {
	int a = 12, b = 10, c = 0;
	c = a bitand b;          /* 8 */
	c = c bitor 1;           /* 9 */
	c = c xor 3;             /* 10 */
	c and_eq 14;             /* 10 */
	c or_eq 1;               /* 11 */
	c xor_eq 4;              /* 15 */
	int t = (a > b) and (not (a == b)) and (a not_eq c);
	int u = (a < b) or (compl 0 == -1);
	printf("%d %d %d\n", c, t, u);
	return 0;
}
