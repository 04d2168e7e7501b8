// gcc: yes
// threads: 1 2
/* C99 variable-length arrays: a local array sized at run time (sizeof is
   evaluated at run time), a 2-d VLA, a VLA parameter int m[rows][cols]
   whose row length comes from an earlier parameter, and a VLA in a loop
   body getting a new size each iteration. */
#include <stdio.h>

static void fill(int rows, int cols, int m[rows][cols]) {
	for (int i = 0; i < rows; i++)
		for (int j = 0; j < cols; j++)
			m[i][j] = i * cols + j;
}

int main(void) {
	if (MYTHREAD != 0)
		return 0;
	int n = 3 + THREADS;
	int vla[n];
	for (int i = 0; i < n; i++)
		vla[i] = i * i;
	printf("vla %zu %d\n", sizeof vla / sizeof vla[0] - THREADS, vla[n - 1] - (n - 1) * (n - 1));
	int rows = 2, cols = 5;
	int m[rows][cols];
	fill(rows, cols, m);
	printf("m %d %d %zu %zu\n", m[1][2], m[0][4], sizeof m / sizeof m[0], sizeof m[0]);
	for (int k = 1; k <= 3; k++) {
		char buf[k * 2];
		printf("%zu ", sizeof buf);
	}
	printf("\n");
	return 0;
}
