// gcc: yes
// threads: 1 2
/* C99 features old UPC code uses: _Bool and stdbool.h (any non-zero value
   converts to 1), compound literals (arrays and structs, as lvalues and
   function arguments), mixed declarations and code, // comments,
   inline functions, restrict pointers, long long, and the __func__
   identifier. Variable-length arrays are in vla.upc. */
#include <stdio.h>
#include <stdbool.h>

struct pt {
	int x, y;
};

static int sum_pt(struct pt p) { return p.x + p.y; }
static int sum_arr(const int *a, int n) {
	int s = 0;
	for (int i = 0; i < n; i++)
		s += a[i];
	return s;
}

static inline int twice(int x) { return 2 * x; }

static void add_into(int n, int *restrict dst, const int *restrict src) {
	for (int i = 0; i < n; i++)
		dst[i] += src[i];
}

int main(void) {
	if (MYTHREAD != 0)
		return 0;
	bool b = 5;
	_Bool z = 0.0;
	bool t = true, f = false;
	printf("%d %d %d %d %zu\n", b, z, t, f, sizeof(bool));
	b = b + 1; // still 1: 2 converts to true
	printf("%d\n", b);

	printf("%d\n", sum_pt((struct pt){3, 4}));
	printf("%d\n", sum_arr((int[]){1, 2, 3, 4}, 4));
	struct pt *pp = &(struct pt){.y = 9};
	pp->x = 1;
	printf("%d %d\n", pp->x, pp->y);
	int *ip = (int[3]){0};
	ip[2] = 5;
	printf("%d %d\n", ip[0], ip[2]);

	int a[3] = {1, 2, 3}, c[3] = {10, 20, 30};
	add_into(3, a, c);
	printf("%d %d %d\n", a[0], a[1], a[2]);
	printf("%d %s\n", twice(21), __func__);
	return 0;
}
