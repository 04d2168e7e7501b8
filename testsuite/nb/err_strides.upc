// exit: 1
// stderr: "upc_memput_strided: destination strides: strides\[0\] = 16 is less than count\[0\] = 32 \(runs would overlap\)"
// stderr: "err_strides\.upc:17"
/* Strides must step over the runs they separate: rows of 32 bytes 16
   bytes apart would overlap. */
#include <upc.h>
#include <upc_nb.h>

shared [] char buf[1024];

int main(void) {
    char src[256];
    size_t dststrides[1] = { 16 };
    size_t srcstrides[1] = { 32 };
    size_t count[2] = { 32, 4 };
    if (MYTHREAD == THREADS - 1)
        upc_memput_strided(buf, dststrides, src, srcstrides, count, 1);
    upc_barrier;
    return 0;
}
