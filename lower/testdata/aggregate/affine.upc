/* Accepted: a strided read of a cyclic array, an update, and a store. */
#include <upc.h>
#define N 16
shared double v[N*THREADS];
shared int x[N*THREADS];

int main(void) {
  double s = 0;
  for (int i = 0; i < N; i++)
    s += v[2*i+1];
  for (int i = 0; i < N; i += 2)
    v[3*i+1] += 1.5;
  for (int i = N-1; i >= 0; i--)
    x[i+1] = (int)s + i;
  return (int)s;
}
