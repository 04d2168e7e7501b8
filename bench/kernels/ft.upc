/* NPB FT-style kernel over a blocked shared array: each thread runs the
 * FFTs of ft.c (ft_fft.h) on its own block of sre and sim, through private
 * pointers cast from its block (the block is local, so the pointers are
 * private C pointers and the loop pass applies). Thread 0 then sums every
 * block through the shared arrays. Arguments: repetitions (the length per
 * thread is fixed at compile time, 2^LOGN). */
#include <upc.h>
#include <stdio.h>
#include <stdlib.h>
#include <math.h>

#include "ft_fft.h"

#define LOGN 16
#define B (1 << LOGN)

/* Not named re and im: upcgo keeps every variable whose name has its
 * address taken anywhere in the file (as &re[...] would have here) in
 * C memory, fft()'s parameters included (lower/lower.go, addressTaken). */
shared [B] double sre[B * THREADS], sim[B * THREADS];

int main(int argc, char **argv) {
    int reps = argc > 1 ? atoi(argv[1]) : 20;
    int n = B;
    double *lre = (double *)&sre[MYTHREAD * B], *lim = (double *)&sim[MYTHREAD * B];
    double *wr = malloc(sizeof(double) * n), *wi = malloc(sizeof(double) * n);
    twiddles(wr, wi, n);
    for (int i = 0; i < n; i++) {
        lre[i] = (i % 17) * 0.25;
        lim[i] = (i % 5) * -0.5;
    }
    for (int r = 0; r < reps; r++)
        fft(lre, lim, n, r % 2 ? -1 : 1, wr, wi);
    upc_barrier;
    if (MYTHREAD == 0) {
        double sum = 0.0;
        for (int i = 0; i < n * THREADS; i++)
            sum += sre[i] * (i % n % 3) - sim[i];
        printf("ft n=%d threads=%d reps=%d checksum %.6e\n", n, THREADS, reps, sum / THREADS);
    }
    return 0;
}
