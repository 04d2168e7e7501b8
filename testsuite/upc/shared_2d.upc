/* Multi-dimensional shared arrays are laid out by their flat row-major
   index: m[4][THREADS] (cyclic) puts (r, c) on thread c; shared [3]
   rows[THREADS][3] and shared [*] sd[THREADS][3] put row r on thread r;
   shared [2] g[2*THREADS][4] puts (r, c) on thread ((4r + c) / 2) %
   THREADS. Every thread writes what it owns, thread 0 checks owners and
   values, pointer differences between elements, a row used as a pointer,
   and sizeof. */
#include <stdio.h>
#include <upc.h>

shared int m[4][THREADS];
shared [3] int rows[THREADS][3];
shared [*] double sd[THREADS][3];
shared [2] int g[2 * THREADS][4];

int main(void) {
	int r, c, bad = 0;
	for (r = 0; r < 4; r++)
		m[r][MYTHREAD] = 10 * r + MYTHREAD;
	for (c = 0; c < 3; c++) {
		rows[MYTHREAD][c] = 100 * MYTHREAD + c;
		sd[MYTHREAD][c] = MYTHREAD + c / 10.0;
	}
	for (r = 0; r < 2 * THREADS; r++)
		for (c = 0; c < 4; c++)
			if (upc_threadof(&g[r][c]) == MYTHREAD)
				g[r][c] = r * 4 + c;
	upc_barrier;
	if (MYTHREAD != 0)
		return 0;
	for (r = 0; r < 4; r++)
		for (c = 0; c < THREADS; c++)
			if ((int)upc_threadof(&m[r][c]) != c || m[r][c] != 10 * r + c) {
				printf("m[%d][%d]: thread %d value %d\n", r, c, (int)upc_threadof(&m[r][c]), m[r][c]);
				bad++;
			}
	for (r = 0; r < THREADS; r++)
		for (c = 0; c < 3; c++)
			if ((int)upc_threadof(&rows[r][c]) != r || rows[r][c] != 100 * r + c ||
			    (int)upc_threadof(&sd[r][c]) != r || sd[r][c] != r + c / 10.0) {
				printf("rows/sd[%d][%d]: threads %d %d\n", r, c, (int)upc_threadof(&rows[r][c]), (int)upc_threadof(&sd[r][c]));
				bad++;
			}
	for (r = 0; r < 2 * THREADS; r++)
		for (c = 0; c < 4; c++)
			if ((int)upc_threadof(&g[r][c]) != ((4 * r + c) / 2) % THREADS || (int)upc_phaseof(&g[r][c]) != c % 2 ||
			    g[r][c] != r * 4 + c) {
				printf("g[%d][%d]: thread %d phase %d value %d\n", r, c, (int)upc_threadof(&g[r][c]),
				       (int)upc_phaseof(&g[r][c]), g[r][c]);
				bad++;
			}
	if (&m[2][1] - &m[0][0] != 2 * THREADS + 1 || &g[1][0] - &g[0][3] != 1) {
		printf("differences %d %d\n", (int)(&m[2][1] - &m[0][0]), (int)(&g[1][0] - &g[0][3]));
		bad++;
	}
	shared int *row = m[1];
	if (row[0] != 10 || *(row + THREADS - 1) != 10 + THREADS - 1) {
		printf("row %d\n", row[0]);
		bad++;
	}
	printf("sizeof m - 16*THREADS = %d, sizeof rows[0] = %zu\n", (int)(sizeof m - 16 * THREADS), sizeof rows[0]);
	printf("%d bad\n", bad);
	return 0;
}
