/* 2-d Jacobi stencil on an n x n grid for a number of steps. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 512;
    int steps = argc > 2 ? atoi(argv[2]) : 100;
    double *u = calloc((size_t)n * n, sizeof(double));
    double *v = calloc((size_t)n * n, sizeof(double));
    for (int i = 0; i < n; i++) u[i] = v[i] = 1.0; /* hot top edge */
    for (int s = 0; s < steps; s++) {
        for (int i = 1; i < n - 1; i++)
            for (int j = 1; j < n - 1; j++)
                v[i * n + j] = 0.25 * (u[(i - 1) * n + j] + u[(i + 1) * n + j] + u[i * n + j - 1] + u[i * n + j + 1]);
        double *t = u; u = v; v = t;
    }
    double sum = 0;
    for (int i = 0; i < n * n; i++) sum += u[i];
    printf("stencil n=%d steps=%d checksum %.6e\n", n, steps, sum);
    return 0;
}
