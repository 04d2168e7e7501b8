/* The 27-point shape (NPB MG's resid): in the loop over k, u's rows
   u[((i + di)*n + j + dj)*n + k + dk] are nine Go pointers, fixed before
   the loop, plus one running offset they share; the constant inside the
   last term (k - 1, k + 1) is a displacement, so every access is one
   memory operand. r and v, one row each, keep their running C address. */
void resid(int n, double *u, double *v, double *r, double *a) {
	for (int i = 1; i < n - 1; i++)
		for (int j = 1; j < n - 1; j++)
			for (int k = 1; k < n - 1; k++) {
				double faces = u[((i - 1) * n + j) * n + k] + u[((i + 1) * n + j) * n + k] + u[(i * n + j - 1) * n + k] + u[(i * n + j + 1) * n + k] + u[(i * n + j) * n + k - 1] + u[(i * n + j) * n + k + 1];
				double corners = u[((i - 1) * n + j - 1) * n + k - 1] + u[((i + 1) * n + j + 1) * n + (k + 1)];
				r[(i * n + j) * n + k] = v[(i * n + j) * n + k] - a[0] * u[(i * n + j) * n + k] - a[2] * faces - a[3] * corners;
			}
}
