/* The OpenSHMEM 1.3 active-set collectives over three active sets (every
   PE; the even PEs, logPE_stride 1; the upper half, which starts at PE
   n/2): broadcast32/64 (the root's dest is left alone), collect32 with
   a different count on each PE, fcollect64, alltoall64, alltoalls32 with
   strides, and the _to_all reductions (sum, prod, min, max, and, xor; in
   place too) on short, int, long, double and long double. PEs outside
   the set do not call. One pSync serves every call, as it may. */
#include <stdio.h>
#include <shmem.h>

long pSync[SHMEM_SYNC_SIZE];
long pWrk[SHMEM_REDUCE_MIN_WRKDATA_SIZE + 64];
int iWrk[64];
short sWrk[64];
double dWrk[64];
long double ldWrk[64];

int isrc[32], idst[64];
long lsrc[32], ldst[64];
short ssrc[4], sdst[4];
double dsrc[4], ddst[4];
long double ldsrc[4], lddst[4];

#define NOPS 13
const char *ops[NOPS] = {"broadcast64", "broadcast32", "fcollect64", "collect32", "alltoall64", "alltoalls32",
                         "int_sum_to_all", "double_max_to_all", "long_prod_to_all", "short_xor_to_all",
                         "long_and_to_all", "longdouble_min_to_all", "in-place long_sum_to_all"};
int failed[3][NOPS];

static void check(int set, int op, int ok) {
    if (!ok)
        shmem_int_atomic_inc(&failed[set][op], 0);
}

