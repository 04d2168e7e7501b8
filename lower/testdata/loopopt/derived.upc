/* NAS FT's block copy: i_i, set from the loop variable first in the body,
   stands for i + ii in the subscripts after it, which get running
   addresses. NOT so when the variable is read before the body sets it (the
   previous iteration's value), set twice, or set to a wider value than it
   holds. */
void copy(double *y, const double *x, int n, int ii) {
	int i, i_i;
	for (i = 0; i < n; i++) {
		i_i = i + ii;
		y[i] = x[i_i * 2 + 1];
	}
}
void before(double *y, const double *x, int n) {
	int i, v = 0;
	for (i = 0; i < n; i++) {
		y[i] = x[v];
		v = i + 1;
	}
}
void twice(double *y, const double *x, int n) {
	int i, v;
	for (i = 0; i < n; i++) {
		v = i;
		y[v] = x[v];
		v = i + 1;
	}
}
void narrow(double *y, const double *x, int n, long m) {
	int i, v;
	for (i = 0; i < n; i++) {
		v = i + m;
		y[i] = x[v];
	}
}
