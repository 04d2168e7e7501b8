/* Rows that stay running C addresses: struct elements (an aggregate's
   address is a C address the member access adds to), and rows of one
   pointer moving at different strides (one row each). */
struct pt { int x, y; };

int f(int n, struct pt *p, int *q) {
	int s = 0;
	for (int k = 1; k < n - 1; k++)
		s += p[n + k - 1].x + p[2 * n + k].y + q[n + k] + q[3 * k + 1];
	return s;
}
