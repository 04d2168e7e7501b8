// exit: 1
// stderr: "shmem_int_p: PE [0-9]+ does not exist \(shmem_n_pes\(\) is [0-9]+\)"
// stderr: "err_bad_pe\.c:13"
/* A PE number out of range is a run-time error naming the call and the
   line. */
#include <shmem.h>

int x;

int main(void) {
    shmem_init();
    if (shmem_my_pe() == 0)
        shmem_int_p(&x, 1, shmem_n_pes());
    shmem_barrier_all();
    return 0;
}
