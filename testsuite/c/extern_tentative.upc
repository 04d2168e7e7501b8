// gcc: yes
// threads: 1 2
/* extern declarations and tentative definitions (C99 6.9.2): an object
   declared extern and defined later in the file (what a header and its
   .c file amount to), extern again inside a function, and int x; int x;
   int x = 5; which together define one object. In UPC these are private
   globals, one per thread. */
#include <stdio.h>

extern int y;
extern double table[];
int x;
int x;
int x = 5;
int z;

static int get_y(void) {
	extern int y;
	return y;
}

int main(void) {
	if (MYTHREAD != 0)
		return 0;
	printf("%d %d %d %d %.1f\n", x, y, get_y(), z, table[2]);
	return 0;
}

int y = 11;
double table[3] = {0.5, 1.5, 2.5};
