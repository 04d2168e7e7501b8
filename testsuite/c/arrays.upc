// gcc: yes
// threads: 1 2
/* Arrays of arrays: row-major layout, a[i] decaying to a row pointer,
   pointers to arrays (int (*)[4]), passing 2-d arrays to functions,
   sizeof of whole arrays and rows, 3-d arrays, arrays of pointers vs
   pointers to arrays, and a matrix transpose and product. */
#include <stdio.h>

#define R 3
#define C 4

static int trace(int m[][C], int rows) {
	int i, s = 0;
	for (i = 0; i < rows && i < C; i++)
		s += m[i][i];
	return s;
}

static void mul(int n, double a[3][3], double b[3][3], double c[3][3]) {
	int i, j, k;
	for (i = 0; i < n; i++)
		for (j = 0; j < n; j++) {
			c[i][j] = 0;
			for (k = 0; k < n; k++)
				c[i][j] += a[i][k] * b[k][j];
		}
}

int main(void) {
	int m[R][C];
	int i, j;
	if (MYTHREAD != 0)
		return 0;
	for (i = 0; i < R; i++)
		for (j = 0; j < C; j++)
			m[i][j] = 10 * i + j;
	printf("sizeof m=%zu row=%zu elem=%zu\n", sizeof m, sizeof m[0], sizeof m[0][0]);
	printf("rows=%zu\n", sizeof m / sizeof m[0]);
	printf("m[2][3]=%d *(*(m+1)+2)=%d\n", m[2][3], *(*(m + 1) + 2));
	/* The array is contiguous: row 1 starts right after row 0. */
	printf("flat[5]=%d\n", (&m[0][0])[5]);
	printf("row gap=%td\n", (char *)m[1] - (char *)m[0]);

	int (*rp)[C] = m;
	rp++;
	printf("(*rp)[0]=%d rp[1][1]=%d\n", (*rp)[0], rp[1][1]);
	printf("trace=%d\n", trace(m, R));

	{
		int cube[2][3][4];
		int n = 0, s = 0;
		int a, b, c;
		for (a = 0; a < 2; a++)
			for (b = 0; b < 3; b++)
				for (c = 0; c < 4; c++)
					cube[a][b][c] = n++;
		for (a = 0; a < 2; a++)
			s += cube[a][2][3];
		printf("cube: %zu %d %d %d\n", sizeof cube, cube[1][0][0], cube[1][2][1], s);
	}
	{
		const char *names[] = {"zero", "one", "two"};
		char grid[3][6] = {"abc", "defgh", ""};
		printf("%s %s %c\n", names[2], names[1] + 1, names[0][3]);
		printf("%s %s %zu %zu\n", grid[1], grid[0], sizeof grid, sizeof names);
		printf("%d\n", grid[2][0]);
	}
	{
		double a[3][3] = {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}};
		double id[3][3] = {{0, 0, 1}, {0, 1, 0}, {1, 0, 0}};
		double c[3][3];
		mul(3, a, id, c);
		for (i = 0; i < 3; i++)
			printf("%g %g %g\n", c[i][0], c[i][1], c[i][2]);
		mul(3, a, a, c);
		printf("a*a: %g %g\n", c[0][0], c[2][2]);
	}
	return 0;
}
