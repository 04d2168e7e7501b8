/* The line mapping (docs/lowering.md, "Line mapping"): a statement whose
   expression spans lines, a call on a line of its own, a function that
   falls off its end. */
#include <upc.h>

int twice(int v) { return 2 * v; }

void fill(shared int *p, int x, int d)
{
	*p = x +
	    x * (x - 1) +
	    x / d;
	*p += twice(
	    x) +
	    twice(d);

}

int main(void) {
	static shared int r;
	fill(&r, 3, 1);
	return 0;
}
