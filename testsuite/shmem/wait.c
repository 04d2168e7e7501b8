/* shmem_wait_until and shmem_test: a token goes around the ring twice,
   each PE waiting for it before passing it on with shmem_int_p; the 1.3
   shmem_wait and shmem_long_wait_until on a flag set with an atomic. */
#include <stdio.h>
#include <shmem.h>

int token;
long flag;
int order[64];

int main(void) {
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    int right = (me + 1) % n;
    int ok = shmem_int_test(&token, SHMEM_CMP_GT, 0) == 0;
    shmem_barrier_all();
    for (int round = 0; round < 2; round++) {
        int want = round * n + me + 1;
        if (!(me == 0 && round == 0))
            shmem_int_wait_until(&token, SHMEM_CMP_GE, want - 1);
        ok = ok && token == want - 1;
        int slot = shmem_int_atomic_fetch_inc(&order[63], 0);
        shmem_int_p(&order[slot], me, 0);
        shmem_int_p(&token, want, right);
    }
    if (me == 0) {
        shmem_int_wait_until(&token, SHMEM_CMP_EQ, 2 * n);
        ok = ok && shmem_int_test(&token, SHMEM_CMP_LE, 2 * n) == 1 && shmem_int_test(&token, SHMEM_CMP_LT, 2 * n) == 0;
    }
    shmem_barrier_all();
    if (me == n - 1)
        shmem_long_atomic_set(&flag, 5, 0);
    if (me == 0) {
        shmem_long_wait(&flag, 0);
        shmem_long_wait_until(&flag, SHMEM_CMP_EQ, 5);
        ok = ok && flag == 5;
        for (int i = 0; i < 2 * n; i++)
            ok = ok && order[i] == i % n;
        ok = ok && order[63] == 2 * n;
    }
    shmem_barrier_all();
    static int bad;
    if (!ok)
        shmem_int_atomic_inc(&bad, 0);
    shmem_barrier_all();
    if (me == 0)
        printf("token ring with wait_until and test: %s\n", bad == 0 ? "ok" : "FAILED");
    shmem_finalize();
    return 0;
}