static void run(int set, int start, int logstride, int size) {
    int me = shmem_my_pe(), k = (me - start) >> logstride, i, j;
    int stride = 1 << logstride;
    int ok;
#define PE(j) (start + (j) * stride)

    /* broadcast from the last PE of the set */
    for (i = 0; i < 4; i++) {
        lsrc[i] = me * 100 + i;
        ldst[i] = -1;
        isrc[i] = me * 100 + i;
        idst[i] = -1;
    }
    shmem_barrier(start, logstride, size, pSync);
    shmem_broadcast64(ldst, lsrc, 4, size - 1, start, logstride, size, pSync);
    shmem_broadcast32(idst, isrc, 3, size - 1, start, logstride, size, pSync);
    ok = 1;
    for (i = 0; i < 4; i++)
        ok = ok && ldst[i] == (k == size - 1 ? -1 : PE(size - 1) * 100 + i);
    check(set, 0, ok);
    ok = idst[3] == -1;
    for (i = 0; i < 3; i++)
        ok = ok && idst[i] == (k == size - 1 ? -1 : PE(size - 1) * 100 + i);
    check(set, 1, ok);

    /* fcollect: two longs from each PE */
    lsrc[0] = me * 10;
    lsrc[1] = me * 10 + 1;
    for (i = 0; i < 64; i++)
        ldst[i] = -1;
    shmem_fcollect64(ldst, lsrc, 2, start, logstride, size, pSync);
    ok = ldst[2 * size] == -1;
    for (j = 0; j < size; j++)
        ok = ok && ldst[2 * j] == PE(j) * 10 && ldst[2 * j + 1] == PE(j) * 10 + 1;
    check(set, 2, ok);

    /* collect: k+1 ints from the k-th PE of the set */
    for (i = 0; i <= k; i++)
        isrc[i] = me * 100 + i;
    for (i = 0; i < 64; i++)
        idst[i] = -1;
    shmem_collect32(idst, isrc, k + 1, start, logstride, size, pSync);
    ok = 1;
    int at = 0;
    for (j = 0; j < size; j++)
        for (i = 0; i <= j; i++)
            ok = ok && idst[at++] == PE(j) * 100 + i;
    check(set, 3, ok && idst[at] == -1);

    /* alltoall: block j (two longs) goes to the j-th PE */
    for (j = 0; j < size; j++)
        for (i = 0; i < 2; i++)
            lsrc[j * 2 + i] = me * 1000 + j * 10 + i;
    shmem_alltoall64(ldst, lsrc, 2, start, logstride, size, pSync);
    ok = 1;
    for (j = 0; j < size; j++)
        for (i = 0; i < 2; i++)
            ok = ok && ldst[j * 2 + i] == PE(j) * 1000 + k * 10 + i;
    check(set, 4, ok);

    /* alltoalls: one int per PE, source stride 3, dest stride 2 */
    for (i = 0; i < 32; i++)
        isrc[i] = -2;
    for (i = 0; i < 64; i++)
        idst[i] = -1;
    for (j = 0; j < size; j++)
        isrc[j * 3] = me * 100 + j;
    shmem_alltoalls32(idst, isrc, 2, 3, 1, start, logstride, size, pSync);
    ok = 1;
    for (j = 0; j < size; j++)
        ok = ok && idst[j * 2] == PE(j) * 100 + k && idst[j * 2 + 1] == -1;
    check(set, 5, ok);

    /* reductions */
    int sumpe = 0;
    long andall = -1;
    short xorall = 0;
    for (j = 0; j < size; j++) {
        sumpe += PE(j);
        andall &= ~(1L << PE(j));
        xorall ^= (short)(1 << PE(j));
    }
    for (i = 0; i < 3; i++)
        isrc[i] = me + i;
    shmem_int_sum_to_all(idst, isrc, 3, start, logstride, size, iWrk, pSync);
    check(set, 6, idst[0] == sumpe && idst[1] == sumpe + size && idst[2] == sumpe + 2 * size);

    dsrc[0] = me * 0.5;
    dsrc[1] = -me;
    shmem_double_max_to_all(ddst, dsrc, 2, start, logstride, size, dWrk, pSync);
    check(set, 7, ddst[0] == PE(size - 1) * 0.5 && ddst[1] == -start);

    lsrc[0] = 2;
    lsrc[1] = me + 1;
    shmem_long_prod_to_all(ldst, lsrc, 2, start, logstride, size, pWrk, pSync);
    long prod = 1;
    for (j = 0; j < size; j++)
        prod *= PE(j) + 1;
    check(set, 8, ldst[0] == 1L << size && ldst[1] == prod);

    ssrc[0] = (short)(1 << me);
    shmem_short_xor_to_all(sdst, ssrc, 1, start, logstride, size, sWrk, pSync);
    check(set, 9, sdst[0] == xorall);

    lsrc[0] = ~(1L << me);
    shmem_long_and_to_all(ldst, lsrc, 1, start, logstride, size, pWrk, pSync);
    check(set, 10, ldst[0] == andall);

    ldsrc[0] = me + 1;
    shmem_longdouble_min_to_all(lddst, ldsrc, 1, start, logstride, size, ldWrk, pSync);
    check(set, 11, lddst[0] == start + 1);

    for (i = 0; i < 5; i++)
        lsrc[i] = me * i;
    shmem_long_sum_to_all(lsrc, lsrc, 5, start, logstride, size, pWrk, pSync);
    ok = 1;
    for (i = 0; i < 5; i++)
        ok = ok && lsrc[i] == (long)sumpe * i;
    check(set, 12, ok);
}

int main(void) {
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    const char *names[3] = {"every PE", "even PEs", "upper half"};

    run(0, 0, 0, n);
    shmem_barrier_all();
    if (me % 2 == 0)
        run(1, 0, 1, (n + 1) / 2);
    shmem_barrier_all();
    if (me >= n / 2)
        run(2, n / 2, 0, n - n / 2);
    shmem_barrier_all();

    if (me == 0)
        for (int s = 0; s < 3; s++)
            for (int op = 0; op < NOPS; op++)
                printf("%s: %s: %s\n", names[s], ops[op], failed[s][op] ? "FAILED" : "ok");
    shmem_finalize();
    return 0;
}
