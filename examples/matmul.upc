/* matmul.upc: C = A x B with upc_forall. A and C are distributed by
 * blocks of ROWS rows per thread; B is small, so each thread copies it
 * into private memory with one upc_memget. upc_forall with the affinity
 * &C[i][0] makes the thread that owns row i of C compute it, so every
 * write is local and every read of A is too.
 *
 *   upcgo run -n 4 examples/matmul.upc
 */
#include <upc.h>
#include <stdio.h>

#define ROWS 2      /* rows of A and C per thread */
#define N 6         /* columns of A, rows of B */
#define P 4         /* columns of B and C */

shared [ROWS * N] double A[ROWS * THREADS][N];
shared [ROWS * P] double C[ROWS * THREADS][P];
shared [] double B[N][P];                     /* all on thread 0 */

int main(void) {
    int i, j, k;
    double b[N][P];                           /* private copy of B */

    upc_forall (i = 0; i < ROWS * THREADS; i++; &A[i][0])
        for (k = 0; k < N; k++)
            A[i][k] = i + k;
    if (MYTHREAD == 0)
        for (k = 0; k < N; k++)
            for (j = 0; j < P; j++)
                B[k][j] = (k == j) + 0.5 * j;
    upc_barrier;

    upc_memget(b, B, sizeof b);
    upc_forall (i = 0; i < ROWS * THREADS; i++; &C[i][0]) {
        for (j = 0; j < P; j++) {
            double sum = 0;
            for (k = 0; k < N; k++)
                sum += A[i][k] * b[k][j];
            C[i][j] = sum;
        }
    }
    upc_barrier;

    if (MYTHREAD == 0) {
        int show[2] = {0, ROWS * THREADS - 1};
        printf("C is %d x %d; first and last rows:\n", ROWS * THREADS, P);
        for (i = 0; i < 2; i++) {
            for (j = 0; j < P; j++)
                printf(" %7.1f", C[show[i]][j]);
            printf("\n");
        }
    }
    return 0;
}
