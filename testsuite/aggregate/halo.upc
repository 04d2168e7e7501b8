/* A halo exchange written element by element: each thread reads its left
   neighbour's block of a blocked array and writes its own block into its
   right neighbour's ghost block (aggregated read and store, one transfer
   per neighbour). */
#include <upc.h>
#include <stdio.h>

#define B 37

shared [B] int u[B*THREADS];
shared [B] int ghost[B*THREADS];
shared int bad[THREADS];

int main(void) {
    upc_forall (int j = 0; j < B*THREADS; j++; &u[j])
        u[j] = 3*j + 1;
    upc_barrier;

    int left = (MYTHREAD + THREADS - 1) % THREADS, right = (MYTHREAD + 1) % THREADS;
    int mine[B], fromLeft[B];
    for (int k = 0; k < B; k++)
        fromLeft[k] = u[left*B + k];
    for (int k = 0; k < B; k++)
        mine[k] = u[MYTHREAD*B + k];
    for (int k = B-1; k >= 0; k--)
        ghost[right*B + k] = mine[k] * 2;
    upc_barrier;

    int errors = 0;
    for (int k = 0; k < B; k++) {
        errors += fromLeft[k] != 3*(left*B + k) + 1;
        errors += ghost[MYTHREAD*B + k] != 2*(3*(left*B + k) + 1);
    }
    bad[MYTHREAD] = errors;
    upc_barrier;
    if (MYTHREAD == 0) {
        int total = 0;
        for (int t = 0; t < THREADS; t++)
            total += bad[t];
        printf("halo exchange on %d threads: %d errors\n", THREADS, total);
    }
    return 0;
}
