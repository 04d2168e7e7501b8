// threads: 2 3
// exit: 1
// stderr: "UPC thread 0 of [0-9]+: upc_sync: handle 0x[0-9a-f]+ belongs to thread 1, not to the calling thread 0"
// stderr: "err_foreign_handle\.upc:19"
/* Handles are thread-specific: thread 1 publishes a live handle and
   thread 0 tries to synchronise it. */
#include <upc.h>
#include <upc_nb.h>

shared upc_handle_t handles[THREADS];

int main(void) {
    if (MYTHREAD == 1) {
        upc_begin_accessregion();
        handles[1] = upc_end_accessregion();
    }
    upc_barrier;
    if (MYTHREAD == 0)
        upc_sync(handles[1]);
    upc_barrier;
    if (MYTHREAD == 1)
        upc_sync(handles[1]);
    return 0;
}
