/* The loop's own variable, read only by subscripts that became running
   addresses and by a condition against an invariant, is dropped: the loop
   stops on the first running address (one iteration count computed
   before it). Up by 1, up by 3 with <=, down by 2 with >=, down with >. */
void f(int n, int lo, double *a, double *b) {
	for (int j = 0; j < n; j++)
		a[j] = 2 * b[j + 1];
	for (int j = lo; j <= n - 1; j += 3)
		a[j] += 1;
	for (int j = n; j >= lo + 1; j -= 2)
		b[2 * j] = a[j - 1];
	for (int j = n; j > 0; j--)
		b[j] = 0;
}
