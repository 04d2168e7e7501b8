// threads: 2 3 4
// exit: 1
// stderr: "deadlock"
// stderr: "UPC thread 0 of [0-9]+ waits for shmem_set_lock: a lock held by another PE, at .*err_deadlock_lock\.c:20"
// stderr: "UPC thread 1 of [0-9]+ waits for shmem_set_lock: a lock held by another PE, at .*err_deadlock_lock\.c:21"
/* Two PEs each hold a lock and ask for the other's. */
#include <shmem.h>
#include <stdio.h>

long la, lb;

int main(void) {
    shmem_init();
    int me = shmem_my_pe();
    if (me == 0)
        shmem_set_lock(&la);
    if (me == 1)
        shmem_set_lock(&lb);
    shmem_barrier_all();
    if (me == 0) shmem_set_lock(&lb);
    if (me == 1) shmem_set_lock(&la);
    shmem_barrier_all();
    printf("not reached\n");
    return 0;
}
