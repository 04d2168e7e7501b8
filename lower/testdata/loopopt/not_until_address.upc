/* NOT stopped on an address (the variable is still stepped and tested):
   the variable is read after the loop (declared outside it), read by the
   body, compared with a bound the body changes, with != or with a long
   bound, stepped away from its bound, or its address is taken. */
int f(int n, long m, double *a, int *p) {
	int i;
	for (i = 0; i < n; i++)
		a[i] = 1;
	for (int j = 0; j < n; j++)
		a[j] = j;
	for (int j = 0; j < n; j++) {
		a[j] = 2;
		if (a[0] > 5)
			n--;
	}
	for (int j = 0; j != n; j++)
		a[j] = 3;
	for (int j = 0; j < m; j++)
		a[j] = 4;
	for (int j = 0; j > n; j++)
		a[j - n] = 5;
	for (int k = 0; k < n; k++) {
		a[k] = 6;
		p = &k;
	}
	return i + *p;
}
