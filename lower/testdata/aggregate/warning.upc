/* A warning in the body of an aggregated loop is printed once. */
#include <upc.h>
#define N 16
shared double v[N*THREADS];

int main(void) {
  double s = 0;
  int *p;
  for (int i = 0; i < N; i++) {
    p = 3;
    s += v[i] + (p != 0);
  }
  return (int)s;
}
