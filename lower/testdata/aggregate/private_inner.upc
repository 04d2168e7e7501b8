/* A private loop inside an aggregated one (examples/matmul.upc's shape):
 * the j loop is aggregated (its store to c goes through the buffer); the
 * k loop inside its body still gets the loop pass's running addresses
 * for a[i*N + k] and b[k*N + j]. */
#include <upc.h>
#define N 8
shared [N] double c[N*THREADS][N];
double a[N*N], b[N*N];

int main(void) {
  int i = MYTHREAD;
  for (int j = 0; j < N; j++) {
    double s = 0;
    for (int k = 0; k < N; k++)
      s += a[i*N + k] * b[k*N + j];
    c[i][j] = s;
  }
  return 0;
}
