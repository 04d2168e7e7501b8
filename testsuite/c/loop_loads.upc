// gcc: yes
// threads: 1
/* Subscripts the loop pass (lower/loopopt_loads.go) gives running
   addresses although their index reads memory or a variable the body
   sets, checked against gcc: NAS FT's block copy (dimensions read through
   a pointer, i_i = i + ii set first in the body), a global in the index,
   and the shapes it must leave alone: a variable read before the body
   sets it or set twice, an int store that changes a dimension, a
   zero-trip loop and a loop leaving before the subscript with a null
   dimension pointer (reading it early would fault), a condition with a
   side effect, and struct elements of complex numbers (FT's fftz2, where
   a local complex is read once before the loop unless a pointer to it
   exists; FT's evolve, through a global pointer, with whole complex
   numbers stored, unless a pointer store changes the pointer). A loop
   variable declared at the top of the function and set by the next
   loop's init is dead after the loop, which then counts on an address
   (MG's resid); one read after the loop, by an enclosing loop, or after a
   label keeps its final value. */
#include <stdio.h>

typedef struct { double real, imag; } dcomplex;

#define NX 8
#define NY 4
#define NZ 3
#define BLOCK 2

int g_stride = 3, g_off = 1;
double *tw, tw1[64], tw2[64], **twp = &tw;

static double checksum(const double *a, int n) {
	double s = 0;
	int i;
	for (i = 0; i < n; i++)
		s = s * 1.5 + a[i] - (double)i;
	return s;
}

/* FT's cffts2 shape: y[j][i] = x(k, j, i + ii), dimensions in d[]. */
static void block_copy(const int d[3], const dcomplex *x, dcomplex *out, dcomplex y[NY][BLOCK]) {
	int i, j, k, ii, i_i;
	for (k = 0; k < d[2]; k++)
		for (ii = 0; ii <= d[0] - BLOCK; ii += BLOCK) {
			for (j = 0; j < d[1]; j++)
				for (i = 0; i < BLOCK; i++) {
					i_i = i + ii;
					y[j][i].real = x[k*d[1]*d[0] + j*d[0] + i_i].real;
					y[j][i].imag = x[k*d[1]*d[0] + j*d[0] + i_i].imag;
				}
			for (j = 0; j < d[1]; j++)
				for (i = 0; i < BLOCK; i++) {
					i_i = i + ii;
					out[k*d[1]*d[0] + j*d[0] + i_i].real = 2 * y[j][i].real;
					out[k*d[1]*d[0] + j*d[0] + i_i].imag = y[j][i].imag - 1;
				}
			if (i_i != ii + BLOCK - 1)
				printf("i_i after the loop: %d\n", i_i);
		}
}

/* FT's fftz2 shape: struct elements, a local complex read in the loop. */
static void butterfly(int n, dcomplex w, const dcomplex *x, dcomplex *y) {
	dcomplex u1;
	int j;
	u1.real = w.real;
	u1.imag = w.imag;
	for (j = 0; j < n; j++) {
		double ar = x[j].real, ai = x[j].imag, br = x[j + n].real, bi = x[j + n].imag;
		y[j].real = ar + br;
		y[j].imag = ai + bi;
		y[j + n].real = u1.real * (ar - br) - u1.imag * (ai - bi);
		y[j + n].imag = u1.real * (ai - bi) + u1.imag * (ar - br);
	}
}

/* FT's evolve shape: tw is a global pointer in memory, complex numbers
   stored whole. */
static void evolve(const int d[2], dcomplex *u0, dcomplex *u1) {
	int i, k;
	for (k = 0; k < d[1]; k++)
		for (i = 0; i < d[0]; i++) {
			u0[k*d[0] + i].real *= tw[k*d[0] + i];
			u0[k*d[0] + i].imag *= tw[k*d[0] + i];
			u1[k*d[0] + i] = u0[k*d[0] + i];
		}
}

/* The loop changes c through a pointer: c.real is read on each iteration. */
static double through_pointer(int n) {
	dcomplex c = { 1, 0 };
	dcomplex *pc = &c;
	double s = 0;
	int i;
	for (i = 0; i < n; i++) {
		s = s * 2 + c.real;
		pc->real += 1;
	}
	return s;
}

/* C89 loop variables: dead after the loops but in the cases noted. */
static void dead_after(int n, double *y) {
	int i;
	for (i = 0; i < n; i++)
		y[i] = 1;
	for (i = 1; i < n - 1; i++)
		y[i] += y[i - 1] + y[i + 1];
}

