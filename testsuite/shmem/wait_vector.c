/* The multi-variable waits of OpenSHMEM 1.5: each PE sets flags 1 and 3
   of its right neighbour; the neighbour waits for both
   (wait_until_all with a status array that leaves 0 and 2 out), then
   tests and waits in the other forms; _vector forms compare each flag
   with its own value; the generic names too. */
#include <stdio.h>
#include <stdint.h>
#include <shmem.h>

int main(void) {
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    long *flags = shmem_calloc(4, sizeof(long));
    int *iflags = shmem_calloc(2, sizeof(int));
    int right = (me + 1) % n;

    shmem_long_atomic_set(&flags[3], 1, right);
    shmem_long_atomic_set(&flags[1], 1, right);
    shmem_int_atomic_set(&iflags[1], 7, right);
    int skip02[4] = {1, 0, 1, 0}, only0[4] = {1, 1, 1, 0}, none[4] = {1, 1, 1, 1};
    shmem_long_wait_until_all(flags, 4, skip02, SHMEM_CMP_EQ, 1);
    shmem_int_wait_until_all(iflags, 2, NULL, SHMEM_CMP_GE, 0);
    /* Atomics to different words are not ordered without shmem_fence:
       flags[1] and flags[3] arriving says nothing of iflags[1]. */
    shmem_int_wait_until(&iflags[1], SHMEM_CMP_EQ, 7);

    size_t idx[4] = {9, 9, 9, 9};
    size_t some = shmem_long_test_some(flags, 4, idx, NULL, SHMEM_CMP_EQ, 1);
    size_t any = shmem_long_test_any(flags, 4, NULL, SHMEM_CMP_EQ, 1);
    size_t any3 = shmem_long_wait_until_any(flags, 4, only0, SHMEM_CMP_NE, 0);
    int all = shmem_long_test_all(flags, 4, NULL, SHMEM_CMP_EQ, 1);
    int all13 = shmem_test_all(flags, 4, skip02, SHMEM_CMP_EQ, 1L);
    size_t noneany = shmem_long_wait_until_any(flags, 4, none, SHMEM_CMP_EQ, 1);
    size_t nonesome = shmem_long_wait_until_some(flags, 4, idx + 2, none, SHMEM_CMP_EQ, 1);

    long want[4] = {0, 1, 0, 1}, fives[4] = {5, 5, 5, 1}, zeros[4] = {0, 0, 0, 0};
    int vall = shmem_long_test_all_vector(flags, 4, NULL, SHMEM_CMP_EQ, want);
    size_t vany = shmem_long_wait_until_any_vector(flags, 4, NULL, SHMEM_CMP_EQ, fives);
    size_t vidx[4];
    size_t vsome = shmem_wait_until_some_vector(flags, 4, vidx, NULL, SHMEM_CMP_NE, zeros);
    int itest = shmem_int_test_any(iflags, 2, NULL, SHMEM_CMP_GT, 5) == 1;

    shmem_barrier_all();
    for (int pe = 0; pe < n; pe++) {
        if (me == pe && (pe == 0 || pe == n - 1)) {
            printf("test_some: %zu (%zu, %zu); test_any: %zu; wait_until_any: %zu\n", some, idx[0], idx[1], any, any3);
            printf("test_all: %d, leaving out 0 and 2: %d\n", all, all13);
            printf("everything left out: any %s, some %zu\n", noneany == SIZE_MAX ? "SIZE_MAX" : "?", nonesome);
            printf("vector: all %d, any %zu, some %zu (%zu, %zu); int test_any: %d\n", vall, vany, vsome, vidx[0], vidx[1], itest);
        }
        shmem_barrier_all();
    }
    shmem_free(iflags);
    shmem_free(flags);
    shmem_finalize();
    return 0;
}
