/* The C11 generic names lower to the typed call for the type dest points
   to; another type is a compile error naming it. */
#include <shmem.h>

struct point {
    int x, y;
};
struct point pts[4];
double d;
char c;
long l;

int main(void) {
    shmem_init();
    shmem_put(pts, pts, 4, 0); /* ERROR "shmem_put has no form for 'struct point': argument 1 must point to one of its OpenSHMEM types" */
    shmem_atomic_add(&d, 1.0, 0); /* ERROR "shmem_atomic_add has no form for 'double'" */
    shmem_atomic_fetch_inc(&c, 0); /* ERROR "shmem_atomic_fetch_inc has no form for 'char'" */
    shmem_p(l, 1, 0); /* ERROR "argument 1 of shmem_p must point to the data, not be 'long int'" */
    shmem_g(&l); /* ERROR "shmem_g on 'long int' takes 2 arguments, but 1 were given" */
    shmem_and_reduce(SHMEM_TEAM_WORLD, &d, &d, 1); /* ERROR "shmem_and_reduce has no form for 'double'" */
    shmem_finalize();
    return 0;
}
