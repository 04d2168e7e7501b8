/* The nearest-neighbour exchange of LBNL-56495 section 3.2, with implicit
   handles: one upc_waitsynci completes both fetches. The fetches go into
   the neighbours' halves of a private buffer; a round of implicit puts
   then writes each thread's checksum into a shared array, synchronised
   with upc_trysynci in a polling loop. */
#include <upc.h>
#include <upc_nb.h>
#include <stdio.h>

#define BLKSZ 100
shared [BLKSZ] double A[BLKSZ*THREADS];
double leftdata[BLKSZ];
double rightdata[BLKSZ];
shared double sums[THREADS];

int main(void) {
    for (int i = 0; i < BLKSZ; i++)
        A[BLKSZ*MYTHREAD + i] = MYTHREAD + i / 100.0;
    upc_barrier;

    if (MYTHREAD > 0) /* initiate fetch of data from left neighbor */
        upc_memget_asynci(leftdata, &(A[BLKSZ*(MYTHREAD-1)]), BLKSZ*sizeof(double));
    if (MYTHREAD < THREADS-1) /* initiate fetch of data from right neighbor */
        upc_memget_asynci(rightdata, &(A[BLKSZ*(MYTHREAD+1)]), BLKSZ*sizeof(double));

    /* perform some independent computations here */

    upc_waitsynci(); /* block for completion of communication, if necessary */

    /* now safe to operate on leftdata and rightdata */
    double sum = 0;
    for (int i = 0; i < BLKSZ; i++)
        sum += leftdata[i] + rightdata[i];
    upc_memput_asynci(&sums[MYTHREAD], &sum, sizeof sum);
    while (!upc_trysynci())
        ;
    upc_barrier;
    if (MYTHREAD == 0)
        for (int t = 0; t < THREADS; t++)
            printf("thread %d: neighbours sum to %.2f\n", t, sums[t]);
    return 0;
}
