// exit: 1
// stderr: "upc_memput_ilist: destination regions 0 and 1 overlap"
// stderr: "err_overlap\.upc:16"
/* The destination regions of an indexed transfer must not overlap: here
   two 8-byte regions 4 bytes apart on one thread. */
#include <upc.h>
#include <upc_nb.h>

shared [] char buf[64];

int main(void) {
    char src[16];
    shared void *dst[2] = { &buf[0], &buf[4] };
    const void *from[1] = { src };
    if (MYTHREAD == 0)
        upc_memput_ilist(2, dst, 8, 1, from, 16);
    upc_barrier;
    return 0;
}
