// exit: 3
/* shmem_global_exit ends every PE with its status, even those waiting in
   a barrier. */
#include <stdio.h>
#include <shmem.h>

int main(void) {
    shmem_init();
    if (shmem_my_pe() == 0) {
        printf("leaving\n");
        shmem_global_exit(3);
    }
    shmem_barrier_all();
    printf("not reached\n");
    return 0;
}
