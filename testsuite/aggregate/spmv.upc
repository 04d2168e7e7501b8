/* A CG-like sparse matrix-vector product: each thread multiplies its rows,
   gathering x through a private column-index array (an aggregated indirect
   read, one get per owner). x[j] = j + 1, so each product is checked by
   arithmetic alone. */
#include <upc.h>
#include <stdio.h>

#define ROWS 12   /* per thread */
#define NZ 4      /* nonzeros per row */

shared double x[ROWS*THREADS];
shared double y[ROWS*THREADS];
shared int bad[THREADS];

int main(void) {
    int n = ROWS*THREADS;
    upc_forall (int j = 0; j < n; j++; &x[j])
        x[j] = j + 1;
    upc_barrier;

    /* This thread's rows, r = MYTHREAD*ROWS + q, in CSR form. */
    int col[ROWS*NZ];
    double val[ROWS*NZ], prod[ROWS*NZ];
    for (int q = 0; q < ROWS; q++) {
        int r = MYTHREAD*ROWS + q;
        for (int k = 0; k < NZ; k++) {
            col[q*NZ + k] = (r*7 + k*13 + 5) % n;
            val[q*NZ + k] = k + 1;
        }
    }
    for (int k = 0; k < ROWS*NZ; k++)
        prod[k] = val[k] * x[col[k]];
    int errors = 0;
    for (int q = 0; q < ROWS; q++) {
        double s = 0, want = 0;
        for (int k = 0; k < NZ; k++) {
            s += prod[q*NZ + k];
            want += val[q*NZ + k] * (col[q*NZ + k] + 1);
        }
        y[MYTHREAD*ROWS + q] = s;
        errors += s != want;
    }
    bad[MYTHREAD] = errors;
    upc_barrier;
    if (MYTHREAD == 0) {
        int total = 0;
        for (int t = 0; t < THREADS; t++)
            total += bad[t];
        printf("spmv on %d threads: %d wrong rows\n", THREADS, total);
    }
    return 0;
}
