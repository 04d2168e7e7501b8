/* The nearest-neighbour exchange of LBNL-56495 section 4.1, with an
   access region: the implicit fetches started inside the region belong to
   the one handle upc_end_accessregion returns. Then the section's longer
   example: inside a region, implicit puts and gets in a loop join the
   region, while an unrelated explicit get is started and synchronised on
   its own; the region's handle is synchronised after other work that
   includes an implicit operation and upc_waitsynci. */
#include <upc.h>
#include <upc_nb.h>
#include <stdio.h>

#define BLKSZ 100
shared [BLKSZ] double A[BLKSZ*THREADS];
shared [BLKSZ] double B[BLKSZ*THREADS];
double leftdata[BLKSZ];
double rightdata[BLKSZ];
shared int ok[THREADS];

int main(void) {
    int good = 1;
    for (int i = 0; i < BLKSZ; i++)
        A[BLKSZ*MYTHREAD + i] = MYTHREAD * 1000.0 + i;
    upc_barrier;

    upc_begin_accessregion(); // begin the access region
    if (MYTHREAD > 0) /* initiate fetch of data from left neighbor */
        upc_memget_asynci(leftdata, &(A[BLKSZ*(MYTHREAD-1)]), BLKSZ*sizeof(double));
    if (MYTHREAD < THREADS-1) /* initiate fetch of data from right neighbor */
        upc_memget_asynci(rightdata, &(A[BLKSZ*(MYTHREAD+1)]), BLKSZ*sizeof(double));
    // end the access region and get the handle
    upc_handle_t handle = upc_end_accessregion();
    /* perform some independent computations here */
    upc_waitsync(handle); /* block for completion of communication, if necessary */
    /* now safe to operate on leftdata and rightdata */
    for (int i = 0; i < BLKSZ; i++) {
        if (MYTHREAD > 0 && leftdata[i] != (MYTHREAD-1) * 1000.0 + i)
            good = 0;
        if (MYTHREAD < THREADS-1 && rightdata[i] != (MYTHREAD+1) * 1000.0 + i)
            good = 0;
    }

    /* The more complicated region: copy the right neighbour's block of A
       into this thread's block of B, ten elements per step. */
    int right = (MYTHREAD + 1) % THREADS;
    double chunk[BLKSZ];
    double first;
    upc_begin_accessregion();
    upc_memput_asynci(&B[BLKSZ*MYTHREAD], &first, 0); // becomes associated with the region (and does nothing)
    for (int step = 0; step < BLKSZ / 10; step++) {
        upc_memget_asynci(&chunk[10*step], &A[BLKSZ*right + 10*step], 10*sizeof(double)); // associated with the region
        // an unrelated explicit-handle operation, not associated with the region
        upc_handle_t h2 = upc_memget_async(&first, &A[BLKSZ*right], sizeof first);
        upc_waitsync(h2);
        if (first != right * 1000.0)
            good = 0;
    }
    handle = upc_end_accessregion();
    /* other code, which may include unrelated implicit operations */
    double zero = 0;
    upc_memput_asynci(&B[BLKSZ*MYTHREAD + BLKSZ - 1], &zero, sizeof zero);
    upc_waitsynci();
    // wait for all the operations associated with the access region
    upc_waitsync(handle);
    for (int i = 0; i < BLKSZ; i++)
        if (chunk[i] != right * 1000.0 + i)
            good = 0;
    if (B[BLKSZ*MYTHREAD + BLKSZ - 1] != 0)
        good = 0;

    ok[MYTHREAD] = good;
    upc_barrier;
    if (MYTHREAD == 0) {
        int n = 0;
        for (int t = 0; t < THREADS; t++)
            n += ok[t];
        printf("access regions: %d of %d threads correct\n", n, THREADS);
    }
    return 0;
}
