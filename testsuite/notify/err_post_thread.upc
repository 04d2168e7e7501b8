// exit: 1
// stderr: "UPC thread 0 of [0-9]+: upc_notification_post: thread [0-9]+ does not exist \(THREADS is [0-9]+\)"
// stderr: "err_post_thread\.upc:10"
/* Notifying a thread that does not exist is an error. */
#include <upc.h>
#include <upc_notification.h>

int main(void) {
    if (MYTHREAD == 0)
        upc_notification_post(THREADS, 1, 1);
    upc_barrier;
    return 0;
}
