// gcc: yes
/* Pointer-to-shared expressions built from a shared array's name at the
   start of if, while, for and switch conditions, and in a for loop that
   walks one-past-the-end. */
#include <stdio.h>
#include <upc.h>

shared int a[2 * THREADS];

int main(void) {
	int n = 0;
	shared int *p;
	if (MYTHREAD != 0)
		return 0;
	if (&a[1] - &a[0] == 1)
		printf("if ok\n");
	p = &a[0];
	while (&a[2] > p)
		p++;
	printf("while %d\n", (int)(p - &a[0]));
	for (p = &a[0]; p < &a[2 * THREADS]; p++)
		n++;
	printf("for %d\n", n - 2 * THREADS);
	switch (&a[3] - &a[1]) {
	case 2:
		printf("switch ok\n");
		break;
	default:
		printf("switch wrong\n");
	}
	return 0;
}
