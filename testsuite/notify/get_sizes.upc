/* Notified gets of several sizes from the right neighbour, all started
   before any is waited for: empty (the slot is set at once), one byte, a
   few hundred bytes, and 70000 bytes (more than one message). Each slot
   gets 1 when its bytes are in place; the bytes are then checked. */
#include <upc.h>
#include <upc_notification.h>
#include <stdio.h>

#define BIG 70000

shared [BIG] unsigned char data[BIG * THREADS];
shared int bad[THREADS];
unsigned char dst[4][BIG];

int main(void) {
    unsigned char *mine = (unsigned char *)&data[BIG * MYTHREAD];
    for (int i = 0; i < BIG; i++)
        mine[i] = (unsigned char)(MYTHREAD * 7 + i * 13);
    upc_barrier;

    int from = (MYTHREAD + 1) % THREADS;
    size_t sizes[4] = { 0, 1, 300, BIG };
    for (int k = 0; k < 4; k++)
        upc_memget_notify(dst[k], &data[BIG * from], sizes[k], 20 + k);

    int errors = 0;
    for (int done = 0; done < 4; done++) {
        upc_notification_id_t id;
        upc_notification_waitsome(20, 4, &id);
        if (upc_notification_reset(id) != 1)
            errors++;
        int k = id - 20;
        for (size_t i = 0; i < sizes[k]; i++)
            if (dst[k][i] != (unsigned char)(from * 7 + i * 13))
                errors++;
    }
    bad[MYTHREAD] = errors;
    upc_barrier;
    if (MYTHREAD == 0) {
        int total = 0;
        for (int t = 0; t < THREADS; t++)
            total += bad[t];
        printf("notified gets of 0, 1, 300 and %d bytes: %d errors\n", BIG, total);
    }
    return 0;
}
