/* Shared kernel with local affinity: a[i] = b[i] + s*c[i] over cyclic
 * shared arrays, each thread updating the elements it owns through
 * upc_forall, against the same loop over private arrays of the same
 * per-thread length. Prints both times and their ratio. */
#include <upc.h>
#include <upc_tick.h>
#include <stdio.h>
#include <stdlib.h>

#define N (1 << 20)
#define REPS 20

shared double a[N * THREADS], b[N * THREADS], c[N * THREADS];

int main(void) {
    int i, r;
    double *pa = malloc(N * sizeof(double)), *pb = malloc(N * sizeof(double)), *pc = malloc(N * sizeof(double));
    upc_forall (i = 0; i < N * THREADS; i++; &a[i]) { a[i] = 0; b[i] = i; c[i] = 2 * i; }
    for (i = 0; i < N; i++) { pa[i] = 0; pb[i] = i; pc[i] = 2 * i; }
    upc_barrier;

    upc_tick_t t0 = upc_ticks_now();
    for (r = 0; r < REPS; r++)
        upc_forall (i = 0; i < N * THREADS; i++; &a[i])
            a[i] = b[i] + 3.0 * c[i];
    upc_tick_t t1 = upc_ticks_now();
    for (r = 0; r < REPS; r++)
        for (i = 0; i < N; i++)
            pa[i] = pb[i] + 3.0 * pc[i];
    upc_tick_t t2 = upc_ticks_now();
    upc_barrier;

    if (MYTHREAD == 0) {
        double shared_ms = upc_ticks_to_ns(t1 - t0) / 1e6, private_ms = upc_ticks_to_ns(t2 - t1) / 1e6;
        printf("triad %d threads: shared %.1f ms, private %.1f ms, ratio %.2f (check %g %g)\n",
               THREADS, shared_ms, private_ms, shared_ms / private_ms, a[N * THREADS - 1], pa[N - 1]);
    }
    return 0;
}
