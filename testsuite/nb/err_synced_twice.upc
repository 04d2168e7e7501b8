// exit: 1
// stderr: "UPC thread 0 of [0-9]+: bupc_waitsync: handle 0x[0-9a-f]+ was already synchronised"
// stderr: "err_synced_twice\.upc:16"
/* A handle synchronised twice is reported on the second call, under the
   name the program used. (An access region's handle is a real handle
   even when its operations completed at once.) */
#include <upc.h>
#include <bupc_extensions.h>

int main(void) {
    if (MYTHREAD == 0) {
        bupc_begin_accessregion();
        bupc_handle_t h = bupc_end_accessregion();
        bupc_waitsync(h);
        /* the handle is dead now */
        bupc_waitsync(h);
    }
    upc_barrier;
    return 0;
}
