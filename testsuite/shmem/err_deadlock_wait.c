// threads: 1 2 3 4
// exit: 1
// stderr: "deadlock"
// stderr: "UPC thread 0 of [0-9]+ waits for shmem_int_wait_until: a store by another PE that makes the comparison hold, at .*err_deadlock_wait\.c:17"
/* PE 0 waits for a value no PE stores (the others wait in the barrier):
   a deadlock, reported with what each PE waits for and where, instead of
   a hang. The wait polls memory, since other PEs store to it directly. */
#include <shmem.h>
#include <stdio.h>

int flag;

int main(void) {
    shmem_init();
    shmem_barrier_all();
    if (shmem_my_pe() == 0)
        shmem_int_wait_until(&flag, SHMEM_CMP_EQ, 1);
    shmem_barrier_all();
    printf("not reached\n");
    return 0;
}
