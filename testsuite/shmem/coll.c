/* Collectives on SHMEM_TEAM_WORLD (broadcastmem, typed broadcast, sum,
   max and xor reductions, in place too) and the OpenSHMEM 1.3 names:
   start_pes, _my_pe, _num_pes and shmem_barrier over an active set. */
#include <stdio.h>
#include <shmem.h>

long src[4], dst[4];
double dsrc[2], ddst[2];
unsigned int usrc, udst;
char msg[32];
long pSync[SHMEM_BARRIER_SYNC_SIZE];
int arrivals;

int main(void) {
    start_pes(0);
    int me = _my_pe(), n = _num_pes();
    int ok = me == shmem_team_my_pe(SHMEM_TEAM_WORLD) && n == shmem_team_n_pes(SHMEM_TEAM_WORLD);
    int root = n - 1;
    if (me == root)
        sprintf(msg, "from the last PE");
    shmem_broadcastmem(SHMEM_TEAM_WORLD, msg, msg, sizeof msg, root);
    ok = ok && msg[5] == 't' && msg[15] == 'E';

    for (int i = 0; i < 4; i++)
        src[i] = (me + 1) * (i + 1);
    shmem_long_sum_reduce(SHMEM_TEAM_WORLD, dst, src, 4);
    for (int i = 0; i < 4; i++)
        ok = ok && dst[i] == (long)n * (n + 1) / 2 * (i + 1);
    shmem_long_max_reduce(SHMEM_TEAM_WORLD, src, src, 4); /* in place */
    for (int i = 0; i < 4; i++)
        ok = ok && src[i] == (long)n * (i + 1);

    dsrc[0] = me + 0.5;
    dsrc[1] = -me;
    shmem_double_sum_reduce(SHMEM_TEAM_WORLD, ddst, dsrc, 2);
    ok = ok && ddst[0] == n * (n - 1) / 2.0 + n * 0.5 && ddst[1] == -(n * (n - 1) / 2.0);
    usrc = 1u << me;
    shmem_uint_xor_reduce(SHMEM_TEAM_WORLD, &udst, &usrc, 1);
    ok = ok && udst == (1u << n) - 1;
    shmem_double_broadcast(SHMEM_TEAM_WORLD, ddst, dsrc, 2, 0);
    ok = ok && ddst[0] == 0.5 && ddst[1] == 0;

    /* active-set barriers: the even PEs, three times; each counts its
       arrivals on PE 0 before the barrier, so after it PE 0 holds them all */
    if (me % 2 == 0) {
        int evens = (n + 1) / 2;
        for (int round = 1; round <= 3; round++) {
            shmem_int_atomic_inc(&arrivals, 0);
            shmem_barrier(0, 1, evens, pSync);
            ok = ok && shmem_int_atomic_fetch(&arrivals, 0) >= round * evens;
        }
    }
    shmem_barrier(0, 0, n, pSync);
    static int bad;
    if (!ok)
        shmem_int_atomic_inc(&bad, 0);
    shmem_barrier_all();
    if (me == 0)
        printf("collectives and 1.3 names: %s\n", bad == 0 ? "ok" : "FAILED");
    shmem_finalize();
    return 0;
}
