/* The indexed gather of LBNL-56495 section 5.3: one upc_memget_ilist
   fetches five elements, from two threads (whenever THREADS >= 2), into a
   contiguous local buffer; every source region has one element's length,
   the one destination region all five. Then the same with the roles of
   the lists swapped, as a put, and a copy between shared regions of
   different lengths. A holds A[i] = i. */
#include <upc.h>
#include <upc_nb.h>
#include <stdio.h>

#define BLKSZ 100
shared [BLKSZ] double A[2*BLKSZ*THREADS];

int main(void) {
    upc_forall (int i = 0; i < 2*BLKSZ*THREADS; i++; &A[i])
        A[i] = i;
    upc_barrier;
    if (MYTHREAD == THREADS - 1) {
        shared void *srclist[] = {
            &(A[14]), &(A[15]), &(A[16]), /* element 14..16 (from thread 0) */
            &(A[100]), &(A[110])          /* element 100 and 110 (from thread 1) */
        };
        double mybuf[5];
        void *dstlist[] = { &mybuf };
        upc_memget_ilist(1, dstlist, 5*sizeof(double), 5, srclist, sizeof(double));
        /* compute on contents of mybuf */
        printf("mybuf = %g %g %g %g %g\n", mybuf[0], mybuf[1], mybuf[2], mybuf[3], mybuf[4]);

        for (int i = 0; i < 5; i++)
            mybuf[i] *= 2;
        void *const pieces[] = { &mybuf[0], &mybuf[1], &mybuf[2], &mybuf[3], &mybuf[4] };
        upc_handle_t h = upc_memput_ilist_async(5, srclist, sizeof(double), 5, pieces, sizeof(double));
        upc_waitsync(h);

        /* Two regions of three elements to three regions of two. */
        shared void *from[] = { &A[20], &A[120] };
        shared void *to[] = { &A[30], &A[40], &A[50] };
        upc_memcpy_ilist(3, to, 2*sizeof(double), 2, from, 3*sizeof(double));
    }
    upc_barrier;
    if (MYTHREAD == 0)
        printf("A[14..16] = %g %g %g, A[100] = %g, A[110] = %g\nA[30..31] = %g %g, A[40..41] = %g %g, A[50..51] = %g %g\n",
               A[14], A[15], A[16], A[100], A[110], A[30], A[31], A[40], A[41], A[50], A[51]);
    return 0;
}
