/* Declarations UPC 1.3 rejects (dynamic THREADS environment): [*] in a
   typedef or in a pointer to an array (it takes its block size from an
   array object's dimensions, 6.5.1.1), or giving a block above
   UPC_MAX_BLOCK_SIZE; THREADS twice in a typedef; a shared array
   of an incomplete enum; a function returning a shared-qualified type; a
   layout qualifier on void; a strict typedef used as relaxed; and a tag
   used for an enum and a struct. */
#include <upc.h>

enum later;
typedef shared [*] int StarT[THREADS];              /* ERROR "\[\*\] cannot be used in a typedef" */
shared [*] int (*star_ptr)[10];                     /* ERROR "\[\*\] is not allowed in a pointer type" */
shared [*] char too_big[(1 << 21) * THREADS];       /* ERROR "block size 2097152 that \[\*\] gives 'too_big' exceeds UPC_MAX_BLOCK_SIZE" */
shared [*] char fits[1024 * THREADS];               /* fine */
shared [] int indefinite_ok[100];                   /* fine */
typedef shared int Twice[THREADS][THREADS];         /* ERROR "THREADS may appear in only one dimension of the shared array 'Twice'" */
typedef shared int Once[THREADS];                   /* fine */
shared enum later colors[THREADS];                  /* ERROR "array type has incomplete element type 'shared enum later'" */
shared int returns_shared(void);                    /* ERROR "function cannot return a shared-qualified type" */
shared [5] void *blocked_void;                      /* ERROR "layout qualifier cannot be applied to void" */
shared void *generic;                               /* fine */
typedef strict shared int StrictInt;
relaxed StrictInt both;                             /* ERROR "both strict and relaxed" */
strict StrictInt twice_strict;                      /* fine */
struct tag;
enum tag { RED };                                   /* ERROR "'tag' defined as a different kind of tag" */
enum later { GREEN };
shared enum later complete[THREADS];                /* fine: complete now */

int main(void) {
	return 0;
}
