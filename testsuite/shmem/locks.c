/* Distributed locks: every PE adds 1 to a counter on PE 0 by a get and a
   put under shmem_set_lock, 40 times (without the lock, increments would
   be lost); four locks in a shmem_malloc'd array guard four counters,
   each lock's state on a different PE; shmem_test_lock fails while
   another PE holds the lock and succeeds once it is cleared. */
#include <stdio.h>
#include <shmem.h>

long lock;
int counter;
int held;

int main(void) {
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();

    for (int i = 0; i < 40; i++) {
        shmem_set_lock(&lock);
        int v = shmem_int_g(&counter, 0);
        shmem_int_p(&counter, v + 1, 0);
        shmem_clear_lock(&lock);
    }
    shmem_barrier_all();
    if (me == 0)
        printf("one lock: %d increments per PE\n", counter / n);

    long *locks = shmem_calloc(4, sizeof(long));
    int *counts = shmem_calloc(4, sizeof(int));
    for (int i = 0; i < 20; i++) {
        int l = (me + i) % 4;
        shmem_set_lock(&locks[l]);
        shmem_int_p(&counts[l], shmem_int_g(&counts[l], n - 1) + 1, n - 1);
        shmem_clear_lock(&locks[l]);
    }
    shmem_barrier_all();
    if (me == 0) {
        int total = 0;
        for (int l = 0; l < 4; l++)
            total += shmem_int_g(&counts[l], n - 1);
        printf("four locks: %d increments per PE\n", total / n);
    }

    if (me == 0) {
        printf("test_lock on a free lock: %d\n", shmem_test_lock(&lock));
        held = 1;
    }
    shmem_barrier_all();
    int busy = me == 0 ? 1 : shmem_test_lock(&lock);
    shmem_barrier_all();
    if (me == 0)
        shmem_clear_lock(&lock);
    shmem_barrier_all();
    if (me == n - 1) {
        int got = shmem_test_lock(&lock);
        printf("test_lock while held: %d; once cleared: %d\n", busy, got);
        shmem_clear_lock(&lock);
    }
    shmem_free(counts);
    shmem_free(locks);
    shmem_finalize();
    return 0;
}
