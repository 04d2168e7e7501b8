// gcc: yes
// threads: 1
/* Variables whose names have the shape of the translation's temporaries
   (p1, v2, old3, lit4, ...): a temporary declared around a C operand
   must not shadow one of them. Here the GNU "a ?: b" binds a to a
   temporary, and b reads v1..v9, p1..p3 and old1..old3. */
#include <stdio.h>

static int zero(void) { return 0; }

int main(void) {
	int v1 = 1, v2 = 2, v3 = 3, v4 = 4, v5 = 5, v6 = 6, v7 = 7, v8 = 8, v9 = 9;
	int p1 = 10, p2 = 20, p3 = 30, old1 = 100, old2 = 200, old3 = 300, str1 = 1000;
	int x = zero() ?: v1 + v2 + v3 + v4 + v5 + v6 + v7 + v8 + v9;
	int y = zero() ?: p1 + p2 + p3 + old1 + old2 + old3;
	printf("%d %d %d\n", x, y, str1);
	return 0;
}
