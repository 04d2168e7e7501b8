/* The fixed-stride copy of LBNL-56495 section 6.1 (figure 1): ten chunks
   of two elements, one per row from A[1][1], are copied into five chunks
   of four elements, one per row from A[2][4], of the same 12x8 array. The
   copy is done by the last thread, so that A is remote to it whenever
   THREADS >= 2; A[i][j] starts as 10*i + j. */
#include <upc.h>
#include <upc_nb.h>
#include <stdio.h>

shared [] double A[12][8];

int main(void) {
    if (MYTHREAD == 0)
        for (int i = 0; i < 12; i++)
            for (int j = 0; j < 8; j++)
                A[i][j] = 10*i + j;
    upc_barrier;
    if (MYTHREAD == THREADS - 1)
        upc_memcpy_fstrided(&(A[2][4]), 4*sizeof(double), 8*sizeof(double), 5,
                            &(A[1][1]), 2*sizeof(double), 8*sizeof(double), 10);
    upc_barrier;
    if (MYTHREAD == 0)
        for (int i = 0; i < 12; i++) {
            for (int j = 0; j < 8; j++)
                printf("%4g", A[i][j]);
            printf("\n");
        }
    upc_barrier;
    /* The same columns fetched back into a private 10x2 array, as one
       fixed-stride get with an explicit handle. */
    double cols[10][2];
    upc_handle_t h = upc_memget_fstrided_async(cols, 2*sizeof(double), 2*sizeof(double), 10,
                                               &(A[1][1]), 2*sizeof(double), 8*sizeof(double), 10);
    upc_waitsync(h);
    if (MYTHREAD == THREADS - 1)
        printf("cols: %g %g ... %g %g\n", cols[0][0], cols[0][1], cols[9][0], cols[9][1]);
    return 0;
}
