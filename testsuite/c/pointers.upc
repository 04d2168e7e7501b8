// gcc: yes
// threads: 1 2
/* Pointer arithmetic: p + n scales by the element size, p - q counts
   elements (ptrdiff_t), one-past-the-end pointers compare and subtract,
   relational comparison within an array, pointers to pointers, pointers
   to array elements of structs and doubles, and *p++ / *++p / (*p)++. */
#include <stdio.h>
#include <stddef.h>

struct pt {
	int x, y;
	char tag;
};

static void fill(int *dst, int n, int v) {
	int *end = dst + n;
	while (dst < end)
		*dst++ = v++;
}

static int sum(const int *p, const int *end) {
	int s = 0;
	for (; p != end; p++)
		s += *p;
	return s;
}

static void swap(int **a, int **b) {
	int *t = *a;
	*a = *b;
	*b = t;
}

int main(void) {
	int a[10];
	int *p, *q;
	if (MYTHREAD != 0)
		return 0;
	fill(a, 10, 1);
	printf("sum=%d\n", sum(a, a + 10));
	p = &a[2];
	q = a + 7;
	printf("q-p=%td p-q=%td\n", q - p, p - q);
	printf("p<q=%d p>=q=%d end-a=%td\n", p < q, p >= q, (a + 10) - a);
	printf("p[3]=%d *(q-1)=%d 2[a]=%d\n", p[3], *(q - 1), 2 [a]);
	printf("p[-2]=%d\n", p[-2]);

	p = a;
	printf("*p++=%d ", *p++);
	printf("*p=%d ", *p);
	printf("*++p=%d ", *++p);
	printf("(*p)++=%d ", (*p)++);
	printf("a[2]=%d\n", a[2]);

	{
		double d[5] = {0.5, 1.5, 2.5, 3.5, 4.5};
		double *dp = d + 4;
		printf("%.1f %td %d\n", *dp, dp - d, (int)((char *)dp - (char *)d));
	}
	{
		struct pt pts[3] = {{1, 2, 'a'}, {3, 4, 'b'}, {5, 6, 'c'}};
		struct pt *sp = pts;
		sp++;
		printf("%d %d %c\n", sp->x, (sp + 1)->y, sp[-1].tag);
		printf("%d\n", (int)((char *)&pts[2] - (char *)&pts[0]));
		int *yp = &pts[1].y;
		printf("%d\n", *yp);
	}
	{
		int x = 1, y = 2;
		int *px = &x, *py = &y;
		swap(&px, &py);
		printf("%d %d\n", *px, *py);
		int **pp = &px;
		**pp = 99;
		printf("y=%d\n", y);
	}
	{
		/* Walking backwards from one past the end. */
		int *e = a + 10;
		int n = 0;
		while (e > a)
			n += *--e;
		printf("backwards=%d\n", n);
	}
	{
		int *null = NULL;
		printf("null==0: %d, !null: %d\n", null == 0, !null);
		void *v = a;
		printf("void*: %d\n", v == (void *)a);
	}
	return 0;
}
