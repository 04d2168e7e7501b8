/* GUPS-style random updates T[idx] ^= v: a read-modify-write through an
   indirect subscript, which the pass must leave alone (two updates may hit
   one element). Each thread updates only elements of its right neighbour,
   so no two threads race; thread 0 then replays every thread's updates on
   a private copy and compares the whole table (an aggregated read). */
#include <upc.h>
#include <stdio.h>

#define TS 64     /* table elements per thread */
#define U 300     /* updates per thread */

shared unsigned long long T[TS*THREADS];

static unsigned long long next(unsigned long long s) {
    return s * 6364136223846793005ULL + 1442695040888963407ULL;
}

int main(void) {
    upc_forall (int j = 0; j < TS*THREADS; j++; &T[j])
        T[j] = j;
    upc_barrier;

    int right = (MYTHREAD + 1) % THREADS;
    int idx[U];
    unsigned long long val[U];
    unsigned long long s = 12345 + MYTHREAD;
    for (int k = 0; k < U; k++) {
        s = next(s);
        idx[k] = (int)((s >> 33) % TS) * THREADS + right;   /* cyclic: on thread right */
        val[k] = s;
    }
    for (int k = 0; k < U; k++)
        T[idx[k]] ^= val[k];
    upc_barrier;

    if (MYTHREAD == 0) {
        unsigned long long want[TS*8];
        for (int j = 0; j < TS*THREADS; j++)
            want[j] = j;
        for (int t = 0; t < THREADS; t++) {
            unsigned long long z = 12345 + t;
            for (int k = 0; k < U; k++) {
                z = next(z);
                want[(int)((z >> 33) % TS) * THREADS + (t + 1) % THREADS] ^= z;
            }
        }
        int errors = 0;
        for (int j = 0; j < TS*THREADS; j++)
            errors += T[j] != want[j];
        printf("gups on %d threads: %d wrong elements\n", THREADS, errors);
    }
    return 0;
}
