/* The 3-d strided put of LBNL-56495 section 6.2 (figure 2): a 2x3x4
   block of doubles starting at A[5][6][7] of a local array goes to
   B[8][9][10] of a remote one. (The spec's example call passes srcaddr
   first; the declaration, which this follows, takes the destination
   first.) The last thread puts, so that B is remote to it whenever
   THREADS >= 2; then every thread fetches the block back with
   upc_memget_strided_async into a dense 2x3x4 array. */
#include <upc.h>
#include <upc_nb.h>
#include <stdio.h>

shared [] double B[14][15][16]; /* remote array */
shared int ok[THREADS];

int main(void) {
    if (MYTHREAD == THREADS - 1) {
        double A[11][12][13]; /* local array */
        for (int i = 0; i < 11; i++)
            for (int j = 0; j < 12; j++)
                for (int k = 0; k < 13; k++)
                    A[i][j][k] = i * 10000 + j * 100 + k;
        void *srcaddr;
        shared void *dstaddr;
        size_t srcstrides[2], dststrides[2];
        size_t count[3];
        size_t stridelevels;
        srcaddr = &(A[5][6][7]);
        srcstrides[0] = 13 * sizeof(double);      /* stride in bytes for the rightmost dimension */
        srcstrides[1] = 12 * 13 * sizeof(double); /* stride in bytes for the middle dimension */
        dstaddr = &(B[8][9][10]);
        dststrides[0] = 16 * sizeof(double);      /* stride in bytes for the rightmost dimension */
        dststrides[1] = 15 * 16 * sizeof(double); /* stride in bytes for the middle dimension */
        count[0] = 4 * sizeof(double); /* number of bytes of contiguous data (width in rightmost dimension) */
        count[1] = 3;                  /* width in middle dimension */
        count[2] = 2;                  /* width in leftmost dimension */
        stridelevels = 2;
        upc_memput_strided(dstaddr, dststrides, srcaddr, srcstrides, count, stridelevels);
    }
    upc_barrier;

    double block[2][3][4];
    size_t dense[2] = { 4 * sizeof(double), 3 * 4 * sizeof(double) };
    size_t strides[2] = { 16 * sizeof(double), 15 * 16 * sizeof(double) };
    size_t count[3] = { 4 * sizeof(double), 3, 2 };
    upc_handle_t h = upc_memget_strided_async(block, dense, &B[8][9][10], strides, count, 2);
    upc_waitsync(h);
    int good = 1;
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 3; j++)
            for (int k = 0; k < 4; k++)
                if (block[i][j][k] != (5 + i) * 10000 + (6 + j) * 100 + 7 + k)
                    good = 0;
    ok[MYTHREAD] = good;
    upc_barrier;
    if (MYTHREAD == 0) {
        double sum = 0;
        int nonzero = 0;
        for (int i = 0; i < 14; i++)
            for (int j = 0; j < 15; j++)
                for (int k = 0; k < 16; k++)
                    if (B[i][j][k] != 0) {
                        sum += B[i][j][k];
                        nonzero++;
                    }
        int n = 0;
        for (int t = 0; t < THREADS; t++)
            n += ok[t];
        printf("B[8][9][10] = %g, B[9][11][13] = %g\n", B[8][9][10], B[9][11][13]);
        printf("%d elements of B set, summing to %.0f\n", nonzero, sum);
        printf("%d of %d threads fetched the block back\n", n, THREADS);
    }
    return 0;
}
