/* A 5-point stencil: u[i*n + j - 1], u[i*n + j] and u[i*n + j + 1] share
   one running address. */
void step(int n, double *u, double *v) {
	for (int i = 1; i < n - 1; i++)
		for (int j = 1; j < n - 1; j++)
			v[i * n + j] = 0.25 * (u[(i - 1) * n + j] + u[(i + 1) * n + j] + u[i * n + j - 1] + u[i * n + j + 1]);
}
