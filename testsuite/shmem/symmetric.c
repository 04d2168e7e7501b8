/* Global and static variables are symmetric: the address of one on this
   PE names every PE's copy, whether it is initialised, an array of
   structs, a static at file scope or a static local. */
#include <stdio.h>
#include <shmem.h>

struct point { int x, y; };
int answer = 42;
struct point pts[3] = {{1, 2}, {3, 4}, {5, 6}};
static double scale = 2.5;
char names[2][8] = {"left", "right"};

static int *visits(void) {
    static int count;
    return &count;
}

int main(void) {
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    int right = (me + 1) % n;
    int ok = shmem_int_g(&answer, right) == 42 && shmem_int_g(&pts[2].y, right) == 6 &&
             shmem_double_g(&scale, right) == 2.5 && shmem_char_g(&names[1][4], right) == 't';
    shmem_barrier_all();
    struct point p = {me, -me};
    shmem_putmem(&pts[1], &p, sizeof p, right);
    shmem_int_atomic_inc(visits(), 0);
    shmem_int_atomic_add(visits(), me, right);
    shmem_barrier_all();
    int left = (me + n - 1) % n;
    ok = ok && pts[1].x == left && pts[1].y == -left && pts[0].x == 1;
    int want = left + (me == 0 ? n : 0);
    ok = ok && *visits() == want;
    static int bad;
    if (!ok)
        shmem_int_atomic_inc(&bad, 0);
    shmem_barrier_all();
    if (me == 0)
        printf("symmetric globals and statics: %s\n", bad == 0 ? "ok" : "FAILED");
    shmem_finalize();
    return 0;
}
