/* Accepted: read-modify-writes whose Go reads the element twice (a _Bool
   compound assignment converts back through crt.Bool; ++ on a float). The
   element's address, agg.At, hands out a buffer slot per call: it is taken
   once, into a pointer, and used for the read and the store. */
#include <upc.h>
#define N 16
shared _Bool flag[N*THREADS];
shared float w[N*THREADS];

int main(void) {
  for (int i = 0; i < N; i++)
    flag[2*i+1] >>= 1;
  for (int i = 0; i < N; i++)
    w[2*i+1]++;
  return 0;
}
