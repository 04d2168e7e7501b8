/* Transformed: &colidx[k] and &x[1] take the address of an element,
   not of the pointer colidx or of x (x is an array, in C memory anyway),
   so colidx stays a Go variable and its loop gets a running address, as
   in NPB CG's makea and sparse product. */
void mark(int *p);
double f(int *colidx, double *a, int n) {
	double x[4];
	mark(&colidx[n - 1]);
	mark((int *)&x[1]);
	double sum = 0;
	for (int k = 0; k < n; k++) {
		sum += a[k] * colidx[k];
	}
	return sum;
}
