/* Benchmark: every thread sums one column of a cyclic 2-d array, element
   by element (bench/aggregate/run.sh builds it with and without the
   aggregation pass). */
#include <upc.h>
#include <stdio.h>
#include <upc_tick.h>

#define R 2048   /* rows per thread */
#define C 15   /* odd: a column spreads over every thread */
#define REPS 5

shared double a[R*THREADS][C];

int main(void) {
    upc_forall (int i = 0; i < R*THREADS; i++; &a[i][0])
        for (int j = 0; j < C; j++)
            a[i][j] = j;
    upc_barrier;
    int c = MYTHREAD % C;
    double s = 0;
    upc_tick_t t0 = upc_ticks_now();
    for (int r = 0; r < REPS; r++)
        for (int i = 0; i < R*THREADS; i++)
            s += a[i][c];
    upc_tick_t t1 = upc_ticks_now();
    upc_barrier;
    if (MYTHREAD == 0)
        printf("colsum %d threads: %.3f ms per column of %d (sum %s)\n", THREADS,
               (double)upc_ticks_to_ns(t1 - t0) / 1e6 / REPS, R*THREADS, s == (double)REPS*R*THREADS*c ? "ok" : "WRONG");
    return 0;
}
