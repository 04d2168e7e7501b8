// exit: 1
// stderr: "upc_end_accessregion: no access region is open"
// stderr: "err_end_region\.upc:10"
/* upc_end_accessregion needs a matching upc_begin_accessregion. */
#include <upc.h>
#include <upc_nb.h>

int main(void) {
    if (MYTHREAD == 0)
        upc_waitsync(upc_end_accessregion());
    upc_barrier;
    return 0;
}
