/* The vector gather of LBNL-56495 section 5.2: one upc_memget_vlist
   fetches some individual elements, a group of elements and an entire
   block, from different threads, into one contiguous local buffer; and
   the reverse, a upc_memput_vlist scattering a local buffer, with a second
   list of private regions that cut the bytes differently. A holds A[i] = i
   (three blocks per thread, so that the blocks lie on different threads
   whenever THREADS >= 2). */
#include <upc.h>
#include <upc_nb.h>
#include <stdio.h>

#define BLKSZ 100
shared [BLKSZ] double A[3*BLKSZ*THREADS];

int main(void) {
    upc_forall (int i = 0; i < 3*BLKSZ*THREADS; i++; &A[i])
        A[i] = i;
    upc_barrier;
    if (MYTHREAD == THREADS - 1) {
        double mybuf[3 + 1 + BLKSZ];
        upc_smemvec_t srclist[3];
        srclist[0].addr = &A[14];   /* elements 14..16 (from thread 0) */
        srclist[0].len = 3*sizeof(double);
        srclist[1].addr = &A[110];  /* element 110 (from thread 1) */
        srclist[1].len = sizeof(double);
        srclist[2].addr = &A[200];  /* the block at 200 (from thread 2) */
        srclist[2].len = BLKSZ*sizeof(double);
        upc_pmemvec_t dstlist[1];
        dstlist[0].addr = mybuf;
        dstlist[0].len = sizeof mybuf;
        upc_memget_vlist(1, dstlist, 3, srclist);
        printf("gathered %g %g %g | %g | %g .. %g\n", mybuf[0], mybuf[1], mybuf[2], mybuf[3], mybuf[4], mybuf[3 + BLKSZ]);

        /* Scatter negated values back: four private pieces of 26 doubles
           and one of 0 bytes, into the same three shared regions. */
        for (int i = 0; i < 4 + BLKSZ; i++)
            mybuf[i] = -mybuf[i];
        upc_pmemvec_t pieces[5];
        for (int k = 0; k < 4; k++) {
            pieces[k].addr = &mybuf[26*k];
            pieces[k].len = 26*sizeof(double);
        }
        pieces[4].addr = 0;
        pieces[4].len = 0;
        upc_handle_t h = upc_memput_vlist_async(3, srclist, 5, pieces);
        upc_waitsync(h);
    }
    upc_barrier;
    if (MYTHREAD == 0)
        printf("A[13..17] = %g %g %g %g %g, A[110] = %g, A[199..201] = %g %g %g, A[298..299] = %g %g\n",
               A[13], A[14], A[15], A[16], A[17], A[110], A[199], A[200], A[201], A[298], A[299]);
    return 0;
}
