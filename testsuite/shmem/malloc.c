/* The symmetric heap: shmem_malloc, shmem_calloc (zeroed), shmem_align,
   shmem_realloc (keeps the bytes), shmem_free, and shmem_ptr. */
#include <stdio.h>
#include <stdint.h>
#include <shmem.h>

int main(void) {
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    int right = (me + 1) % n, left = (me + n - 1) % n;
    int ok = 1;

    long *a = shmem_malloc(100 * sizeof(long));
    for (int i = 0; i < 100; i++)
        a[i] = me;
    shmem_barrier_all();
    long mine[100];
    for (int i = 0; i < 100; i++)
        mine[i] = me * 1000 + i;
    shmem_long_put(a, mine, 100, right);
    shmem_barrier_all();
    for (int i = 0; i < 100; i++)
        ok = ok && a[i] == left * 1000 + i;

    int *z = shmem_calloc(50, sizeof(int));
    for (int i = 0; i < 50; i++)
        ok = ok && z[i] == 0;
    shmem_barrier_all();
    shmem_int_p(&z[49], me + 1, right);
    shmem_barrier_all();
    ok = ok && z[49] == left + 1;

    double *al = shmem_align(256, 3 * sizeof(double));
    ok = ok && ((uintptr_t)al % 256) == 0;
    al[2] = me;
    shmem_barrier_all();
    ok = ok && shmem_double_g(&al[2], right) == right;

    a = shmem_realloc(a, 200 * sizeof(long));
    for (int i = 0; i < 100; i++)
        ok = ok && a[i] == left * 1000 + i;
    a[199] = me;
    shmem_barrier_all();
    ok = ok && shmem_long_g(&a[199], left) == left;

    long *direct = shmem_ptr(a, right);
    ok = ok && (direct == NULL || direct[199] == right);
    ok = ok && shmem_ptr(a, me) == a;
    ok = ok && shmem_addr_accessible(a, right) && !shmem_addr_accessible(mine, right) && shmem_pe_accessible(n - 1);

    shmem_free(al);
    shmem_free(z);
    shmem_free(a);
    shmem_free(NULL);
    int *again = shmem_malloc(sizeof(int));
    *again = 0;
    shmem_barrier_all();
    if (!ok)
        shmem_int_atomic_inc(again, 0);
    shmem_barrier_all();
    if (me == 0)
        printf("symmetric heap: %s\n", *again == 0 ? "ok" : "FAILED");
    shmem_free(again);
    shmem_finalize();
    return 0;
}
