/* NPB CG-style kernel: repeated sparse matrix-vector products y = A x
 * over a matrix in compressed-row form (rowstr, colidx, a), the loop that
 * dominates NPB CG's conj_grad. A private kernel, built both by gcc -O2
 * and by upcgo. Arguments: rows, nonzeros per row, iterations. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 20000;
    int per = argc > 2 ? atoi(argv[2]) : 16;
    int iters = argc > 3 ? atoi(argv[3]) : 100;
    int *rowstr = malloc(sizeof(int) * (n + 1));
    int *colidx = malloc(sizeof(int) * n * per);
    double *a = malloc(sizeof(double) * n * per);
    double *x = malloc(sizeof(double) * n);
    double *y = malloc(sizeof(double) * n);
    unsigned seed = 12345u;
    for (int i = 0; i < n; i++) {
        rowstr[i] = i * per;
        for (int k = 0; k < per; k++) {
            seed = seed * 1103515245u + 12345u;
            colidx[i * per + k] = (int)((seed >> 8) % (unsigned)n);
            a[i * per + k] = 1.0 / (1 + k + (int)(seed % 7u));
        }
        x[i] = 1.0;
    }
    rowstr[n] = n * per;
    for (int it = 0; it < iters; it++) {
        for (int i = 0; i < n; i++) {
            double sum = 0.0;
            for (int k = rowstr[i]; k < rowstr[i + 1]; k++)
                sum += a[k] * x[colidx[k]];
            y[i] = sum;
        }
        double norm = 0.0;
        for (int i = 0; i < n; i++)
            norm += y[i] * y[i];
        for (int i = 0; i < n; i++)
            x[i] = y[i] / norm;
    }
    double check = 0.0;
    for (int i = 0; i < n; i++)
        check += x[i];
    printf("cg n=%d per=%d iters=%d checksum %.10e\n", n, per, iters, check);
    return 0;
}
