// gcc: yes
// threads: 1 2
/* Old-style C that C99 still accepts and old HPC codes contain:
   function definitions with identifier lists and parameter declarations
   (K&R), a function declared without a prototype (int f();) and called
   with arguments (promoted by the default argument promotions), and an
   implicit int return type is NOT used (C99 removed it). */
#include <stdio.h>

int add();
double scale();

int add(a, b)
	int a;
	int b;
{
	return a + b;
}

double scale(x, factor)
	double x;
	int factor;
{
	return x * factor;
}

static int count(s, c)
	char *s;
	int c;
{
	int n = 0;
	while (*s)
		n += *s++ == c;
	return n;
}

int main(void) {
	if (MYTHREAD != 0)
		return 0;
	printf("%d\n", add(2, 3));
	printf("%.1f\n", scale(1.5, 4));
	printf("%d\n", count("banana", 'a'));
	return 0;
}
