/* The program of issue 12: a shared array of 10^15 ints per thread
   compiled and died at start-up with a goroutine dump; it is a compile
   error, as it is when THREADS is fixed by -T. */
#include <upc.h>

shared int a[1000000000000000*THREADS]; /* ERROR "static shared data needs at least 4000000000000000 bytes per thread with 'a'" */

int main(void) { return 0; }
