/* OpenSHMEM 1.5 teams, contexts and the C11 generic names.
   shmem_team_split_strided makes the team of the even PEs (and of the odd
   ones; with one PE that split fails), shmem_team_split_2d rows of two
   PEs and the columns; the team queries, shmem_team_translate_pe, and the
   team collectives on split teams (broadcast to every member, root
   included; collect, fcollect, alltoall, alltoalls, reductions,
   team_sync). Contexts are the default context: shmem_ctx_* calls, the
   generic names with a context, shmem_ctx_quiet. The generic names pick
   the typed call from the pointee of dest. */
#include <stdio.h>
#include <shmem.h>

#define NCHECKS 14
const char *names[NCHECKS] = {
    "split_strided",    "team queries",      "translate_pe",   "split_2d",        "team broadcast",
    "team fcollect",    "team collect",      "team alltoall",  "team alltoalls",  "team reductions",
    "row and column",   "contexts",          "generic RMA",    "generic AMO and wait",
};
int failed[NCHECKS];

long src[32], dst[64];
int isrc[32], idst[64];
long counter, flag;
int icounter;
double dval;

static void check(int i, int ok) {
    if (!ok)
        shmem_int_atomic_inc(&failed[i], 0);
}

int main(void) {
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes(), i, j;
    int right = (me + 1) % n, left = (me + n - 1) % n;
    shmem_team_t evens, odds, row, col;

    int r = shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 2, (n + 1) / 2, NULL, 0, &evens);
    int r2 = shmem_team_split_strided(SHMEM_TEAM_WORLD, 1, 2, n / 2, NULL, 0, &odds);
    check(0, r == 0 && (me % 2 == 0) == (evens != SHMEM_TEAM_INVALID) && (n == 1 ? r2 != 0 : r2 == 0) &&
                 (me % 2 == 1) == (odds != SHMEM_TEAM_INVALID));
    int ne = (n + 1) / 2;
    check(1, shmem_team_my_pe(evens) == (me % 2 ? -1 : me / 2) && shmem_team_n_pes(evens) == (me % 2 ? -1 : ne) &&
                 shmem_team_my_pe(SHMEM_TEAM_WORLD) == me && shmem_team_n_pes(SHMEM_TEAM_WORLD) == n &&
                 (me % 2 == 0 || shmem_team_n_pes(odds) == n / 2));
    check(2, shmem_team_translate_pe(SHMEM_TEAM_WORLD, me, evens) == (me % 2 ? -1 : me / 2) &&
                 (me % 2 || shmem_team_translate_pe(evens, ne - 1, SHMEM_TEAM_WORLD) == 2 * (ne - 1)) &&
                 (me % 2 || shmem_team_translate_pe(evens, ne, SHMEM_TEAM_WORLD) == -1));

    r = shmem_team_split_2d(SHMEM_TEAM_WORLD, 2, NULL, 0, &row, NULL, 0, &col);
    int rowlen = n - me / 2 * 2 < 2 ? 1 : 2;
    check(3, r == 0 && shmem_team_n_pes(row) == rowlen && shmem_team_my_pe(row) == me % 2 &&
                 shmem_team_n_pes(col) == (n - me % 2 + 1) / 2 && shmem_team_my_pe(col) == me / 2 &&
                 shmem_team_translate_pe(col, 0, SHMEM_TEAM_WORLD) == me % 2);

    if (evens != SHMEM_TEAM_INVALID) {
        int m = shmem_team_my_pe(evens);
        int ok = 1;
        for (i = 0; i < 3; i++) {
            src[i] = me * 100 + i;
            dst[i] = -1;
        }
        shmem_team_sync(evens);
        shmem_long_broadcast(evens, dst, src, 3, ne - 1);
        for (i = 0; i < 3; i++)
            ok = ok && dst[i] == 2 * (ne - 1) * 100 + i;
        check(4, ok);

        src[0] = me * 10;
        src[1] = me * 10 + 1;
        shmem_long_fcollect(evens, dst, src, 2);
        ok = 1;
        for (j = 0; j < ne; j++)
            ok = ok && dst[2 * j] == 2 * j * 10 && dst[2 * j + 1] == 2 * j * 10 + 1;
        check(5, ok);

        for (i = 0; i <= m; i++)
            isrc[i] = me * 100 + i;
        for (i = 0; i < 64; i++)
            idst[i] = -1;
        shmem_int_collect(evens, idst, isrc, m + 1);
        ok = 1;
        int at = 0;
        for (j = 0; j < ne; j++)
            for (i = 0; i <= j; i++)
                ok = ok && idst[at++] == 2 * j * 100 + i;
        check(6, ok && idst[at] == -1);

        for (j = 0; j < ne; j++)
            src[j] = me * 10 + j;
        shmem_long_alltoall(evens, dst, src, 1);
        ok = 1;
        for (j = 0; j < ne; j++)
            ok = ok && dst[j] == 2 * j * 10 + m;
        check(7, ok);

        for (j = 0; j < ne; j++)
            isrc[j] = me * 100 + j;
        for (i = 0; i < 64; i++)
            idst[i] = -1;
        shmem_int_alltoalls(evens, idst, isrc, 2, 1, 1);
        ok = 1;
        for (j = 0; j < ne; j++)
            ok = ok && idst[2 * j] == 2 * j * 100 + m && idst[2 * j + 1] == -1;
        check(8, ok);

        long sum = 0;
        for (j = 0; j < ne; j++)
            sum += 2 * j;
        src[0] = me;
        src[1] = 2 * me;
        shmem_long_sum_reduce(evens, dst, src, 2);
        ok = dst[0] == sum && dst[1] == 2 * sum;
        isrc[0] = me;
        shmem_max_reduce(evens, idst, isrc, 1);
        ok = ok && idst[0] == 2 * (ne - 1);
        check(9, ok);
        shmem_team_sync(evens);
    }
    shmem_barrier_all();

    isrc[0] = me;
    shmem_int_sum_reduce(row, idst, isrc, 1);
    int rowsum = rowlen == 2 ? 2 * me - me % 2 * 2 + 1 : me;
    int ok = idst[0] == rowsum;
    src[0] = me;
    shmem_fcollectmem(col, dst, src, sizeof(long));
    for (j = 0; j < shmem_team_n_pes(col); j++)
        ok = ok && dst[j] == me % 2 + 2 * j;
    check(10, ok);
    shmem_team_destroy(row);
    shmem_team_destroy(col);
    shmem_barrier_all();

    shmem_ctx_t ctx;
    shmem_team_t t;
    r = shmem_ctx_create(SHMEM_CTX_PRIVATE, &ctx);
    ok = r == 0 && ctx != SHMEM_CTX_INVALID && shmem_ctx_get_team(ctx, &t) == 0 && t == SHMEM_TEAM_WORLD;
    src[0] = me;
    shmem_ctx_long_put(ctx, &dst[0], &src[0], 1, right);
    shmem_ctx_int_atomic_fetch_add(ctx, &icounter, 1, 0);
    shmem_atomic_inc(ctx, &counter, 0);
    shmem_ctx_quiet(ctx);
    shmem_barrier_all();
    ok = ok && dst[0] == left && shmem_ctx_long_g(ctx, &counter, 0) == n && shmem_int_g(&icounter, 0) == n;
    shmem_ctx_destroy(ctx);
    check(11, ok);
    shmem_barrier_all();

    for (i = 0; i < 4; i++)
        src[i] = me * 10 + i;
    shmem_put(dst, src, 4, right);
    shmem_p(&idst[0], me, right);
    shmem_put(SHMEM_CTX_DEFAULT, &dst[4], &src[0], 1, right);
    shmem_barrier_all();
    ok = shmem_g(&dst[3], me) == left * 10 + 3 && idst[0] == left && dst[4] == left * 10;
    for (i = 0; i < 4; i++)
        ok = ok && dst[i] == left * 10 + i;
    shmem_broadcast(SHMEM_TEAM_WORLD, &dst[8], &src[1], 1, n - 1);
    ok = ok && dst[8] == (n - 1) * 10 + 1;
    check(12, ok);

    shmem_atomic_add(&counter, 5L, 0);
    int old = shmem_atomic_fetch_add(&icounter, 2, right);
    shmem_atomic_set(&dval, 2.5, right);
    shmem_barrier_all();
    ok = old == (right == 0 ? n : 0) && shmem_atomic_fetch(&counter, 0) == 6L * n && shmem_atomic_fetch(&dval, me) == 2.5;
    shmem_atomic_set(&flag, 1L, right);
    shmem_wait_until(&flag, SHMEM_CMP_EQ, 1);
    ok = ok && shmem_test(&flag, SHMEM_CMP_GE, 1L);
    check(13, ok);
    shmem_barrier_all();

    if (me == 0)
        for (i = 0; i < NCHECKS; i++)
            printf("%s: %s\n", names[i], failed[i] ? "FAILED" : "ok");
    shmem_finalize();
    return 0;
}
