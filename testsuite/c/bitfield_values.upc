// gcc: yes
// threads: 1 2
/* The value of ++, --, = and compound assignment on a bit-field is the
   value stored, truncated to the field's width (C99 6.5.16p3, 6.5.3.1):
   ++ of a 3-bit unsigned field holding 7 is 0, not 8 (issue 12); signed
   fields wrap to their negative range as gcc does; postfix forms yield
   the old value. A field reached through a pointer expression with a side
   effect ((p++)->x) is read and written once. */
#include <stdio.h>

struct bits {
	unsigned u : 3;
	int s : 3;
	unsigned char c : 2;
	unsigned long l : 33;
};

int main(void) {
	struct bits b = {7, 3, 3, 0x1ffffffffUL};
	struct bits arr[3] = {{1, 0, 0, 0}, {2, 0, 0, 0}, {3, 0, 0, 0}};
	struct bits *p = arr;
	int v;
	if (MYTHREAD != 0)
		return 0;
	v = ++b.u;
	printf("++u=%d u=%u\n", v, b.u);
	v = --b.u;
	printf("--u=%d u=%u\n", v, b.u);
	b.u = 6;
	v = b.u += 3;
	printf("u+=3 gives %d\n", v);
	v = (b.u = 13);
	printf("u=13 gives %d\n", v);
	v = b.u++;
	printf("u++ gives %d, u=%u\n", v, b.u);
	v = ++b.s;
	printf("++s=%d\n", v);
	v = b.s--;
	printf("s--=%d s=%d\n", v, b.s);
	v = (b.s -= 1);
	printf("s-=1 gives %d\n", v);
	v = (b.s *= 3);
	printf("s*=3 gives %d\n", v);
	v = ++b.c;
	printf("++c=%d\n", v);
	printf("++l=%lu\n", (unsigned long)++b.l);
	v = ++(p++)->u;
	printf("%d %u %u %u %d\n", v, arr[0].u, arr[1].u, arr[2].u, (int)(p - arr));
	(p++)->u += 4;
	p->u++;
	printf("%u %u %u %d\n", arr[0].u, arr[1].u, arr[2].u, (int)(p - arr));
	return 0;
}
