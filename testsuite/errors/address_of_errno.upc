/* errno lives in each thread's C library state, not in C memory: taking
   its address is an error at the line (it was reported as an internal
   error). Reading and setting it work. */
#include <errno.h>
#include <stdio.h>

int main(void) {
	int *where = &errno; /* ERROR "the address of errno cannot be taken" */
	errno = 0;
	printf("%d\n", errno + *where);
	return 0;
}
