/* A designated index must lie inside the array (C99 6.7.8p6), as gcc
   requires: a negative one reached Go as a constant overflowing uintptr.
   Designators inside the bounds, and ones that size an array of unknown
   length, compile. */
int fixed[3] = {[2] = 1};
int sized[] = {[4] = 1};
int beyond[3] = {[3] = 1};          /* ERROR "array index in initializer exceeds array bounds" */

int main(void) {
	int neg[] = {1, [-1] = 2};      /* ERROR "array index in initializer exceeds array bounds" */
	int grid[2][2] = {[1][5] = 3};  /* ERROR "array index in initializer exceeds array bounds" */
	return fixed[2] + sized[4] + neg[0] + grid[0][0];
}