static int read_after(int n, double *y) {
	int i, k, s = 0;
	for (i = n - 1; i >= 0; i -= 3)
		y[i] *= 2;
	s += i; /* -1, -2 or -3 */
	i = 7;
	for (k = 0; k < 3; k++) {
		s = s * 10 + i; /* 7, then n from the loop below */
		for (i = 0; i < n; i++)
			y[i] += k;
	}
	return s;
}

static int label_after(int n, double *y) {
	int i, s = 0;
	for (i = 0; i < n; i += 4)
		y[i] -= 1;
again:
	s += i;
	if (s < 1000)
		goto again;
	return s;
}

int main(void) {
	static dcomplex x[NX * NY * NZ], out[NX * NY * NZ], y[NY][BLOCK];
	static double a[64], b[64];
	int d[3] = { NX, NY, NZ };
	int i, v, n0 = 0, cnt = 0, *nd = 0;
	double s;

	for (i = 0; i < NX * NY * NZ; i++) {
		x[i].real = i % 7 + 0.5 * i;
		x[i].imag = 3 - i % 5;
	}
	block_copy(d, x, out, y);
	s = 0;
	for (i = 0; i < NX * NY * NZ; i++)
		s = s * 0.5 + out[i].real - 3 * out[i].imag + i;
	printf("block copy: %.6f, out[37] = (%.1f, %.1f)\n", s, out[37].real, out[37].imag);

	/* v is read before the body sets it: the previous iteration's value. */
	for (i = 0; i < 64; i++)
		a[i] = i;
	v = 5;
	for (i = 0; i < 10; i++) {
		b[i] = a[v * 2];
		v = i + 1;
	}
	printf("read before set: %.1f %.1f %.1f, v = %d\n", b[0], b[1], b[9], v);

	/* v set twice: each subscript sees its own value. */
	for (i = 0; i < 10; i++) {
		v = i;
		b[v] = a[v + 3];
		v = i + 20;
		b[v] = a[v * 2];
	}
	printf("set twice: %.6f\n", checksum(b, 64));

	/* An int store changes the dimension the index reads. */
	{
		int dims[1] = { 2 };
		int *alias = &dims[0];
		for (i = 0; i < 64; i++)
			b[i] = 0;
		for (i = 0; i < 6; i++) {
			b[dims[0] + 2 * i] = i + 1;
			*alias = *alias + 1;
		}
		printf("int store: %.6f, dims[0] = %d\n", checksum(b, 64), dims[0]);
	}

	/* A global in the index. */
	for (i = 0; i < 64; i++)
		b[i] = 0;
	for (i = 0; i < 12; i++)
		b[g_off * 2 + 3 * i + g_stride] = a[i] * 2;
	printf("global: %.6f\n", checksum(b, 64));

	/* Reading nd[0] before these loops would fault. */
	for (i = 0; i < n0; i++)
		b[nd[0] + i] = 1;
	for (i = 0; i < 5; i++) {
		if (i >= 0)
			break;
		b[nd[0] + i] = 1;
	}
	printf("null dimension untouched: i = %d\n", i);

	/* A condition with a side effect is evaluated as often as written. */
	for (i = 0; cnt++ < 4; i++)
		b[d[0] + i] = i;
	printf("condition: cnt = %d, i = %d, %.6f\n", cnt, i, checksum(b, 64));

	{
		dcomplex w = { 0.5, -0.25 };
		butterfly(NX, w, x, out);
		printf("butterfly: %.6f %.6f %.6f\n", out[3].real, out[NX + 5].imag, out[2 * NX - 1].real);
	}
	{
		int d2[2] = { 8, 4 };
		static dcomplex u0[32], u1[32];
		for (i = 0; i < 32; i++) {
			u0[i].real = i;
			u0[i].imag = 1 - i;
			tw1[i] = 0.5 * (i % 3);
			tw2[i] = 2;
		}
		tw = tw1;
		evolve(d2, u0, u1);
		printf("evolve: %.2f %.2f %.2f %.2f\n", u1[5].real, u1[5].imag, u1[31].real, u1[31].imag);
		/* A pointer store changes tw on the way: from the second element
		   on the loop reads tw2. */
		for (i = 0; i < 8; i++) {
			b[i] = tw[i + 2];
			*twp = tw2;
		}
		printf("pointer store: %.1f %.1f %.1f\n", b[0], b[1], b[7]);
	}
	printf("through a pointer: %.1f\n", through_pointer(5));
	for (i = 0; i < 64; i++)
		b[i] = 0;
	dead_after(10, b);
	v = read_after(10, b);
	printf("dead after: %d %.6f\n", v, checksum(b, 64));
	v = label_after(10, b);
	printf("label: %d %.6f\n", v, checksum(b, 64));
	return 0;
}
