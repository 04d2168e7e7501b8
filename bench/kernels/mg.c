/* NPB MG-style kernel: the 27-point residual r = v - A u of NPB MG's
 * resid on an n^3 grid, the centre, face, edge and corner neighbours
 * weighted by a[0..3], repeated for a number of sweeps (u takes the
 * residual each sweep). A private kernel, built both by gcc -O2 and by
 * upcgo. Arguments: n, sweeps. */
#include <stdio.h>
#include <stdlib.h>

#define U(i, j, k) u[((i) * n + (j)) * n + (k)]

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 64;
    int sweeps = argc > 2 ? atoi(argv[2]) : 20;
    double a[4] = {-8.0 / 3.0, 0.0, 1.0 / 6.0, 1.0 / 12.0};
    double *u = malloc(sizeof(double) * n * n * n);
    double *v = malloc(sizeof(double) * n * n * n);
    double *r = malloc(sizeof(double) * n * n * n);
    for (int i = 0; i < n * n * n; i++) {
        u[i] = (i % 13) * 0.125;
        v[i] = (i % 5) * 0.5;
        r[i] = 0.0;
    }
    for (int s = 0; s < sweeps; s++) {
        for (int i = 1; i < n - 1; i++)
            for (int j = 1; j < n - 1; j++)
                for (int k = 1; k < n - 1; k++) {
                    double faces = U(i - 1, j, k) + U(i + 1, j, k) + U(i, j - 1, k) + U(i, j + 1, k) + U(i, j, k - 1) + U(i, j, k + 1);
                    double edges = U(i - 1, j - 1, k) + U(i - 1, j + 1, k) + U(i + 1, j - 1, k) + U(i + 1, j + 1, k)
                        + U(i - 1, j, k - 1) + U(i - 1, j, k + 1) + U(i + 1, j, k - 1) + U(i + 1, j, k + 1)
                        + U(i, j - 1, k - 1) + U(i, j - 1, k + 1) + U(i, j + 1, k - 1) + U(i, j + 1, k + 1);
                    double corners = U(i - 1, j - 1, k - 1) + U(i - 1, j - 1, k + 1) + U(i - 1, j + 1, k - 1) + U(i - 1, j + 1, k + 1)
                        + U(i + 1, j - 1, k - 1) + U(i + 1, j - 1, k + 1) + U(i + 1, j + 1, k - 1) + U(i + 1, j + 1, k + 1);
                    r[(i * n + j) * n + k] = v[(i * n + j) * n + k] - a[0] * U(i, j, k) - a[2] * faces - a[3] * (edges + corners) * 0.5;
                }
        double *t = u; u = r; r = t;
    }
    double sum = 0.0;
    for (int i = 0; i < n * n * n; i++)
        sum += u[i] * (1 + i % 3);
    printf("mg n=%d sweeps=%d checksum %.10e\n", n, sweeps, sum);
    return 0;
}
