// gcc: yes
// threads: 1
/* The loop shapes the loop pass (lower/loopopt.go) turns into running
   addresses, and the ones it must leave alone, checked against gcc: affine
   subscripts with negative and non-unit steps, rows of 2-d arrays, struct
   elements, a loop variable used after the loop, pointers that alias,
   variables changed in the body or the condition, an address taken,
   unsigned wraparound, an index that would overflow int before the first
   access, a goto or a switch into the body, continue, and rows of
   several pointers as Go pointers. */
#include <stdio.h>
#include <limits.h>

#define N 16

struct pt { int x, y; };

static int sum(const int *a, int n) {
	int s = 0, i;
	for (i = 0; i < n; i++)
		s = s * 3 + a[i];
	return s;
}

static void clear(int *a, int n) {
	int i;
	for (i = 0; i < n; i++)
		a[i] = 0;
}

int main(void) {
	int a[N], b[N], m[4][5];
	struct pt ps[N];
	int i, j, k, n = N;
	long l;
	int *p, *q;

	/* Negative step, and an index that falls as the variable rises. */
	for (i = 0; i < n; i++)
		a[i] = i * 7 % 11;
	for (i = n - 1; i >= 0; i--)
		b[n - 1 - i] = a[i] + i;
	printf("reverse %d\n", sum(b, n));

	/* Steps of 3 and -2, a coefficient of 2, a constant offset. */
	clear(b, n);
	for (i = 1; i < n; i += 3)
		b[i - 1] = a[(i - 1) / 3 * 0 + i] * 2;
	for (i = n / 2 - 1; i >= 0; i -= 2)
		b[2 * i + 1] += a[i] - 1;
	printf("steps %d\n", sum(b, n));

	/* Rows and columns of a 2-d array; struct elements. */
	for (i = 0; i < 4; i++)
		for (j = 0; j < 5; j++)
			m[i][j] = i * 10 + j;
	k = 0;
	for (j = 0; j < 5; j++)
		for (i = 3; i >= 0; i--)
			k = k * 2 + m[i][j] % 3;
	for (i = 0; i < n; i++) {
		ps[i].x = i;
		ps[i].y = -i * i;
	}
	printf("2-d %d %d struct %d %d\n", m[3][4], k, ps[5].y, ps[n - 1].x);

	/* The loop variable after a break and after the condition fails. */
	for (i = 0; i < n; i++)
		if (a[i] == 6)
			break;
	for (j = 3; j < n; j += 4)
		b[j] = j;
	printf("after %d %d\n", i, j);

	/* Aliasing: p and q into the same array, overlapping. */
	for (i = 0; i < n; i++)
		b[i] = 1;
	p = b + 1;
	q = b;
	for (i = 0; i < n - 1; i++)
		p[i] = q[i] + p[i];
	printf("alias %d %d\n", b[n - 1], sum(b, n));

	/* Variables changed in the body: the offset, the base pointer, the
	   loop variable itself. */
	clear(b, n);
	k = 0;
	for (i = 0; i < 8; i++) {
		b[k + i] += i + 1;
		if (i == 2)
			k += 5;
	}
	printf("offset %d\n", sum(b, n));
	clear(b, n);
	p = b;
	for (i = 0; i < 6; i++) {
		p[i] = i + 1;
		if (i == 3)
			p = b + 8;
	}
	printf("base %d\n", sum(b, n));
	clear(b, n);
	for (i = 0; i < n; i++) {
		b[i] = i;
		if (i == 4)
			i += 3;
	}
	printf("variable %d\n", sum(b, n));

	/* The condition changes the offset; the offset's address is taken and
	   it changes through the pointer. */
	clear(b, n);
	k = 0;
	for (i = 0; i < 5 && k++ < 9; i++)
		b[i + k] = i + 1;
	printf("condition %d\n", sum(b, n));
	clear(b, n);
	{
		int off = 0, *po = &off;
		for (i = 0; i < 6; i++) {
			b[i + off] = i + 1;
			*po += 1;
		}
	}
	printf("address %d\n", sum(b, n));

	/* Unsigned arithmetic wraps: index u + big is u - 4 modulo 2^32. */
	clear(b, n);
	{
		unsigned u, big = UINT_MAX - 3;
		for (u = 4; u < 10; u++)
			b[u + big] = (int)u;
		for (j = 0; j < 4; j++)
			b[j + 10 + big] += 100;
	}
	printf("unsigned %d\n", sum(b, n));

	/* The first index would overflow int; the access runs only where it
	   does not. */
	clear(b, n);
	for (j = -2200000; j <= 0; j += 100000)
		if (j == 0)
			b[1000 * j + 3] = 7;
	for (j = 5; j < 0; j++)
		b[j + 1000000] = 1; /* never runs */
	printf("overflow %d\n", sum(b, n));

	/* long variables, short offsets, continue. */
	clear(b, n);
	{
		short s = -2;
		for (l = 2; l < N; l++) {
			if (l % 3 == 0)
				continue;
			b[l + s] = (int)l;
		}
	}
	printf("long %d\n", sum(b, n));

	/* A goto into the body. */
	clear(b, n);
	i = 5;
	goto inside;
	for (i = 0; i < 10; i++) {
	inside:
		b[i + 1] += i;
	}
	printf("goto %d\n", sum(b, n));

	/* A switch jumping into the body. */
	clear(b, n);
	i = 3;
	switch (n % 2 + 1) {
	case 0:
		for (i = 0; i < 10; i++) {
			b[i] += 1;
	case 1:
			b[i + 2] += i;
		}
	}
	printf("switch %d\n", sum(b, n));

	/* The loop's own variable, read only by running addresses and the
	   condition, is dropped for a count: steps that do not divide the
	   range, <= and >=, a range that is empty or negative, break, continue,
	   and loops that keep it (read in the body, a bound the body moves). */
	clear(b, n);
	for (int v = 1; v < n; v += 3)
		b[v] += 1;
	for (int v = 2; v <= n - 3; v += 4)
		b[v + 1] += 2;
	for (int v = n - 1; v >= 3; v -= 5)
		b[v - 2] += 4;
	for (int v = n / 2; v > -3; v--)
		b[v + 3] += 8;
	for (int v = 7; v < 7; v++)
		b[v] += 100;
	for (int v = 5; v <= 2; v++)
		b[v] += 200;
	for (int v = 0; v >= n; v--)
		b[v] += 300;
	printf("count %d\n", sum(b, n));
	clear(b, n);
	for (int v = 0; v < n; v++) {
		if (a[v] == 6)
			break;
		b[v] = 3;
		b[v + 1] = -1;
	}
	for (int v = 0; v < n - 2; v += 2) {
		if (a[v] % 2)
			continue;
		b[v + 2] += 5;
	}
	k = n;
	for (int v = 0; v < k; v++) {
		b[v] += v;
		if (b[v] > 12)
			k--;
	}
	printf("count break %d\n", sum(b, n));

	/* Rows of one array at invariant distances share a running address:
	   a 5-point stencil over a 4 x 4 grid, rows above and below, a row
	   two below through a pointer into the middle, and columns. */
	for (i = 0; i < n; i++)
		b[i] = a[i] * (i + 1) - 20;
	{
		int w = 4, *mid = b + w;
		clear(a, n);
		for (i = 1; i < 3; i++)
			for (int c = 1; c < w - 1; c++)
				a[i * w + c] = b[(i - 1) * w + c] * 3 + b[(i + 1) * w + c] * 5 + b[i * w + c - 1] * 7 + b[i * w + c + 1] - mid[(i + 1) * w + c - 8] * 11;
		printf("rows %d", sum(a, n));
		for (i = 0; i < w; i++)
			for (j = 0; j < 2; j++)
				a[j * w + i] += b[(j + 2) * w + i] - mid[j * w + i + 4] + b[i * 2 + j * 0];
		printf(" %d\n", sum(a, n));
	}

	/* Rows as Go pointers plus one running offset (a 27-point stencil's
	   shape, NPB MG): rows of one pointer at invariant distances, the
	   constant inside the last term (k - 1, k + 1) a displacement; rows at
	   the array's edges (the first row above the grid, reached through a
	   pointer into its middle, at negative distances); rows stepping down;
	   two pointers into one array whose rows alias, written in the body
	   and read back on later iterations; a row of char; struct elements
	   (no row pointers); the addresses of rows' elements and their
	   differences; and a body that changes a row's offset or the
	   pointer (no running address at all). */
	{
		int g[6 * 6 * 6], h[6 * 6 * 6], n3 = 6, *mid = g + 2 * 36, *up = g + 36;
		char cs[6 * 6];
		struct pt ps[6 * 6];
		for (i = 0; i < n3 * n3 * n3; i++) {
			g[i] = (i * 7) % 23 - 11;
			h[i] = 0;
		}
		for (i = 0; i < 36; i++) {
			cs[i] = (char)(i * 5 - 90);
			ps[i].x = i - 17;
			ps[i].y = 3 * i;
		}
		for (i = 1; i < n3 - 1; i++)
			for (j = 1; j < n3 - 1; j++)
				for (int k = 1; k < n3 - 1; k++)
					h[(i * n3 + j) * n3 + k] = g[((i - 1) * n3 + j) * n3 + k - 1] + 2 * g[((i + 1) * n3 + j - 1) * n3 + (k + 1)]
						- 3 * g[(i * n3 + j) * n3 + k] + g[(i * n3 + (j + 1)) * n3 + (k - 1)] * g[((i + 1) * n3 + (j + 1)) * n3 + k];
		printf("rows27 %d", sum(h, 6 * 36));
		for (j = 0; j < n3; j++)
			for (int k = 1; k < n3 - 1; k++)
				h[j * n3 + k] = mid[(-2 * n3 + j) * n3 + k - 1] - mid[(-1 * n3 + j) * n3 + k + 1] + mid[j * n3 + k] + up[(-1 * n3 + j) * n3 + (k + 1)];
		printf(" edges %d", sum(h, 36));
		for (j = 1; j < n3 - 1; j++)
			for (int k = n3 - 2; k >= 1; k--)
				h[j * n3 + k] += g[(j - 1) * n3 + k + 1] * 2 - g[(j + 1) * n3 + k - 1] + cs[(j - 1) * n3 + k] - cs[j * n3 + k + 1];
		printf(" down %d", sum(h, 36));
		for (j = 1; j < n3 - 1; j++)
			for (int k = 1; k < n3 - 1; k++) {
				/* up[j*n3 + k] is g[(j + 6)*n3 + k]: written through up,
				   read through g one row later */
				up[j * n3 + k + 1] = g[(j + 5) * n3 + k] + g[(j + 6) * n3 + k - 1] - up[(j - 1) * n3 + k];
				g[(j + 6) * n3 + k + 2 - 1] += up[j * n3 + k] * 2;
			}
		printf(" alias %d", sum(g, 6 * 36));
		for (j = 1; j < 5; j++)
			for (int k = 1; k < 5; k++)
				h[j * 6 + k] = ps[(j - 1) * 6 + k].x + ps[(j + 1) * 6 + k - 1].y - ps[j * 6 + k].x;
		printf(" struct %d", sum(h, 36));
		{
			long d = 0;
			for (j = 1; j < 5; j++)
				for (int k = 1; k < 5; k++) {
					/* addresses of rows' elements, and their differences */
					int *p = &g[(j - 1) * 6 + k + 1], *q = &g[(j + 1) * 6 + k - 1];
					d += (q - p) * k + *p - *q + (&g[j * 6 + k] - &g[(j - 1) * 6 + k - 1]);
				}
			printf(" addr %ld", d);
		}
		{
			/* rows in a loop whose variable lives on (stepped beside the offset) */
			int k2;
			for (k2 = 1; k2 < 5; k2++)
				h[k2] = g[n3 + k2 - 1] * k2 + g[2 * n3 + k2 + 1];
			printf(" kept %d %d", k2, sum(h, 6));
		}
		{
			int r = 1, *q = g;
			for (int k = 1; k < 5; k++) {
				h[k] = q[r * 6 + k] + q[(r + 1) * 6 + k - 1];
				if (h[k] > 0)
					r++;
				if (h[k] < -8)
					q += 3;
			}
			printf(" changed %d\n", sum(h, 6));
		}
	}

	/* A bound loaded from memory (a CSR row's end): read once when the
	   loop writes no memory; re-read when it writes the bound itself. */
	{
		int rows[5] = {0, 3, 3, 9, 16}, tot = 0;
		for (i = 0; i < 4; i++) {
			int s = 0;
			for (int v = rows[i]; v < rows[i + 1]; v++)
				s = s * 5 + a[v];
			tot = tot * 7 + s;
		}
		for (i = 0; i < n; i++)
			b[i] = 2;
		for (int v = 0; v < b[6]; v++)
			b[v] += 1;
		printf("bound %d %d\n", tot, sum(b, n));
	}
	return 0;
}
