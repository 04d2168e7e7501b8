/* Dense matrix multiply, C = A * B, n x n doubles: a private compute
 * kernel, built both by gcc -O2 and by upcgo to compare the generated code. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 300;
    double *a = malloc(sizeof(double) * n * n);
    double *b = malloc(sizeof(double) * n * n);
    double *c = malloc(sizeof(double) * n * n);
    for (int i = 0; i < n * n; i++) {
        a[i] = (i % 7) * 0.5;
        b[i] = (i % 11) * 0.25;
        c[i] = 0;
    }
    for (int i = 0; i < n; i++)
        for (int k = 0; k < n; k++) {
            double aik = a[i * n + k];
            for (int j = 0; j < n; j++)
                c[i * n + j] += aik * b[k * n + j];
        }
    double sum = 0;
    for (int i = 0; i < n * n; i++) sum += c[i];
    printf("matmul n=%d checksum %.6e\n", n, sum);
    free(a); free(b); free(c);
    return 0;
}
