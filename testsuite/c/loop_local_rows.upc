// gcc: yes
// threads: 1
/* Rows for local pointers (lower/loopopt_rows.go), checked against gcc: a
   local pointer a loop subscripts with an index that is not affine (NAS
   IS's key count, kbp[key_buff2[i]]++) is indexed from a Go pointer made
   before the loop. Each shape below changes the pointer where a row made
   too early, or kept too long, would read or write the wrong array: the
   pointer reassigned after the loop and used again, stepped in the body,
   assigned in the body, in the condition, in a comma expression, in the
   init clause, moved through its address, and in an inner loop;
   nested loops sharing one row; a pointer aliasing the array the loop
   also writes by name; and a pointer into the middle of an array indexed
   with negative offsets. */
#include <stdio.h>

#define N 16

int keys[N] = { 3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3 };

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

static void show(const char *what, const int *a, const int *b) {
	printf("%s %d %d\n", what, sum(a, N), sum(b, N));
}

/* The key count of NAS IS, on a pointer parameter. */
static void count(int *kbp, const int *k, int n) {
	int i;
	for (i = 0; i < n; i++)
		kbp[k[i]]++;
}

int main(void) {
	int a[N], b[N], c[N];
	int i, j, n = N;
	unsigned s;
	int *p, *q, *mid, **pp;

	/* IS's key count, then the pointer reassigned after the loop: the
	   second loop must count into b. */
	clear(a, N);
	clear(b, N);
	p = a;
	for (i = 0; i < n; i++)
		p[keys[i]]++;
	p = b;
	for (i = 0; i < n; i++)
		p[keys[i]] += 2;
	show("reassigned", a, b);
	count(a, keys, n);
	show("parameter", a, b);

	/* Stepped in the body: p[keys[i] % 4] is on a new place each time. */
	clear(a, N);
	p = a;
	for (i = 0; i < n / 2; i++) {
		p[keys[i] % 4] += i + 1;
		p++;
	}
	p = a;
	for (i = 0; i < n / 2; i++) {
		p += 1;
		p[keys[i] % 4] -= i;
	}
	show("stepped", a, b);

	/* Assigned in the body, at i == 5: from there on b. */
	clear(a, N);
	clear(b, N);
	p = a;
	for (i = 0; i < n; i++) {
		p[keys[i]] += i;
		if (i == 5)
			p = b;
	}
	show("assigned", a, b);

	/* Assigned in the condition: a and b in turn. */
	clear(a, N);
	clear(b, N);
	p = c;
	for (i = 0; (p = i % 2 ? b : a) != 0 && i < n; i++)
		p[keys[i]] += i + 1;
	show("condition", a, b);

	/* Assigned in a comma expression. */
	clear(a, N);
	clear(b, N);
	p = a;
	for (i = 0; i < n; i++)
		(i == 3 ? (p = b, 0) : 0), p[keys[i]] += 4;
	show("expression", a, b);

	/* Set by the init clause: the row is made after it. */
	clear(a, N);
	clear(b, N);
	p = a;
	for (p = b, i = 0; i < n; i++)
		p[keys[i]] += 3;
	show("init", a, b);

	/* Moved through its address at i == 7 (p then lives in C memory). */
	clear(a, N);
	clear(b, N);
	q = a;
	pp = &q;
	for (i = 0; i < n; i++) {
		q[keys[i]] += 5;
		if (i == 7)
			*pp = b;
	}
	show("address", a, b);

	/* Nested loops: one row for the outer loop, used by the inner one;
	   then a pointer the outer loop changes between its inner loops. */
	clear(a, N);
	clear(b, N);
	p = a;
	for (i = 0; i < 4; i++)
		for (j = 0; j < 4; j++)
			p[keys[i * 4 + j] ^ i] += j + 1;
	for (i = 0; i < 4; i++) {
		p = i % 2 ? a : b;
		for (j = 0; j < 4; j++)
			p[keys[j * 4 + i]] += i + 1;
	}
	for (i = 0; i < 4; i++)
		for (j = 0; j < 4; j++) {
			p[keys[(i + j) % N]] += 1;
			p = j % 2 ? a : b;
		}
	show("nested", a, b);

	/* An alias of a: stores through p and through a's name, each seen
	   by the next read of the other. */
	for (i = 0; i < N; i++)
		a[i] = i;
	p = a;
	s = 0;
	for (i = 0; i < n; i++) {
		p[keys[i]] = a[keys[(i + 1) % N]] + p[keys[(i + 2) % N]];
		a[keys[(i + 3) % N]] += 1;
		s = s * 7 + p[keys[i]];
	}
	printf("alias %d %u\n", sum(a, N), s);

	/* The middle of an array, with negative offsets. */
	for (i = 0; i < N; i++)
		b[i] = i * i;
	mid = b + N / 2;
	s = 0;
	for (i = 0; i < n; i++) {
		j = keys[i] - N / 2;
		s = s * 5 + mid[j] - mid[-keys[i] + 1];
		mid[j - 1] += 1;
	}
	printf("middle %d %u\n", sum(b, N), s);
	return 0;
}
