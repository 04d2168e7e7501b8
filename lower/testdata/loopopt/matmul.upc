/* i-k-j matrix product: every subscript gets a running address. */
void matmul(int n, double *a, double *b, double *c) {
	for (int i = 0; i < n; i++)
		for (int k = 0; k < n; k++) {
			double aik = a[i * n + k];
			for (int j = 0; j < n; j++)
				c[i * n + j] += aik * b[k * n + j];
		}
}
