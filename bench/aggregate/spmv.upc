/* Benchmark: a CG-like sparse matrix-vector product, each thread gathering
   x through a private column-index array. */
#include <upc.h>
#include <stdio.h>
#include <upc_tick.h>

#define ROWS 512   /* per thread */
#define NZ 16
#define REPS 5

shared double x[ROWS*THREADS];

int main(void) {
    static int col[ROWS*NZ];
    static double val[ROWS*NZ], prod[ROWS*NZ];
    int n = ROWS*THREADS;
    upc_forall (int j = 0; j < n; j++; &x[j])
        x[j] = 1;
    upc_barrier;
    unsigned s = 17 + MYTHREAD;
    for (int k = 0; k < ROWS*NZ; k++) {
        s = s * 1103515245u + 12345u;
        col[k] = (s >> 8) % n;
        val[k] = 1;
    }
    upc_tick_t t0 = upc_ticks_now();
    for (int r = 0; r < REPS; r++)
        for (int k = 0; k < ROWS*NZ; k++)
            prod[k] = val[k] * x[col[k]];
    upc_tick_t t1 = upc_ticks_now();
    double sum = 0;
    for (int k = 0; k < ROWS*NZ; k++)
        sum += prod[k];
    upc_barrier;
    if (MYTHREAD == 0)
        printf("spmv %d threads: %.3f ms per gather of %d elements (%s)\n", THREADS,
               (double)upc_ticks_to_ns(t1 - t0) / 1e6 / REPS, ROWS*NZ, sum == ROWS*NZ ? "ok" : "WRONG");
    return 0;
}
