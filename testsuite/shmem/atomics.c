/* Atomics under contention: every PE hammers PE 0's counters, then PE 0
   checks the totals. Covers the 1.5 names, the 1.3 names (fadd, finc,
   cswap, swap) and the bitwise and fixed-width forms. */
#include <stdio.h>
#include <shmem.h>

#define ROUNDS 200
long counter;
long long ll;
unsigned int bits;
uint64_t u64;
int lockword;
int inside, maxinside;
size_t sz;
double dswap;

int main(void) {
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    long fetched = 0;
    for (int i = 0; i < ROUNDS; i++) {
        fetched += shmem_long_atomic_fetch_inc(&counter, 0) >= 0;
        shmem_longlong_atomic_add(&ll, 3, 0);
        shmem_uint64_atomic_fetch_add(&u64, (uint64_t)1 << 40, 0);
        shmem_size_atomic_inc(&sz, 0);
    }
    shmem_uint_atomic_or(&bits, 1u << me, 0);
    /* a spin lock from compare_swap, with a critical section that would
       see another PE inside it if the lock did not work */
    for (int i = 0; i < 20; i++) {
        while (shmem_int_atomic_compare_swap(&lockword, 0, me + 1, 0) != 0)
            ;
        int now = shmem_int_atomic_fetch_inc(&inside, 0) + 1;
        if (now > shmem_int_atomic_fetch(&maxinside, 0))
            shmem_int_atomic_set(&maxinside, now, 0);
        shmem_int_atomic_add(&inside, -1, 0);
        if (shmem_int_atomic_swap(&lockword, 0, 0) != me + 1)
            shmem_int_atomic_set(&maxinside, 99, 0);
    }
    /* the 1.3 names */
    shmem_long_fadd(&counter, 10, 0);
    shmem_long_finc(&counter, 0);
    shmem_long_add(&counter, -11, 0);
    shmem_long_inc(&counter, 0);
    shmem_long_cswap(&counter, -12345, 0, 0); /* never matches */
    shmem_double_atomic_swap(&dswap, 1.5, 0);
    shmem_barrier_all();
    if (me == 0) {
        printf("fetch_inc: %s\n", counter == (long)n * (ROUNDS + 1) && fetched == ROUNDS ? "ok" : "FAILED");
        printf("longlong add: %s\n", ll == 3LL * ROUNDS * n ? "ok" : "FAILED");
        printf("uint64 fetch_add: %s\n", u64 == ((uint64_t)ROUNDS * n) << 40 ? "ok" : "FAILED");
        printf("size inc: %s\n", sz == (size_t)ROUNDS * n ? "ok" : "FAILED");
        printf("uint or: %s\n", bits == (n == 32 ? ~0u : (1u << n) - 1) ? "ok" : "FAILED");
        printf("compare_swap lock: %s\n", maxinside == 1 && lockword == 0 && inside == 0 ? "ok" : "FAILED");
        printf("double swap: %s\n", dswap == 1.5 ? "ok" : "FAILED");
        printf("fetch of another PE: %s\n", shmem_long_atomic_fetch(&counter, n - 1) == (n == 1 ? counter : 0) ? "ok" : "FAILED");
    }
    shmem_finalize();
    return 0;
}
