// exit: 1
// stderr: "upc_memget_vlist_async: the source and destination sizes differ \(destination 16 bytes, source 24 bytes\)"
// stderr: "err_vlist_sizes\.upc:19"
/* The two lists of a vector transfer must hold the same number of
   bytes. */
#include <upc.h>
#include <upc_nb.h>

shared [3] double A[3*THREADS];

int main(void) {
    double buf[3];
    upc_pmemvec_t dst[1] = { { buf, 2*sizeof(double) } };
    upc_smemvec_t src[2];
    src[0].addr = &A[0];
    src[0].len = sizeof(double);
    src[1].addr = &A[1];
    src[1].len = 2*sizeof(double);
    upc_waitsync(upc_memget_vlist_async(1, dst, 2, src));
    return 0;
}
