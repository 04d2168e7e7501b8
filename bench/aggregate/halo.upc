/* Benchmark: a 1-d halo exchange written element by element: each thread
   reads its left neighbour's block and writes its right neighbour's ghost
   block of a blocked array. */
#include <upc.h>
#include <stdio.h>
#include <upc_tick.h>

#define B 16384
#define REPS 5

shared [B] double u[B*THREADS];
shared [B] double ghost[B*THREADS];

int main(void) {
    static double in[B], out[B];
    upc_forall (int j = 0; j < B*THREADS; j++; &u[j])
        u[j] = j;
    upc_barrier;
    int left = (MYTHREAD + THREADS - 1) % THREADS, right = (MYTHREAD + 1) % THREADS;
    for (int k = 0; k < B; k++)
        out[k] = MYTHREAD;
    upc_tick_t t0 = upc_ticks_now();
    for (int r = 0; r < REPS; r++) {
        for (int k = 0; k < B; k++)
            in[k] = u[left*B + k];
        for (int k = 0; k < B; k++)
            ghost[right*B + k] = out[k];
    }
    upc_tick_t t1 = upc_ticks_now();
    upc_barrier;
    int ok = in[B-1] == left*B + B - 1 && ghost[MYTHREAD*B] == left;
    if (MYTHREAD == 0)
        printf("halo %d threads: %.3f ms per exchange of 2x%d elements (%s)\n", THREADS,
               (double)upc_ticks_to_ns(t1 - t0) / 1e6 / REPS, B, ok ? "ok" : "WRONG");
    return 0;
}
