/* Notified puts around a ring, many rounds: every thread writes a block
   into its right neighbour with upc_memput_notify, the round number as
   the value, and waits for its left neighbour's block. Seeing the slot,
   it must see the whole block of that round; it then tells the writer
   with upc_notification_post that the block may be overwritten. Every
   fourth round the block is larger than one message (100 KB), which the
   runtime sends in pieces before the notification. */
#include <upc.h>
#include <upc_notification.h>
#include <stdio.h>

#define ROUNDS 40
#define SMALL 64
#define LARGE (25 * 1024)          /* ints: 100 KB */
#define DATA_SLOT 10
#define ACK_SLOT 11

shared [LARGE] int box[LARGE * THREADS];
shared int bad[THREADS];
int src[LARGE];

static int value(int writer, int round, int i) { return writer * 100000 + round * 1000 + i % 1000; }

int main(void) {
    int right = (MYTHREAD + 1) % THREADS, left = (MYTHREAD + THREADS - 1) % THREADS;
    int errors = 0;
    for (int round = 1; round <= ROUNDS; round++) {
        int n = round % 4 == 0 ? LARGE : SMALL;
        for (int i = 0; i < n; i++)
            src[i] = value(MYTHREAD, round, i);
        upc_memput_notify(&box[LARGE * right], src, n * sizeof(int), DATA_SLOT, round);

        upc_notification_id_t id;
        if (upc_notification_waitsome(DATA_SLOT, 1, &id) != 0 || id != DATA_SLOT)
            errors++;
        upc_notification_t v = upc_notification_reset(DATA_SLOT);
        if (v != (upc_notification_t)round)
            errors++;
        int *mine = (int *)&box[LARGE * MYTHREAD];
        for (int i = 0; i < n; i++)
            if (mine[i] != value(left, round, i))
                errors++;
        upc_notification_post(left, ACK_SLOT, 1);

        upc_notification_waitsome(ACK_SLOT, 1, &id);
        if (upc_notification_reset(ACK_SLOT) != 1)
            errors++;
    }
    bad[MYTHREAD] = errors;
    upc_barrier;
    if (MYTHREAD == 0) {
        int total = 0;
        for (int t = 0; t < THREADS; t++)
            total += bad[t];
        printf("%d threads, %d rounds: %d errors\n", THREADS, ROUNDS, total);
    }
    return 0;
}
