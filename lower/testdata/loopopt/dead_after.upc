/* NAS MG's resid: i1, declared at the top of the function, is set by the
   init clause of every loop that reads it, so it is dead after each loop:
   the loops count on a running address as if they declared it. NOT so when
   the variable is read after the loop, read by an enclosing loop before
   the next loop sets it, or the function has a label. */
void resid(int n1, double *r, const double *u, double *u1) {
	int i1;
	for (i1 = 0; i1 < n1; i1++)
		u1[i1] = u[i1] * 2;
	for (i1 = 1; i1 < n1 - 1; i1++)
		r[i1] = u1[i1 - 1] + u1[i1 + 1];
}
int read_after(int n, double *y) {
	int i;
	for (i = 0; i < n; i++)
		y[i] = 0;
	return i;
}
void read_by_outer(int n, double *y) {
	int i = 0, k;
	for (k = 0; k < n; k++) {
		y[k] = i;
		for (i = 0; i < n; i++)
			y[i] += 1;
	}
}
void label(int n, double *y) {
	int i;
	for (i = 0; i < n; i++)
		y[i] = 0;
again:
	if (n-- > 0)
		goto again;
}
