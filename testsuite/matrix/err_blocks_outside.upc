// exit: 1
// stderr: "upc_memget_blocks: the source section at [(]thread 0, phase 0, addr 0x[0-9a-f]+[)] is outside thread 0's shared segment"
// stderr: "err_blocks_outside\.upc:14"
/* A block-strided section must stay in one thread's shared memory: a
   negative stride from the start of thread 0's segment leaves it. */
#include <upc.h>
#include <upc_matrix.h>

shared [16] double M[16 * THREADS];

int main(void) {
    double buf[4];
    if (MYTHREAD == THREADS - 1)
        upc_memget_blocks(buf, &M[0], sizeof(double), 1, -(1L << 40), 1, 4);
    upc_barrier;
    return 0;
}
