// exit: 1
// stderr: "UPC thread 0 of [0-9]+: upc_memput_notify: notification value 0 is not allowed"
// stderr: "err_value_zero\.upc:15"
/* A notification value of 0 would look like no notification at all, so
   it is rejected, naming the function and the line. */
#include <upc.h>
#include <upc_notification.h>

shared int x[THREADS];

int main(void) {
    int v = 1;
    upc_barrier;
    if (MYTHREAD == 0)
        upc_memput_notify(&x[THREADS - 1], &v, sizeof v, 0, 0);
    upc_barrier;
    return 0;
}
