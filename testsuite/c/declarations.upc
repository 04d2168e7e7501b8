// gcc: yes
// threads: 1 2
/* File-scope declarations: a function used before its definition
   through a prototype, a static function and variable, several
   declarators with different derived types in one declaration (int a,
   *p, arr[3], (*fp)(int)), and a function returning a pointer to an
   array. (Tentative definitions and extern: extern_tentative.upc.) */
#include <stdio.h>

int x = 5;
int y = 11;
static int hidden = 7;
int a = 1, *p = &a, arr[3] = {1, 2, 3}, (*fp)(int);
static int twice(int v) { return 2 * v; }
static int later(int v);
static int (*rows(void))[3];

int main(void) {
	if (MYTHREAD != 0)
		return 0;
	fp = twice;
	printf("%d %d %d\n", x, y, hidden);
	printf("%d %d %d %d\n", a, *p, arr[2], fp(21));
	printf("%d\n", later(4));
	int (*r)[3] = rows();
	printf("%d %d\n", r[0][1], r[1][2]);
	return 0;
}

static int later(int v) { return v * v; }

static int table[2][3] = {{1, 2, 3}, {4, 5, 6}};
static int (*rows(void))[3] { return table; }
