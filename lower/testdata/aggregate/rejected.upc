/* Rejected loops stay as written: a barrier, a loop-carried dependence,
 * a break, a conditional access. */
#include <upc.h>
#define N 16
shared int x[N*THREADS];
shared double v[N*THREADS];

int main(void) {
  for (int i = 0; i < N; i++) { v[i] = 1; upc_barrier; }
  for (int i = 1; i < N; i++) x[i] = x[i-1] + 1;
  for (int i = 0; i < N; i++) { if (v[i] < 0) break; x[i] = 1; }
  for (int i = 0; i < N; i++) if (i % 2) x[i] = 1;
  return 0;
}
