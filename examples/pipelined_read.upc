/* pipelined_read.upc: pipelined read-and-process with notified gets, the
 * example of the GASPI read_notify proposal (Listing 1) written in UPC.
 * Every thread reads NUM_CHUNKS chunks of its right neighbour's block.
 * It starts WINDOW reads with upc_memget_notify, each announcing itself
 * on the slot of its chunk number; then, whenever some chunk has landed
 * (upc_notification_waitsome over every chunk's slot), it resets that
 * slot, processes the chunk and starts the next read, so WINDOW reads
 * stay in flight and their latency overlaps the processing (Little's
 * law: throughput = reads in flight / latency).
 *
 *   upcgo run -n 4 examples/pipelined_read.upc
 */
#include <upc.h>
#include <upc_notification.h>
#include <stdio.h>

#define CHUNK 1024                  /* doubles per chunk */
#define NUM_CHUNKS 32
#define WINDOW 8                    /* reads in flight */
#define BLOCK (CHUNK * NUM_CHUNKS)

shared [BLOCK] double A[BLOCK * THREADS];   /* block t lives on thread t */
shared int ok[THREADS];
double local[BLOCK];                        /* private: where chunks land */

/* The value at index i of thread t's block: whole numbers, so every sum
   below is exact. */
static double value(int t, int i) { return t * 1000000.0 + i; }

/* "Processing" a chunk: its sum. */
static double process(int chunk) {
    double s = 0;
    for (int i = 0; i < CHUNK; i++)
        s += local[chunk * CHUNK + i];
    return s;
}

int main(void) {
    double *mine = (double *)&A[BLOCK * MYTHREAD];
    for (int i = 0; i < BLOCK; i++)
        mine[i] = value(MYTHREAD, i);
    upc_barrier;

    int from = (MYTHREAD + 1) % THREADS;
    shared [BLOCK] double *remote = &A[BLOCK * from];
    int next;

    /* Start the pipeline: the first WINDOW reads, chunk c on slot c. */
    for (next = 0; next < WINDOW; next++)
        upc_memget_notify(&local[next * CHUNK], remote + next * CHUNK,
                          CHUNK * sizeof(double), next);

    /* Take chunks as they land, process each, keep the window full. */
    double total = 0;
    int slots_ok = 1;
    for (int done = 0; done < NUM_CHUNKS; done++) {
        upc_notification_id_t id;
        upc_notification_waitsome(0, NUM_CHUNKS, &id);
        if (upc_notification_reset(id) != 1)   /* a get notifies with 1 */
            slots_ok = 0;
        total += process(id);
        if (next < NUM_CHUNKS) {
            upc_memget_notify(&local[next * CHUNK], remote + next * CHUNK,
                              CHUNK * sizeof(double), next);
            next++;
        }
    }

    /* The sum of value(from, i) over the block: BLOCK·from·10^6 + the sum of i. */
    double want = (double)BLOCK * from * 1000000.0 + (double)BLOCK * (BLOCK - 1) / 2;
    ok[MYTHREAD] = slots_ok && total == want;
    upc_barrier;

    if (MYTHREAD == 0) {
        int good = 0;
        for (int t = 0; t < THREADS; t++)
            good += ok[t];
        printf("%d chunks of %d bytes per thread, %d reads in flight\n",
               NUM_CHUNKS, (int)(CHUNK * sizeof(double)), WINDOW);
        printf("%d of %d threads read their neighbour's block correctly\n", good, THREADS);
    }
    return 0;
}
