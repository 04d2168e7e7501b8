// gcc: yes
// threads: 1
/* Prototypes with variable-length array parameters, at file scope and in
   a block: the lengths name the prototype's own parameters, which exist
   only in the definition (it was an error, "variable-length array at file
   scope"). */
#include <stdio.h>

void fill(int rows, int cols, int m[rows][cols]);

int main(void) {
	int sum(int n, int v[n]);
	int grid[2][3];
	fill(2, 3, grid);
	printf("%d %d\n", grid[1][2], sum(3, grid[1]));
	return 0;
}

void fill(int rows, int cols, int m[rows][cols]) {
	for (int i = 0; i < rows; i++)
		for (int j = 0; j < cols; j++)
			m[i][j] = 10 * i + j;
}

int sum(int n, int v[n]) {
	int s = 0;
	for (int i = 0; i < n; i++)
		s += v[i];
	return s;
}
