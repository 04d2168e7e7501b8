/* neighbors.upc: nearest-neighbour exchange, the example of the UPC
 * memcpy extensions spec (LBNL-56495, section 2.3) with the blocking
 * upc_memget. A shared array is split into one block per thread; each
 * thread fetches the blocks of its left and right neighbours into private
 * buffers with one bulk transfer each, then works on private memory.
 * (The spec's version starts both fetches with upc_memget_async and does
 * independent work before upc_waitsync.)
 *
 *   upcgo run -n 4 examples/neighbors.upc
 */
#include <upc.h>
#include <stdio.h>

#define BLKSZ 100

shared [BLKSZ] double A[BLKSZ * THREADS];   /* block t lives on thread t */
double leftdata[BLKSZ];                      /* private: one copy per thread */
double rightdata[BLKSZ];

int main(void) {
    int i, t;
    /* Fill my own block through a private pointer: it is local. */
    double *mine = (double *)&A[BLKSZ * MYTHREAD];
    for (i = 0; i < BLKSZ; i++)
        mine[i] = MYTHREAD * 1000 + i;
    upc_barrier;  /* every block is written before anyone reads */

    if (MYTHREAD > 0)            /* fetch data from the left neighbour */
        upc_memget(leftdata, &A[BLKSZ * (MYTHREAD - 1)], BLKSZ * sizeof(double));
    if (MYTHREAD < THREADS - 1)  /* fetch data from the right neighbour */
        upc_memget(rightdata, &A[BLKSZ * (MYTHREAD + 1)], BLKSZ * sizeof(double));

    /* Now work on private copies: the values next to my block's edges. */
    for (t = 0; t < THREADS; t++) {
        if (t == MYTHREAD) {
            printf("thread %d:", MYTHREAD);
            if (MYTHREAD > 0)
                printf(" left neighbour ends with %g", leftdata[BLKSZ - 1]);
            if (MYTHREAD < THREADS - 1)
                printf(" right neighbour starts with %g", rightdata[0]);
            printf("\n");
        }
        upc_barrier;  /* print in thread order */
    }
    return 0;
}
