// threads: 1 2 3 4
/* upc_localsizeof is an integer constant (UPC 1.3 6.4.1) wherever THREADS
   does not change it, so it sizes private arrays and names enumeration
   constants: a shared scalar (its size), an indefinite array (all of it),
   and arrays whose dimension is N*THREADS (ceil(N/B) blocks of B
   elements: shared [3] int[10*THREADS] is 4 blocks, 48 bytes, on every
   thread count; [*] gives each thread one block of N). */
#include <stdio.h>
#include <upc.h>

shared int A[10 * THREADS];
shared [3] int B[10 * THREADS];
shared [*] int C[5 * THREADS];
shared double s;
shared [] int D[7];

enum { NA = upc_localsizeof(A), NB = upc_localsizeof(B), NC = upc_localsizeof(C), NS = upc_localsizeof(s), ND = upc_localsizeof(D) };

int arr[upc_localsizeof(shared int)];

int main(void) {
	static char buf[upc_localsizeof(B)];
	switch (sizeof buf) {
	case upc_localsizeof(B):
		break;
	default:
		printf("not a case label\n");
	}
	if (MYTHREAD == 0)
		printf("A %d, B %d, C %d, s %d, D %d, arr %d, buf %d\n", NA, NB, NC, NS, ND, (int)sizeof arr, (int)sizeof buf);
	return 0;
}
