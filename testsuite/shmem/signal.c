/* Put-with-signal: a pipeline around the ring where each PE forwards a
   block only after its signal says the block has landed (data before
   signal), then SHMEM_SIGNAL_ADD from every PE to PE 0, and the _nbi form
   completed by shmem_quiet. */
#include <stdio.h>
#include <shmem.h>

#define N 512
#define LAPS 3
long block[N];
uint64_t arrived;
uint64_t count;
uint64_t nbi_sig;
int nbi_data[4];

int main(void) {
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    int right = (me + 1) % n;
    int ok = 1;
    /* PE 0 starts each lap; each PE adds its number to every element and
       passes the block on, so after a lap every element gained the sum
       0 + 1 + ... + n-1. */
    long buf[N];
    for (int lap = 1; lap <= LAPS; lap++) {
        if (me == 0 && lap == 1) {
            for (int i = 0; i < N; i++)
                buf[i] = i;
        } else {
            shmem_signal_wait_until(&arrived, SHMEM_CMP_GE, (uint64_t)lap);
            for (int i = 0; i < N; i++)
                buf[i] = block[i];
        }
        if (me == 0 && lap > 1) {
            long sum = (long)n * (n - 1) / 2;
            for (int i = 0; i < N; i++)
                ok = ok && buf[i] == i + (lap - 1) * sum;
        }
        for (int i = 0; i < N; i++)
            buf[i] += me;
        uint64_t next = me == n - 1 ? lap + 1 : lap;
        if (!(me == n - 1 && lap == LAPS))
            shmem_long_put_signal(block, buf, N, &arrived, next, SHMEM_SIGNAL_SET, right);
    }
    shmem_barrier_all();

    shmem_uint64_atomic_add(&count, 0, 0);
    shmem_putmem_signal(nbi_data, &me, sizeof me, &count, 1, SHMEM_SIGNAL_ADD, 0);
    if (me == 0) {
        uint64_t v = shmem_signal_wait_until(&count, SHMEM_CMP_EQ, (uint64_t)n);
        ok = ok && v == (uint64_t)n && shmem_signal_fetch(&count) == (uint64_t)n;
    }
    shmem_barrier_all();

    int four[4] = {me, me + 1, me + 2, me + 3};
    shmem_int_put_signal_nbi(nbi_data, four, 4, &nbi_sig, 7, SHMEM_SIGNAL_SET, right);
    shmem_quiet();
    shmem_signal_wait_until(&nbi_sig, SHMEM_CMP_NE, 0);
    int left = (me + n - 1) % n;
    ok = ok && nbi_sig == 7 && nbi_data[0] == left && nbi_data[3] == left + 3;
    shmem_barrier_all();

    static int bad;
    if (!ok)
        shmem_int_atomic_inc(&bad, 0);
    shmem_barrier_all();
    if (me == 0)
        printf("put_signal pipeline, SIGNAL_ADD and put_signal_nbi: %s\n", bad == 0 ? "ok" : "FAILED");
    shmem_finalize();
    return 0;
}
