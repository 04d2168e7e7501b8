// static-threads: 4
/* As static_shared_huge.upc with THREADS fixed at compile time: the
   dimension is one constant, laid out over 4 threads. */
#include <upc.h>

shared int a[1000000000000000*THREADS]; /* ERROR "static shared data needs at least 4000000000000000 bytes per thread with 'a'" */
shared [] int b[100];

int main(void) { return 0; }
