/* Benchmark: GUPS-style random updates T[idx[k]] ^= v[k] to the right
   neighbour's elements. The pass must not aggregate them (two updates may
   hit one element); this measures that it costs nothing and stays right. */
#include <upc.h>
#include <stdio.h>
#include <upc_tick.h>

#define TS 1024
#define U 4096

shared unsigned long long T[TS*THREADS];

int main(void) {
    static int idx[U];
    static unsigned long long v[U];
    upc_forall (int j = 0; j < TS*THREADS; j++; &T[j])
        T[j] = 0;
    upc_barrier;
    int right = (MYTHREAD + 1) % THREADS;
    unsigned long long s = 1 + MYTHREAD;
    for (int k = 0; k < U; k++) {
        s = s * 6364136223846793005ULL + 1442695040888963407ULL;
        idx[k] = (int)((s >> 33) % TS) * THREADS + right;
        v[k] = s;
    }
    upc_tick_t t0 = upc_ticks_now();
    for (int k = 0; k < U; k++)
        T[idx[k]] ^= v[k];
    /* Applying the same updates again restores the table. */
    for (int k = 0; k < U; k++)
        T[idx[k]] ^= v[k];
    upc_tick_t t1 = upc_ticks_now();
    upc_barrier;
    int bad = 0;
    for (int j = 0; j < TS*THREADS; j++)
        bad += T[j] != 0;
    if (MYTHREAD == 0)
        printf("gups %d threads: %.3f ms per %d updates (%s)\n", THREADS,
               (double)upc_ticks_to_ns(t1 - t0) / 1e6 / 2, U, bad ? "WRONG" : "ok");
    return 0;
}
