/* histogram.upc: threads add to shared counters under a lock. The data
 * (N pseudo-random values in 0..99) are the same whatever THREADS is:
 * value i is computed from i, and thread t takes every THREADS-th value.
 * Incrementing a shared bin is a read followed by a write, so two
 * threads could lose an update; upc_lock makes each increment exclusive.
 *
 *   upcgo run -n 4 examples/histogram.upc
 */
#include <upc.h>
#include <stdio.h>

#define N 10000
#define BINS 10

shared [] int bins[BINS];        /* all on thread 0 */
upc_lock_t *lock;                /* each thread's copy points to one lock */

static int value(int i) {        /* a fixed pseudo-random sequence */
    unsigned x = (unsigned)i * 2654435761u;
    x ^= x >> 15;
    return (int)(x % 100);
}

int main(void) {
    int i;
    lock = upc_all_lock_alloc();  /* collective: the same lock everywhere */
    for (i = MYTHREAD; i < N; i += THREADS) {
        int b = value(i) / (100 / BINS);
        upc_lock(lock);
        bins[b]++;
        upc_unlock(lock);
    }
    upc_barrier;
    if (MYTHREAD == 0) {
        int total = 0;
        for (i = 0; i < BINS; i++) {
            printf("%2d-%2d: %d\n", i * 10, i * 10 + 9, bins[i]);
            total += bins[i];
        }
        printf("total: %d\n", total);
        upc_lock_free(lock);
    }
    return 0;
}
