/* The three spellings of the library are one implementation: Berkeley
   UPC's bupc_ names (bupc_extensions.h), UPC 1.3's upc_nb.h names, and
   the proposal's upc_ names, mixed freely; handles of one spelling are
   synchronised by another. Every thread rotates a block of values one
   thread to the right, then checks what it received. */
#include <upc.h>
#include <upc_nb.h>
#include <bupc_extensions.h>
#include <stdio.h>

#define N 8
shared [N] long A[N*THREADS];
shared [N] long B[N*THREADS];
shared int ok[THREADS];

int main(void) {
    int right = (MYTHREAD + 1) % THREADS, good = 1;
    long mine[N], got[N];
    for (int i = 0; i < N; i++)
        mine[i] = 100 * MYTHREAD + i;

    /* UPC 1.3: a put with a handle, completed by the proposal's call. */
    upc_handle_t h = upc_memput_nb(&A[N*right], mine, sizeof mine);
    upc_waitsync(h);
    upc_barrier;

    /* Berkeley: a get with a handle, tested by UPC 1.3's call. */
    bupc_handle_t bh = bupc_memget_async(got, &A[N*MYTHREAD], sizeof got);
    while (!upc_sync_attempt(bh))
        ;
    for (int i = 0; i < N; i++)
        if (got[i] != 100 * ((MYTHREAD + THREADS - 1) % THREADS) + i)
            good = 0;

    /* Implicit handles: set with UPC 1.3, copy with Berkeley, sync with
       the proposal's name, then with UPC 1.3's. */
    upc_memset_nbi(&B[N*MYTHREAD], 0, N * sizeof(long));
    upc_synci();
    bupc_memcpy_asynci(&B[N*MYTHREAD], &A[N*MYTHREAD], N * sizeof(long));
    upc_waitsynci();
    if (!upc_synci_attempt())
        good = 0;

    /* Handle arrays: Berkeley handles in a upc_handle_t array. */
    bupc_handle_t hs[3] = { BUPC_COMPLETE_HANDLE, 0, UPC_COMPLETE_HANDLE };
    hs[1] = bupc_memget_async(got, &B[N*MYTHREAD], sizeof got);
    bupc_waitsync_all(hs, 3);
    for (int i = 0; i < 3; i++)
        if (hs[i] != UPC_COMPLETE_HANDLE)
            good = 0;
    if (!upc_trysync_some(hs, 3) || !bupc_trysync_all(hs, 0))
        good = 0;

    /* A Berkeley vector put of bupc_smemvec_t regions from upc_pmemvec_t
       ones (the same types). */
    bupc_smemvec_t dst[2];
    upc_pmemvec_t src[1];
    dst[0].addr = &B[N*MYTHREAD];
    dst[0].len = sizeof(long);
    dst[1].addr = &B[N*MYTHREAD + N - 1];
    dst[1].len = sizeof(long);
    long ends[2] = { -1, -2 };
    src[0].addr = ends;
    src[0].len = sizeof ends;
    bupc_handle_t vh = bupc_memput_vlist_async(2, dst, 1, src);
    upc_sync(vh);
    if (B[N*MYTHREAD] != -1 || B[N*MYTHREAD + N - 1] != -2 || B[N*MYTHREAD + 1] != got[1])
        good = 0;

    /* An access region spelt both ways. */
    bupc_begin_accessregion();
    upc_memget_nbi(got, &A[N*right], sizeof got);
    h = upc_end_accessregion();
    bupc_waitsync(h);
    if (got[0] != 100 * MYTHREAD)
        good = 0;

    ok[MYTHREAD] = good;
    upc_barrier;
    if (MYTHREAD == 0) {
        int n = 0;
        for (int t = 0; t < THREADS; t++)
            n += ok[t];
        printf("%d of %d threads correct; UPC_MAX_ASYNC_INFLIGHT >= 65535: %d\n", n, THREADS, UPC_MAX_ASYNC_INFLIGHT >= 65535);
    }
    return 0;
}
