/* A local 2-d array: the row m[i] is invariant in the inner loop, m[i][j]
   gets a running address within it; the outer loop steps the row. */
int rows(void) {
	int m[4][5], s = 0;
	for (int i = 0; i < 4; i++)
		for (int j = 0; j < 5; j++)
			m[i][j] = i + j;
	for (int i = 0; i < 4; i++)
		s += m[i][2];
	return s;
}
