/* Static shared data whose size per thread is known at compile time to
   exceed the largest shared segment (64 TiB per thread: the static data,
   then the shared heap) is a compile error: it compiled and died
   at start-up with a Go panic (issue 12). With THREADS in a dimension each
   thread holds at least the rest of the dimensions; an indefinite array
   lies on one thread; the sizes add up. Array sizes that overflow or are
   negative are errors too. */
#include <upc.h>

shared int fits[1000*THREADS];
shared double half[2000000000000*THREADS];      /* 16 TB per thread: fits */
shared [] char all[40000000000000];             /* 40 TB more, on thread 0: fits with half */
shared [4] long more[2000000000000*THREADS];    /* ERROR "static shared data needs at least [0-9]+ bytes per thread with 'more', more than a thread's shared segment can hold [(]70368744177664 bytes" */
char huge[0xffffffffffffffff];                  /* ERROR "size of array is too large" */
int wide[4611686018427387904];                  /* ERROR "size of array is too large" */
shared int negative[-5*THREADS];                /* ERROR "size of array is negative" */
shared int product[4611686018427387904*THREADS]; /* ERROR "size of array is too large" */

int main(void) { return 0; }
