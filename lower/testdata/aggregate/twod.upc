/* Accepted: the column of a cyclic 2-d array, a neighbour's block. */
#include <upc.h>
#define N 16
shared double a[N*THREADS][N];
shared [N] double blk[N*THREADS];

int main(void) {
  double s = 0;
  int c = MYTHREAD, r = (MYTHREAD+1)%THREADS;
  for (int i = 0; i < N*THREADS; i++)
    s += a[i][c];
  for (int k = 0; k < N; k++)
    blk[r*N+k] = s * k;
  return 0;
}
