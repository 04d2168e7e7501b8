/* NPB FT-style kernel: radix-2 1-d complex FFTs, forward and inverse in
 * turn, with twiddle factors laid out per level as NPB FT's fftz2 has them
 * (level with half-length h at w[h .. 2h-1]). The C twin of ft.upc, which
 * runs the same FFT on each thread's block of a blocked shared array;
 * built by gcc -O2. Arguments: log2 of the length, repetitions. */
#include <stdio.h>
#include <stdlib.h>
#include <math.h>

#include "ft_fft.h"

int main(int argc, char **argv) {
    int logn = argc > 1 ? atoi(argv[1]) : 16;
    int reps = argc > 2 ? atoi(argv[2]) : 20;
    int n = 1 << logn;
    double *re = malloc(sizeof(double) * n), *im = malloc(sizeof(double) * n);
    double *wr = malloc(sizeof(double) * n), *wi = malloc(sizeof(double) * n);
    twiddles(wr, wi, n);
    for (int i = 0; i < n; i++) {
        re[i] = (i % 17) * 0.25;
        im[i] = (i % 5) * -0.5;
    }
    for (int r = 0; r < reps; r++)
        fft(re, im, n, r % 2 ? -1 : 1, wr, wi);
    double sum = 0.0;
    for (int i = 0; i < n; i++)
        sum += re[i] * (i % 3) - im[i];
    printf("ft n=%d reps=%d checksum %.6e\n", n, reps, sum);
    return 0;
}
