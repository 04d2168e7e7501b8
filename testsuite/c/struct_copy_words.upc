// gcc: yes
// threads: 1
/* Private struct copies up to 64 bytes are Go assignments, not calls to
   memmove (lower/assign.go, aggregateCopy): 8-byte word by word up to 32
   bytes when both addresses are pure, the bytes in one move otherwise.
   Checked against gcc: every size class (8, 12, 16, 24, 32, 40, 64, 72
   bytes), members stored one by one just before the copy (NAS FT's
   evolve), a copy onto itself, a copy between neighbours in a loop that
   carries the value along, chains, copies to *p++ and from a call, and
   padding and char members. */
#include <stdio.h>
#include <string.h>

typedef struct { double re, im; } cplx;                 /* 16 */
typedef struct { double x, y, z; } vec3;                /* 24 */
typedef struct { int a; double b; short c; long d; } mixed; /* 32, padded */
typedef struct { int a, b, c; } three;                  /* 12 */
typedef struct { char s[40]; } chars40;                 /* 40 */
typedef struct { long w[8]; } words8;                   /* 64 */
typedef struct { double v[9]; } big72;                  /* 72 */
typedef struct { long one; } single;                    /* 8 */

cplx u0[16], u1[16];
double tw[16];
vec3 pts[8];
mixed ms[6];
three ts[5];
chars40 cs[3];
words8 ws[3];
big72 bs[3];
single ss[4];

static cplx make(double r, double i) {
	cplx c;
	c.re = r;
	c.im = i;
	return c;
}

static unsigned long sum_bytes(const void *p, int n) {
	const unsigned char *b = p;
	unsigned long s = 0;
	int i;
	for (i = 0; i < n; i++)
		s = s * 31 + b[i];
	return s;
}

int main(void) {
	int i, k;
	cplx t, *p, *q;
	vec3 v;
	mixed m;

	for (i = 0; i < 16; i++) {
		u0[i].re = i + 0.5;
		u0[i].im = -i * 0.25;
		tw[i] = 1.0 + i / 8.0;
	}
	/* members stored one by one, then the whole struct copied */
	for (k = 0; k < 3; k++)
		for (i = 0; i < 16; i++) {
			u0[i].re *= tw[i];
			u0[i].im *= tw[i];
			u1[i] = u0[i];
		}
	for (i = 0; i < 16; i += 5)
		printf("u1[%d] = %.6f %.6f\n", i, u1[i].re, u1[i].im);

	/* onto itself, directly and through two equal pointers */
	u1[3] = u1[3];
	p = &u1[4];
	q = &u1[4];
	*p = *q;
	printf("self %.6f %.6f %.6f %.6f\n", u1[3].re, u1[3].im, u1[4].re, u1[4].im);

	/* neighbours: each copy reads what the one before stored */
	for (i = 0; i < 15; i++)
		u1[i + 1] = u1[i];
	printf("carried %.6f %.6f %.6f\n", u1[15].re, u1[15].im, u1[9].im);
	for (i = 6; i > 0; i--)
		pts[i - 1] = pts[i];
	for (i = 0; i < 8; i++) {
		pts[i].x = i;
		pts[i].y = 2 * i;
		pts[i].z = 3 * i;
	}
	for (i = 7; i > 0; i--)
		pts[i] = pts[i - 1];
	printf("pts %g %g %g | %g %g %g\n", pts[7].x, pts[7].y, pts[7].z, pts[1].x, pts[1].y, pts[1].z);

	/* 24 and 32 bytes with padding, copied and compared */
	v.x = 1.5;
	v.y = -2.5;
	v.z = 4.25;
	for (i = 0; i < 8; i++) {
		pts[i] = v;
		v.z += 1;
	}
	printf("vec3 %g %g %g\n", pts[7].x, pts[7].y, pts[7].z);
	memset(&m, 0, sizeof m);
	m.a = 7;
	m.b = 0.125;
	m.c = -3;
	m.d = 1234567890123L;
	for (i = 0; i < 6; i++) {
		ms[i] = m;
		m.c++;
		m.d -= 1000;
	}
	printf("mixed %d %g %d %ld %d\n", ms[5].a, ms[5].b, ms[5].c, ms[5].d,
	       memcmp(&ms[0], &ms[0], sizeof(mixed)));

	/* the sizes that are not whole words, and the ones past 32 and 64 */
	for (i = 0; i < 5; i++) {
		ts[i].a = i;
		ts[i].b = i * i;
		ts[i].c = -i;
	}
	for (i = 4; i > 0; i--)
		ts[i] = ts[i - 1];
	printf("three %d %d %d | %d %d %d\n", ts[4].a, ts[4].b, ts[4].c, ts[1].a, ts[1].b, ts[1].c);
	for (i = 0; i < 40; i++)
		cs[0].s[i] = (char)(i * 7 + 1);
	cs[1] = cs[0];
	cs[2] = cs[1];
	printf("chars40 %lu\n", sum_bytes(&cs[2], sizeof(chars40)));
	for (i = 0; i < 8; i++)
		ws[0].w[i] = (long)i * 1000003L - 17;
	for (k = 1; k < 3; k++)
		ws[k] = ws[k - 1];
	printf("words8 %lu\n", sum_bytes(&ws[2], sizeof(words8)));
	for (i = 0; i < 9; i++)
		bs[0].v[i] = i / 3.0;
	bs[2] = bs[1] = bs[0];
	printf("big72 %lu\n", sum_bytes(&bs[2], sizeof(big72)));
	for (i = 0; i < 4; i++)
		ss[i].one = 100 + i;
	ss[0] = ss[3];
	printf("single %ld\n", ss[0].one);

	/* chains, a copy to *p++, and a copy from a call */
	u1[0] = u1[1] = u1[2] = make(3.5, -1.25);
	p = u1;
	for (i = 0; i < 4; i++)
		*p++ = make(i, i + 0.5);
	t = make(9, 8);
	u1[5] = t;
	printf("chain %g %g | %g %g | %g %g | %ld\n", u1[2].re, u1[2].im, u1[3].re, u1[3].im,
	       u1[5].re, u1[5].im, (long)(p - u1));
	return 0;
}
