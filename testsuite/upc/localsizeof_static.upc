// static-threads: 3
/* With THREADS fixed at compile time (-T 3) upc_localsizeof is the exact
   largest share for any dimension: shared [4] int[10] puts blocks of 4, 4
   and 2 elements on threads 0, 1 and 2, so 16 bytes; a cyclic int[10]
   puts 4 on thread 0. */
#include <stdio.h>
#include <upc.h>

shared [4] int E[10];
shared int F[10];

int main(void) {
	char e[upc_localsizeof(E)], f[upc_localsizeof(F)];
	if (MYTHREAD == 0)
		printf("E %d, F %d\n", (int)sizeof e, (int)sizeof f);
	return 0;
}
