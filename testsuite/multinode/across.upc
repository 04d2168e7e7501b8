/* The multi-node test's first job (run.sh): every thread puts 4 MiB into
   the thread half the job away, which the test places on the other node,
   and checks what it received. The test compares the bytes the nodes'
   links carried with what this moves. */
#include <stdio.h>
#include <string.h>
#include <upc.h>

#define B (1 << 20) /* UPC_MAX_BLOCK_SIZE */
#define R 4         /* blocks per thread */

shared int bad[THREADS];

int main(void) {
    static char src[B];
    /* Block k has affinity to thread k % THREADS. */
    shared [B] char *buf = upc_all_alloc(R * THREADS, B);
    int peer = (MYTHREAD + THREADS / 2) % THREADS;
    int from = (MYTHREAD + THREADS - THREADS / 2) % THREADS;
    memset(src, MYTHREAD + 1, B);
    for (int r = 0; r < R; r++)
        upc_memput(buf + (size_t)(r * THREADS + peer) * B, src, B);
    upc_barrier;
    for (int r = 0; r < R; r++) {
        char *mine = (char *)(buf + (size_t)(r * THREADS + MYTHREAD) * B);
        for (int i = 0; i < B; i++)
            bad[MYTHREAD] += mine[i] != from + 1;
    }
    upc_barrier;
    if (MYTHREAD == 0) {
        int wrong = 0;
        for (int t = 0; t < THREADS; t++)
            wrong += bad[t];
        printf("across: %d threads, %ld bytes to the other half of the job, %s\n", THREADS,
               (long)THREADS * R * B, wrong ? "WRONG" : "ok");
    }
    return 0;
}
