/* The outer loop is rejected (its access is inside the inner loop), so
 * the inner one is the nest's aggregated loop. */
#include <upc.h>
#define N 8
shared double a[N*THREADS][N];

int main(void) {
  double s = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++)
      s += a[i][j];
  return (int)s;
}
