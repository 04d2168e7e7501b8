// gcc: yes
// threads: 1 2
/* An initializer list skips unnamed bit-fields (C11 6.7.9p9: they are no
   members to initialise): {1, 2} for {a : 21; : 0; b : 21} sets a and b.
   Taking an element for the unnamed one shifted every later value by one
   (Csmith seed 27 of the full feature set: a struct with "signed : 0"). */
#include <stdio.h>
#include <stdint.h>

struct zero {
	unsigned a : 21;
	signed : 0;
	signed b : 21;
	signed c : 21;
	uint8_t d;
	signed e : 24;
};

struct pad {
	int : 3; /* unnamed first */
	int x : 5;
	unsigned : 7;
	int y;
	short : 4;
	short z : 6;
};

union first {
	int : 3;
	int v;
	char w;
};

static const struct zero table[2] = {{955, 688, -1429, 252, 2442}, {1, -2, 3, 4, 5}};
struct pad flat[2] = {-3, 100, 17, 9, -8, 31};

int main(void) {
	struct zero z = {7, -6, 5, 4, -3};
	struct pad p = {.x = 2, 300, -9};
	union first u = {12345};
	struct pad lit = (struct pad){4, 5, 6};
	if (MYTHREAD == 0) {
		for (int i = 0; i < 2; i++)
			printf("%d %d %d %d %d\n", table[i].a, table[i].b, table[i].c, table[i].d, table[i].e);
		printf("%d %d %d\n", z.a, z.b, z.e);
		for (int i = 0; i < 2; i++)
			printf("%d %d %d\n", flat[i].x, flat[i].y, flat[i].z);
		printf("%d %d %d\n", p.x, p.y, p.z);
		printf("%d\n", u.v);
		printf("%d %d %d\n", lit.x, lit.y, lit.z);
	}
	return 0;
}
