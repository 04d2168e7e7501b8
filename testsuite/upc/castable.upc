// threads: 1 2 3 4
/* UPC 1.3 castability (upc_castable.h; __UPC_CASTABLE__ is predefined):
   upc_cast of a thread's own element is the same private pointer as the
   cast (int *)&A[MYTHREAD]; for every thread, upc_cast succeeds exactly
   when upc_thread_info says that thread's memory is castable, and a write
   through the private pointer is seen through the pointer-to-shared; a
   null pointer-to-shared casts to NULL. Which other threads are castable
   depends on the conduit (all on smp; with MPI, those sharing memory), so
   only the consistency is printed. */
#if !defined(__UPC_CASTABLE__) || __UPC_CASTABLE__ != 1
#error __UPC_CASTABLE__ must be predefined to 1
#endif
#include <stdio.h>
#include <upc.h>
#include <upc_castable.h>

shared int A[THREADS];
shared int bad;

int main(void) {
	int *own = upc_cast(&A[MYTHREAD]);
	if (own == NULL || own != (int *)&A[MYTHREAD])
		bad = 1;
	upc_thread_info_t me = upc_thread_info(MYTHREAD);
	if (me.guaranteedCastable != UPC_CASTABLE_ALL || me.probablyCastable != UPC_CASTABLE_ALL)
		bad = 1;
	upc_barrier;
	for (int t = 0; t < THREADS; t++) {
		int *p = upc_cast(&A[t]);
		upc_thread_info_t info = upc_thread_info(t);
		if ((p != NULL) != (info.guaranteedCastable == UPC_CASTABLE_ALL))
			bad = 1;
		if (p != NULL && t == (MYTHREAD + 1) % THREADS)
			*p = 100 + MYTHREAD; /* the left neighbour writes here */
	}
	if (upc_cast((shared void *)NULL) != NULL)
		bad = 1;
	upc_barrier;
	/* Threads that could not cast wrote nothing: fill those in. */
	int left = (MYTHREAD + THREADS - 1) % THREADS;
	if (upc_cast(&A[MYTHREAD]) && A[MYTHREAD] == 0)
		A[MYTHREAD] = 100 + left;
	upc_barrier;
	if (MYTHREAD == 0) {
		for (int t = 0; t < THREADS; t++)
			if (A[t] != 100 + (t + THREADS - 1) % THREADS)
				bad = 1;
		printf("UPC_CASTABLE_ALL = %#x: %s\n", UPC_CASTABLE_ALL, bad ? "FAILED" : "ok");
	}
	return 0;
}
