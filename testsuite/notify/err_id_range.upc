// exit: 1
// stderr: "UPC thread [0-9]+ of [0-9]+: upc_notification_waitsome: notification ids \[65530,65546\) are out of range \[0,65536\)"
// stderr: "err_id_range\.upc:12"
/* A range of slots that runs past UPC_NOTIFICATION_NUM is an error. */
#include <upc.h>
#include <upc_notification.h>

int main(void) {
    upc_notification_id_t id;
    upc_barrier;
    if (MYTHREAD == THREADS - 1)
        upc_notification_waitsome(UPC_NOTIFICATION_NUM - 6, 16, &id);
    upc_barrier;
    return 0;
}
