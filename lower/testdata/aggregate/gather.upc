/* Accepted: an indirect gather through a private index array. */
#include <upc.h>
#define N 16
shared double v[N*THREADS];

int main(void) {
  int col[N];
  double s = 0;
  for (int j = 0; j < N; j++)
    col[j] = (j * 7) % (N*THREADS);
  for (int k = 0; k < N; k++)
    s += v[col[k]];
  return (int)s;
}
