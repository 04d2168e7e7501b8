/* The nearest-neighbour exchange of LBNL-56495 section 2.3, with explicit
   handles: every thread starts fetching its neighbours' blocks of A,
   computes, then waits for both handles. */
#include <upc.h>
#include <upc_nb.h>
#include <stdio.h>

#define BLKSZ 100
shared [BLKSZ] double A[BLKSZ*THREADS];
double leftdata[BLKSZ];
double rightdata[BLKSZ];
shared int ok[THREADS];

int main(void) {
    for (int i = 0; i < BLKSZ; i++)
        A[BLKSZ*MYTHREAD + i] = MYTHREAD * 1000.0 + i;
    upc_barrier;

    upc_handle_t leftfetch_handle = UPC_COMPLETE_HANDLE;
    upc_handle_t rightfetch_handle = UPC_COMPLETE_HANDLE;

    if (MYTHREAD > 0) /* initiate fetch of data from left neighbor */
        leftfetch_handle = upc_memget_async(leftdata, &(A[BLKSZ*(MYTHREAD-1)]), BLKSZ*sizeof(double));
    if (MYTHREAD < THREADS-1) /* initiate fetch of data from right neighbor */
        rightfetch_handle = upc_memget_async(rightdata, &(A[BLKSZ*(MYTHREAD+1)]), BLKSZ*sizeof(double));

    /* perform some independent computations here */
    double work = 0;
    for (int i = 0; i < 1000; i++)
        work += i * 0.5;

    upc_waitsync(leftfetch_handle); /* block for completion of communication, if necessary */
    upc_waitsync(rightfetch_handle);

    /* now safe to operate on leftdata and rightdata */
    int good = work == 249750.0;
    for (int i = 0; i < BLKSZ; i++) {
        if (MYTHREAD > 0 && leftdata[i] != (MYTHREAD-1) * 1000.0 + i)
            good = 0;
        if (MYTHREAD < THREADS-1 && rightdata[i] != (MYTHREAD+1) * 1000.0 + i)
            good = 0;
    }
    ok[MYTHREAD] = good;
    upc_barrier;
    if (MYTHREAD == 0) {
        int n = 0;
        for (int t = 0; t < THREADS; t++)
            n += ok[t];
        printf("explicit handles: %d of %d threads got both neighbours\n", n, THREADS);
    }
    return 0;
}
