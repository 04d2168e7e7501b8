// gcc: yes
// threads: 1 2
/* Subscripts the loop pass gives an address that does not move (a fixed
   element of an array or of a pointer, a row of a pointer) standing only
   where C discards the value, the left of a comma, as Csmith writes
   (l_2165[0][0] , x): the Go reads no such address, and declaring it
   anyway was Go that does not compile ("declared and not used"). */
#include <stdio.h>

int g[4][6];
long h[8];
double a[64];

int main(void) {
	int *p = &g[1][0];
	long s = 0;
	for (int i = 0; i < 4; i++) {
		s += (p[3], i);
		s += (h[5], g[i][2], i);
		p[i] = i;
	}
	double *u = a;
	int n = 8;
	double t = 0;
	for (int j = 0; j < 64; j++)
		a[j] = j;
	for (int i = 1; i < 7; i++)
		for (int k = 1; k < n - 1; k++)
			t += (u[(i - 1) * n + k], u[i * n + k] + u[(i + 1) * n + k]);
	if (MYTHREAD == 0)
		printf("s %ld g %d t %g\n", s, g[1][3], t);
	return 0;
}
