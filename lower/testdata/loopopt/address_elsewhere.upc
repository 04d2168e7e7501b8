/* setup(&n) in run puts run's n in C memory, not work's parameter n,
   which stays a Go variable (as NPB MG's n1, n2, n3 in resid once main
   called setup(&n1, ...)): the loop reads it from a register and gets its
   running address. */
void setup(int *n);
double work(double *a, int n) {
	double s = 0;
	for (int i = 0; i < 100; i++)
		s += a[i] * n;
	return s;
}
double run(double *a) {
	int n;
	setup(&n);
	return work(a, n);
}
