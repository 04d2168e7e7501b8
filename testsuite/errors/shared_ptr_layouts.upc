/* The layout qualifier is part of a shared type (UPC 1.3 6.4.2, 6.5.1.1):
   pointers-to-shared whose referenced types differ in block size are
   assigned, passed, returned, compared, mixed in ?: or redeclared only
   through a cast (shared void * converts to and from any of them);
   subtraction and the relational operators need the same referenced
   type, since they count elements of one layout. */
#include <upc.h>

shared [2] int A[2 * THREADS];
shared [3] int B[3 * THREADS];
extern shared [2] int *redeclared;
shared [3] int *redeclared;                      /* ERROR "conflicting types for 'redeclared'" */

void take3(shared [3] int *p) {
	(void)p;
}

shared [3] int *give3(shared [2] int *p) {
	return p;                                    /* ERROR "different block sizes need a cast: assigning to 'shared \[3\] int [*]' from 'shared \[2\] int [*]'" */
}

int main(void) {
	shared [2] int *p2 = &A[1];
	shared [3] int *p3 = &B[1];
	shared [] int *pi = (shared [] int *)p2;     /* a cast: fine */
	shared void *v = p2;                         /* shared void: fine */
	shared char *pc = (shared char *)p2;
	long d = 0;
	p3 = p2;                                     /* ERROR "different block sizes need a cast" */
	take3(p2);                                   /* ERROR "different block sizes need a cast for argument 1 of 'take3'" */
	d += p2 == p3;                               /* ERROR "comparison of pointers-to-shared with different block sizes" */
	d += pi != p2;                               /* ERROR "comparison of pointers-to-shared with different block sizes" */
	d += p2 < p3;                                /* ERROR "different block sizes" */
	d += p2 - p3;                                /* ERROR "invalid operands to binary -" */
	d += pc - (shared char *)p2;                 /* same type: fine */
	d += (shared int *)p2 - pc;                  /* ERROR "invalid operands to binary -" */
	d += (shared int *)p2 > pc;                  /* ERROR "relational comparison of pointers-to-shared to different" */
	d += v < v;                                  /* ERROR "relational comparison of pointers-to-shared to different, void" */
	d += v == p2 && p2 == v && v != 0;           /* shared void compares with any: fine */
	p3 = d ? p2 : p3;                            /* ERROR "pointer type mismatch in conditional expression" */
	p2 = d ? p2 : v;                             /* fine */
	p2 = d ? p2 : 0;                             /* fine */
	p3 = (shared [3] int *)p2;                   /* fine */
	return (int)d + (p3 == 0);
}
