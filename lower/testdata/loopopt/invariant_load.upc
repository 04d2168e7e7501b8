/* NAS FT's block copy: d[0] and d[1] are read once, before the loop, into
   the first address of x[k*d[1]*d[0] + j*d[0] + i] when the loop stores
   only doubles through memory and calls nothing (an int cannot change),
   and the loop is set up only when its condition holds; a global in C
   memory likewise. NOT so when the body stores an int, calls a function,
   reads the subscript only after a branch, or the condition has a side
   effect. */
int g, *gp = &g;
void copy(const int d[3], double *y, const double *x, int k, int j) {
	for (int i = 0; i < d[0]; i++)
		y[i] = x[k*d[1]*d[0] + j*d[0] + i];
}
void global(double *y, const double *x, int n) {
	for (int i = 0; i < n; i++)
		y[i] = x[g + i];
}
void int_store(const int *d, int *y, const int *x, int n) {
	for (int i = 0; i < n; i++)
		y[i] = x[d[0] + i];
}
double f(double);
void call(const int *d, double *y, const double *x, int n) {
	for (int i = 0; i < n; i++)
		y[i] = f(x[d[0] + i]);
}
void branch(const int *d, double *y, const double *x, int n) {
	for (int i = 0; i < n; i++) {
		if (y[i] > 0)
			continue;
		y[i] = x[d[0] + i];
	}
}
void side_effect(const int *d, double *y, const double *x, int n) {
	int c = 0;
	for (int i = 0; c++ < n; i++)
		y[i] = x[d[0] + i];
}
/* NAS FT's evolve: the base is a global pointer in C memory (its address
   is taken), a struct of doubles is stored whole. NOT so when the struct
   stored holds an int. */
double *tw, **twp = &tw;
typedef struct { double re, im; } dcomplex;
typedef struct { double re; int tag; } tagged;
void evolve(const int *d, dcomplex *u0, dcomplex *u1, int k) {
	for (int i = 0; i < d[0]; i++) {
		u0[k*d[0] + i].re *= tw[k*d[0] + i];
		u1[k*d[0] + i] = u0[k*d[0] + i];
	}
}
void tagged_store(const int *d, tagged *u0, tagged *u1, int k) {
	for (int i = 0; i < d[0]; i++)
		u1[k*d[0] + i] = u0[k*d[0] + i];
}
