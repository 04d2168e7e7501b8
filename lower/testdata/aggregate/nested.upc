/* Four nested loops, each with a shared read: the pass aggregates the
 * outermost and leaves the loops inside it as written (one per nest), so
 * each body is emitted once. */
#include <upc.h>
#include <stdio.h>
#define N 8
shared double v[N*THREADS];

int main(void) {
  double s = 0;
  for (int a = 0; a < N; a++) {
    s += v[a];
    for (int b = 0; b < N; b++) {
      s += v[b];
      for (int c = 0; c < N; c++) {
        s += v[c];
        for (int d = 0; d < N; d++)
          s += v[d];
      }
    }
  }
  printf("%g\n", s);
  return 0;
}
