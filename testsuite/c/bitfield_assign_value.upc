// gcc: yes
// threads: 1 2
/* A bit-field assignment of a constant used as a value, (s.f = 5L): the
   value is the field's after the store (C99 6.5.16p3). Its temporary was
   declared from the untyped Go constant (v := 5, a Go int), which the
   field's mask (int32(255)) does not combine with: Go that does not
   compile (Csmith seed 2 of the bit-field feature set:
   if ((p_14.f1 = 5L))). */
#include <stdio.h>

struct S0 {
	unsigned f0 : 15;
	signed f1 : 8;
	signed f2 : 10;
};

static int f(struct S0 p) {
	int r = 0;
	if ((p.f1 = 5L))
		r = 1;
	if ((p.f2 = 300L) < 0)
		r += 2;
	return r + p.f1 + p.f2;
}

int main(void) {
	struct S0 s = {1, 2, 3};
	struct S0 q;
	int a = (q.f1 = 100L);
	unsigned b = (q.f0 = 70000L);
	int c = (q.f2 = 'A');
	if (MYTHREAD == 0)
		printf("%d %d %u %d\n", f(s), a, b, c);
	return 0;
}
