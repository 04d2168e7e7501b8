/* Private struct copies (aggregateCopy): up to 32 bytes in 8-byte words
   when both addresses are pure, so that a copy of members just stored one
   by one loads them straight from the stores; other sizes up to 64 bytes
   one Go assignment of the bytes; larger ones crt.Copy; shared ones
   Memput/Memget as before. */
#include <upc.h>
typedef struct { double re, im; } cplx;
typedef struct { double x, y, z; } vec3;
typedef struct { int a, b, c; } three;
typedef struct { long w[8]; } words8;
typedef struct { double v[9]; } big72;
shared cplx sc[THREADS];

cplx make(double r) { cplx c; c.re = r; c.im = -r; return c; }

void copies(cplx *u0, cplx *u1, double *tw, vec3 *v, three *t, words8 *w, big72 *b, int n) {
    int i;
    cplx c;
    for (i = 0; i < n; i++) {
        u0[i].re *= tw[i];
        u0[i].im *= tw[i];
        u1[i] = u0[i];
    }
    v[1] = v[0];
    t[1] = t[0];
    w[1] = w[0];
    b[1] = b[0];
    *u1++ = u0[0];
    c = make(2.0);
    u1[0] = u1[1] = c;
    sc[MYTHREAD] = c;
    c = sc[0];
}
int main(void) { return 0; }
