/* Down-counting and strided loops: the addresses step by -4, +8, -12. */
void rev(int n, int *a, int *b) {
	int i;
	for (i = n - 1; i >= 0; i--)
		b[n - 1 - i] = a[i];
	for (i = 0; i < n; i += 2)
		a[i] = 0;
	for (i = n - 1; i >= 0; i -= 3)
		b[i] += 1;
}
