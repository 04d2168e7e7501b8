// exit: 1
// stderr: "shmem_long_put: the destination 0x[0-9a-f]+ is not a symmetric address"
// stderr: "err_not_symmetric\.c:15"
/* A local variable is not symmetric: other PEs have no copy of it at a
   known address, so it cannot be a remote destination. */
#include <shmem.h>

long x[2];

int main(void) {
    long local[2] = {1, 2};
    shmem_init();
    if (shmem_my_pe() == shmem_n_pes() - 1)
        shmem_long_put(x, local, 2, 0);
    shmem_long_put(local, x, 2, 0);
    shmem_barrier_all();
    return 0;
}
