/* NPB CG's row loop: the bound rowstr[i + 1] is loaded once when the loop
   stores nothing to memory and calls nothing, and the loop stops on a
   running address. NOT so when the body stores to memory (y[i] could be
   rowstr[i + 1]) or calls a function. */
void f(int n, int *rowstr, int *colidx, double *a, double *x, double *y) {
	for (int i = 0; i < n; i++) {
		double sum = 0.0;
		for (int k = rowstr[i]; k < rowstr[i + 1]; k++)
			sum += a[k] * x[colidx[k]];
		y[i] = sum;
	}
	for (int i = 0; i < n; i++)
		for (int k = rowstr[i]; k < rowstr[i + 1]; k++)
			y[k] = a[k];
}
int g(int);
void h(int n, int *rowstr, double *a) {
	for (int k = 0; k < rowstr[n]; k++)
		a[k] = g(k);
}
