/* Accepted: upc_forall keeps its locality plan; x[i] is proved local
 * and stays a direct access, x[i+1] is aggregated. An integer affinity
 * the plan cannot follow is tested per iteration. */
#include <upc.h>
#define N 16
shared double v[N*THREADS];
shared double x[N*THREADS];

int main(void) {
  double s = 0;
  upc_forall (int i = 0; i < N*THREADS-1; i++; &x[i])
    s += x[i] + x[i+1];
  upc_forall (int i = 0; i < N; i++; i*i)
    s += v[i];
  return (int)s;
}
