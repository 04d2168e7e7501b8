// gcc: yes
// threads: 1 2
/* Type qualifiers: const objects and pointers to const (reading through
   them), const pointers, volatile variables (every access happens; the
   values are ordinary here), const in parameters, a const struct, and
   const arrays with sizeof; plus register and auto storage classes. */
#include <stdio.h>

static const int limit = 5;
static const char *const names[] = {"a", "b"};

static int total(const int *p, int n) {
	int s = 0;
	while (n-- > 0)
		s += *p++;
	return s;
}

struct cfg {
	int w, h;
};

int main(void) {
	if (MYTHREAD != 0)
		return 0;
	const int arr[] = {1, 2, 3, limit};
	printf("%d %zu\n", total(arr, 4), sizeof arr);
	int x = 1;
	int *const cp = &x;
	*cp = 7;
	const int *pc = &x;
	printf("%d %d\n", x, *pc);
	volatile int v = 0;
	for (int i = 0; i < 10; i++)
		v += i;
	printf("%d\n", v);
	const struct cfg c = {3, 4};
	printf("%d %s%s\n", c.w * c.h, names[0], names[1]);
	register int r = 40;
	auto int a = 2;
	printf("%d\n", r + a);
	const volatile unsigned long cvl = 123456789012UL;
	printf("%lu\n", cvl);
	return 0;
}
