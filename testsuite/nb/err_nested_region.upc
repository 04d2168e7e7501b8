// exit: 1
// stderr: "upc_begin_accessregion: access regions may not be nested"
// stderr: "err_nested_region\.upc:12"
/* Access regions do not nest. */
#include <upc.h>
#include <upc_nb.h>

int main(void) {
    if (MYTHREAD == THREADS - 1) {
        upc_begin_accessregion();
        /* a second begin before the end */
        upc_begin_accessregion();
    }
    upc_barrier;
    return 0;
}
