// gcc: yes
// threads: 1 2
/* A store into a signed bit-field that holds its storage unit's sign bit
   (signed b : 9 after 23 bits of an int). The mask shifted into place,
   int32(511) << 23, and a constant shifted likewise, (int64(-5) & mask)
   << 3, are Go constants out of the unit type's range: Go that does not
   compile (Csmith seed 56 of the bit-field feature set). */
#include <stdio.h>

struct S {
	unsigned a : 23;
	signed b : 9;
};
struct T {
	signed c : 3;
	signed long long d : 61;
};
struct U {
	signed char e : 4;
	signed char f : 4;
};

struct S g = {5, -1};

int main(void) {
	struct S s = {1, -256};
	struct T t = {-2, -5};
	struct U u = {-8, 7};
	int x = -3;
	int before = s.b;
	s.b = 255;
	int y = (s.b = -1);
	g.b = x;
	t.d = 1;
	u.f = -8;
	if (MYTHREAD == 0)
		printf("%d %d %d %d %d %d %d %lld %d %d\n", before, s.a, s.b, y, g.a, g.b, t.c, (long long)t.d, u.e, u.f);
	return 0;
}
