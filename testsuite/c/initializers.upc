// gcc: yes
// threads: 1 2
/* Initialisers: nested braces, brace elision (a flat list filling a 2-d
   array and an array of structs), partial lists (the rest is zero),
   designated initialisers for arrays ([i] =) and structs (.field =),
   mixing designated and positional, overriding an earlier designator,
   an array size from the initialiser (also with a designator), char
   arrays from strings (exact fit drops the NUL, shorter pads with zeros),
   scalars in braces, and automatic (non-static) aggregates with
   non-constant values. */
#include <stdio.h>

struct point {
	int x, y;
};
struct line {
	struct point a, b;
	int width;
};

int main(void) {
	int i;
	if (MYTHREAD != 0)
		return 0;

	int m[2][3] = {{1, 2, 3}, {4}};
	int flat[2][3] = {1, 2, 3, 4};
	printf("%d %d %d | %d %d %d\n", m[1][0], m[1][1], m[1][2], flat[1][0], flat[1][1], flat[1][2]);

	struct point pts[3] = {1, 2, 3, 4};
	printf("%d %d %d %d %d %d\n", pts[0].x, pts[0].y, pts[1].x, pts[1].y, pts[2].x, pts[2].y);

	int d[8] = {[2] = 20, [5] = 50, 60, [0] = 1};
	for (i = 0; i < 8; i++)
		printf("%d ", d[i]);
	printf("\n");

	int sized[] = {[4] = 4, 5};
	printf("sized %zu\n", sizeof sized / sizeof sized[0]);

	struct line l = {.b = {.y = 9}, .width = 3, .a.x = 5};
	printf("%d %d %d %d %d\n", l.a.x, l.a.y, l.b.x, l.b.y, l.width);

	struct point o = {.y = 1, .x = 2, .y = 3};
	printf("override %d %d\n", o.x, o.y);

	struct line mixed = {{1, 2}, .width = 7};
	printf("%d %d %d %d %d\n", mixed.a.x, mixed.a.y, mixed.b.x, mixed.b.y, mixed.width);

	char exact[3] = "abc";
	char padded[6] = "ab";
	char fromstr[] = "xyz";
	printf("%c%c%c %d %d %d %zu\n", exact[0], exact[1], exact[2], padded[2], padded[5], fromstr[3], sizeof fromstr);
	char words[][5] = {"one", "two", "three"};
	printf("%s %s %.5s %zu\n", words[0], words[1], words[2], sizeof words);

	int scalar = {42};
	printf("scalar %d\n", scalar);

	int n = 3;
	int dyn[4] = {n, n * n, n + 1};
	struct point dp = {n, -n};
	printf("%d %d %d %d %d %d\n", dyn[0], dyn[1], dyn[2], dyn[3], dp.x, dp.y);

	struct point parr[] = {[1].y = 7, [0] = {1, 1}};
	printf("%zu %d %d %d\n", sizeof parr / sizeof parr[0], parr[0].x, parr[1].x, parr[1].y);

	static int st[3][2] = {[1] = {5, 6}, [2][1] = 8};
	printf("%d %d %d %d %d %d\n", st[0][0], st[0][1], st[1][0], st[1][1], st[2][0], st[2][1]);

	double reals[3] = {1, 2.5f, 'A'};
	printf("%.1f %.1f %.1f\n", reals[0], reals[1], reals[2]);
	return 0;
}
