/* A subscript invariant in the loop: its address is computed once
   (stride 0); the load still happens every iteration. */
double f(double *a, int k, int n) {
	double s = 0;
	for (int i = 0; i < n; i++)
		s += a[k * 2 + 1] * i;
	return s;
}

/* A constant subscript of a local array: the array's address, plus a
   constant. */
double g(double *u, int n) {
	double w[4] = {1, 2, 3, 4}, s = 0;
	for (int i = 0; i < n; i++)
		s += w[0] * u[i] + w[3];
	return s;
}
