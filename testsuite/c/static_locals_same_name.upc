// gcc: yes
// threads: 1 2
/* Block-scope statics that share a name: two in one function (each its
   own object, keeping its value across calls), one shadowing another in a
   nested block, and a global whose name is the function's name and the
   static's joined by '_', as upcgo once named static locals: the
   generated Go declared one field twice (issue 12). */
#include <stdio.h>

int count_n = 100;

int count(int which) {
	if (which) {
		static int n = 10;
		return ++n;
	}
	{
		static int n = 20;
		{
			static int n = 30;
			n += 2;
		}
		return ++n;
	}
}

int main(void) {
	int i;
	if (MYTHREAD != 0)
		return 0;
	for (i = 0; i < 2; i++)
		printf("%d %d\n", count(1), count(0));
	printf("%d\n", count_n);
	return 0;
}
