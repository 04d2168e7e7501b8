// exit: 1
// stderr: "upc_synci: implicit-handle synchronisation inside an access region"
// stderr: "err_synci_in_region\.upc:16"
/* Implicit-handle synchronisation inside an access region is an error:
   the region's operations belong to its handle. */
#include <upc.h>
#include <upc_nb.h>

shared int x[THREADS];

int main(void) {
    int v = 1;
    if (MYTHREAD == 0) {
        upc_begin_accessregion();
        upc_memput_nbi(&x[THREADS - 1], &v, sizeof v);
        upc_synci();
    }
    upc_barrier;
    return 0;
}
