/* Rows of one pointer at invariant distances share one running offset:
   u[(i - 1)*n + j], u[(i + 1)*n + j] and u[i*n + j +- 1] are three Go
   pointers to the rows, fixed before the loop, plus the offset. NOT shared: a row of another
   pointer, a row whose offset the body changes (no running address at
   all), and a column of u (a different stride). */
void f(int n, int k, double *u, double *w, double *r) {
	for (int i = 1; i < n - 1; i++)
		for (int j = 1; j < n - 1; j++)
			r[i * n + j] = u[(i - 1) * n + j] + u[(i + 1) * n + j] + u[i * n + j - 1] + u[i * n + j + 1] + w[(i + 1) * n + j];
	for (int j = 0; j < n; j++) {
		r[j] = u[k * n + j] + u[j] + u[2 * j];
		if (r[j] > 1)
			k++;
	}
}
