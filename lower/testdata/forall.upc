/* upc_forall over a cyclic array visits only this thread's iterations and
   turns a[i] into a direct local access. */
#include <upc.h>

shared double a[8*THREADS];
shared [4] double b[4*THREADS];

void scale(double f) {
    int i;
    upc_forall (i = 0; i < 8*THREADS; i++; &a[i])
        a[i] *= f;
    upc_forall (i = 0; i < 4*THREADS; i++; &b[i])
        b[i] = a[i] + 1;
}

int main(void) {
    scale(2.0);
    upc_barrier;
    return 0;
}
