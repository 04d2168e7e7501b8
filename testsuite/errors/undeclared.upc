/* Names used without a declaration: a variable, a misspelt variable, a
   struct member that does not exist, and a variable used outside the
   block that declared it; the address of an undeclared name, taken twice
   (the second crashed the translation: found by FuzzTranslate). (An
   unknown type name is a syntax error: unknown_type.upc.) */
#include <stdio.h>

struct point {
	int x, y;
};

int main(void) {
	int count = 0;
	struct point p = {1, 2};
	total = 5;                /* ERROR "undeclared|total" */
	cuont++;                  /* ERROR "undeclared|cuont" */
	p.z = 3;                  /* ERROR "no member|z" */
	{
		int inner = 1;
		count += inner;
	}
	printf("%d\n", inner);    /* ERROR "undeclared|inner" */
	int *where = &missing;    /* ERROR "'missing' undeclared" */
	where = &missing;
	return count;
}
