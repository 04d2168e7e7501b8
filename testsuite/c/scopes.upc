// gcc: yes
// threads: 1 2
/* Scopes: a block-scope variable hides a file-scope one of the same name
   and the outer one is visible again after the block; nested blocks;
   a parameter hidden by nothing but reusable as a variable; names in a
   for-declaration end with the loop; an extern declaration inside a block
   refers to the file-scope object; and a static function-scope variable
   with the same name as a global. */
#include <stdio.h>

int x = 1;

static int get_x(void) { return x; }

static int param(int x) {
	x *= 2;
	{
		int x = 100;
		x++;
	}
	return x;
}

int main(void) {
	if (MYTHREAD != 0)
		return 0;
	printf("global %d\n", x);
	int x = 2;
	printf("local %d global via function %d\n", x, get_x());
	{
		int x = 3;
		{
			int x = 4;
			printf("innermost %d\n", x);
		}
		printf("inner %d\n", x);
		{
			extern int x;
			x = 50;
			printf("extern %d\n", x);
		}
	}
	printf("local %d global %d\n", x, get_x());
	printf("param %d\n", param(21));
	for (int x = 10; x < 12; x++)
		printf("loop %d\n", x);
	printf("after loop %d\n", x);
	{
		static int x = 7;
		x++;
		printf("static %d\n", x);
	}
	int y = x + 1;
	printf("y %d\n", y);
	return 0;
}
