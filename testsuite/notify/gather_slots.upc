/* Many writers, one reader: every thread puts its row into thread 0's
   table with upc_memput_notify on slot 100 + MYTHREAD (value MYTHREAD+1),
   and also adds 1 to the shared slot 7 with upc_notification_post.
   Thread 0 takes the rows as they come with upc_notification_waitsome
   over the whole range (the lowest non-zero id comes first), checks
   each, and finds slot 7 holding THREADS: values add up in a slot. Then
   the slots are zero again and an id past the range is untouched. */
#include <upc.h>
#include <upc_notification.h>
#include <stdio.h>

#define ROW 16

shared [] double table[ROW * 8];

int main(void) {
    double row[ROW];
    for (int i = 0; i < ROW; i++)
        row[i] = MYTHREAD + i / 100.0;
    upc_memput_notify(&table[ROW * MYTHREAD], row, sizeof row, 100 + MYTHREAD, MYTHREAD + 1);
    upc_notification_post(0, 7, 1);

    if (MYTHREAD == 0) {
        int seen = 0, bad = 0;
        unsigned long idsum = 0;
        while (seen < THREADS) {
            upc_notification_id_t id;
            upc_notification_waitsome(100, THREADS, &id);
            upc_notification_t v = upc_notification_reset(id);
            int t = id - 100;
            if (v != (upc_notification_t)(t + 1))
                bad++;
            for (int i = 0; i < ROW; i++)
                if (table[ROW * t + i] != t + i / 100.0)
                    bad++;
            idsum += id;
            seen++;
        }
        upc_notification_id_t id;
        upc_notification_waitsome(0, UPC_NOTIFICATION_NUM, &id);
        printf("first non-zero slot: %u\n", id);
        unsigned total = 0;
        while (total < (unsigned)THREADS) {
            upc_notification_waitsome(7, 1, &id);
            total += upc_notification_reset(7);
        }
        printf("rows: %d, ids add to %lu, bad: %d, slot 7 collected %u\n", seen, idsum, bad, total);
        printf("slot 7 now %u, slot 99 %u\n", upc_notification_reset(7), upc_notification_reset(99));
    }
    upc_barrier;
    return 0;
}
