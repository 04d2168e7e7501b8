/* NAS FT's fftz2: u1, a local struct whose address is never taken, is
   read in the inner loop, which cannot change it: its members are read
   once, before the loop that first leaves them unchanged (the loop over
   k, not the one over i, which sets u1). NOT so when the function takes
   u1's address or a member's, or the struct has an array member. */
typedef struct { double real, imag; } dcomplex;
void fftz2(int li, int lk, const dcomplex *u, const dcomplex *x, dcomplex *y) {
	dcomplex u1;
	for (int i = 0; i < li; i++) {
		u1.real = u[i].real;
		u1.imag = -u[i].imag;
		for (int k = 0; k < lk; k++) {
			y[k].real = u1.real * x[k].real - u1.imag * x[k].imag;
			y[k].imag = u1.real * x[k].imag + u1.imag * x[k].real;
		}
	}
}
void taken(int n, dcomplex *y, dcomplex **p) {
	dcomplex c = { 1, 2 };
	*p = &c;
	for (int k = 0; k < n; k++)
		y[k].real = c.real;
}
void member_taken(int n, dcomplex *y, double **p) {
	dcomplex c = { 1, 2 };
	*p = &c.imag;
	for (int k = 0; k < n; k++)
		y[k].real = c.imag;
}
struct vec { double v[2]; double w; };
void array_member(int n, double *y, double **p) {
	struct vec s = { { 1, 2 }, 3 };
	*p = s.v;
	for (int k = 0; k < n; k++)
		y[k] = s.w;
}
