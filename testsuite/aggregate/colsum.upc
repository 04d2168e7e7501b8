/* The column of a cyclic 2-d array summed by every thread (an aggregated
   read, one get per owner), the array filled by thread 0 (an aggregated
   store), and a store and a sum through a pointer-to-shared longer than one strip of the default 1 MiB buffer. */
#include <upc.h>
#include <stdio.h>

#define R 6
#define C 5
#define BIG 140000

shared double a[R*THREADS][C];
shared int ok[THREADS];
shared [] double *big;

int main(void) {
    if (MYTHREAD == 0)
        for (int i = 0; i < R*THREADS; i++)
            for (int j = 0; j < C; j++)
                a[i][j] = i*C + j;
    big = (shared [] double *)upc_all_alloc(1, BIG * sizeof(double));
    if (MYTHREAD == 0)
        for (int i = 0; i < BIG; i++)
            big[i] = i % 10;
    upc_barrier;

    int c = MYTHREAD % C;
    double s = 0;
    for (int i = 0; i < R*THREADS; i++)
        s += a[i][c];
    /* sum over i of i*C + c */
    double n = R*THREADS;
    ok[MYTHREAD] = s == C*(n-1)*n/2 + c*n;
    upc_barrier;

    if (MYTHREAD == 0) {
        int good = 0;
        for (int t = 0; t < THREADS; t++)
            good += ok[t];
        double b = 0;
        for (int i = 0; i < BIG; i++)
            b += big[i];
        printf("column sums correct on %d of %d threads\n", good, THREADS);
        printf("big sum %.0f\n", b);
    }
    return 0;
}
