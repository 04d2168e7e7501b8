/* Reblocking (LBNL-56495 appendix, items 1 and 2). First the appendix's
   own recipe, one upc_memget_vlist over the blocks of a distributed array
   gathering it in block order into a private buffer (its code corrected:
   the loop counter must outlive the loop, and the vlist call takes the
   address of dst). Then the extension that does it in one call given the
   block size, upc_memget_blocked; a reblocking copy to a cyclic array;
   and a strided get of one column of the array read as a row-major
   matrix, which spans every thread. A[i] = i. */
#include <upc.h>
#include <upc_nb.h>
#include <stdio.h>

#define BLKSZ 4
#define NUMELEM ((2*BLKSZ + 3)*THREADS)
#define COLS 11
#define MAXTHREADS 64
shared [BLKSZ] double A[(2*BLKSZ + 3)*THREADS];
shared double C[(2*BLKSZ + 3)*THREADS];

int main(void) {
    int good = 1;
    upc_forall (int i = 0; i < NUMELEM; i++; &A[i])
        A[i] = i;
    upc_barrier;
    if (MYTHREAD == THREADS - 1) {
        /* assuming indexed memcpy design A */
        double localA[NUMELEM];
        upc_pmemvec_t dst = { &localA, NUMELEM*sizeof(double) };
        /* (A fixed bound: upcgo does not take variable-length arrays of
           structs yet; THREADS is at most MAXTHREADS here.) */
        upc_smemvec_t myvec[(2*BLKSZ + 3)*MAXTHREADS/BLKSZ + 1];
        shared [BLKSZ] double *p = A;
        int i;
        for (i = 0; i < NUMELEM/BLKSZ; i++) {
            myvec[i].addr = p;
            myvec[i].len = BLKSZ*sizeof(double);
            p += BLKSZ;
        }
        int leftoverelems = (&A[NUMELEM]-p);
        if (leftoverelems > 0) {
            myvec[i].addr = p;
            myvec[i].len = leftoverelems*sizeof(double);
            i++;
        }
        upc_memget_vlist(1, &dst, i, myvec);
        for (int k = 0; k < NUMELEM; k++)
            if (localA[k] != k)
                good = 0;
        printf("vlist recipe: %d regions, %s\n", i, good ? "in order" : "WRONG");

        /* The same in one call, from an element that is not the first of
           its block. */
        double localB[NUMELEM];
        upc_memget_blocked(localB, &A[1], BLKSZ, sizeof(double), NUMELEM - 1);
        for (int k = 0; k < NUMELEM - 1; k++)
            if (localB[k] != k + 1)
                good = 0;

        /* Reblock A (block BLKSZ) into the cyclic C, asynchronously. */
        upc_handle_t h = upc_memcpy_blocked_async(C, 1, A, BLKSZ, sizeof(double), NUMELEM);
        upc_waitsync(h);

        /* Column 3 of A read as a matrix of COLS columns. */
        int rows = NUMELEM / COLS;
        double col[THREADS];
        size_t dststrides[1] = { sizeof(double) };
        size_t srcstrides[1] = { COLS * sizeof(double) };
        size_t count[2] = { sizeof(double), rows };
        upc_memget_strided_blocked(col, dststrides, &A[3], BLKSZ, srcstrides, count, 1, sizeof(double));
        for (int r = 0; r < rows; r++)
            if (col[r] != r * COLS + 3)
                good = 0;
        printf("blocked get, reblocking copy and column: %s\n", good ? "correct" : "WRONG");
    }
    upc_barrier;
    if (MYTHREAD == 0) {
        int bad = 0;
        for (int i = 0; i < NUMELEM; i++)
            if (C[i] != i)
                bad++;
        printf("C after reblocking: %d of %d elements wrong\n", bad, NUMELEM);
    }
    return 0;
}
