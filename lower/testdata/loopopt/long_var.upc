/* A long loop variable, a short offset (promoted to int), continue: the
   post statement still steps the address after continue. */
void f(long n, double *a, short s) {
	for (long l = 2; l < n; l++) {
		if (l % 3 == 0)
			continue;
		a[l + s] = l;
	}
}
