/* Transposing copies and the 2-d/3-d wrappers (LBNL-56495 appendix,
   items 8 and 9). M is a 3x5 matrix of ints on thread 0, M[i][j] =
   10*i + j. The last thread fetches its transpose with one
   upc_memget_transpose (element strides swapped between the sides), the
   matrix flipped upside down (a negative row stride), and rows 1..2,
   columns 1..3 with the 2-d wrapper; then it puts the transpose back into
   a shared 5x3 matrix T with the 3-d wrapper's one-plane case. */
#include <upc.h>
#include <upc_nb.h>
#include <stdio.h>

shared [] int M[3][5];
shared [] int T[5][3];

int main(void) {
    if (MYTHREAD == 0)
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 5; j++)
                M[i][j] = 10*i + j;
    upc_barrier;
    if (MYTHREAD == THREADS - 1) {
        /* Element (i, j), i < 3 rows and j < 5 columns; dimension 0 is j. */
        size_t count[2] = { 5, 3 };
        ptrdiff_t msrc[2] = { sizeof(int), 5 * sizeof(int) };   /* row-major M */
        ptrdiff_t tdst[2] = { 3 * sizeof(int), sizeof(int) };   /* (i, j) -> t[j][i] */
        int t[5][3];
        upc_memget_transpose(t, tdst, M, msrc, count, 1, sizeof(int));
        for (int j = 0; j < 5; j++)
            printf("%3d %3d %3d\n", t[j][0], t[j][1], t[j][2]);

        /* Upside down: start at the last row, walk rows backwards. */
        ptrdiff_t flip[2] = { sizeof(int), -5 * (ptrdiff_t)sizeof(int) };
        ptrdiff_t dense[2] = { sizeof(int), 5 * sizeof(int) };
        int f[3][5];
        upc_handle_t h = upc_memget_transpose_async(f, dense, &M[2][0], flip, count, 1, sizeof(int));
        upc_waitsync(h);
        printf("flipped rows: %d %d %d\n", f[0][0], f[1][0], f[2][4]);

        int sub[2][3];
        upc_memget_strided2d(sub, 3 * sizeof(int), &M[1][1], 5 * sizeof(int), 3 * sizeof(int), 2);
        printf("M[1..2][1..3]: %d %d %d / %d %d %d\n", sub[0][0], sub[0][1], sub[0][2], sub[1][0], sub[1][1], sub[1][2]);

        upc_memput_strided3d_asynci(T, 3 * sizeof(int), 15 * sizeof(int), t, 3 * sizeof(int), 15 * sizeof(int), 3 * sizeof(int), 5, 1);
        upc_waitsynci();
    }
    upc_barrier;
    if (MYTHREAD == 0)
        printf("T[4][2] = %d, T[0][1] = %d\n", T[4][2], T[0][1]);
    return 0;
}
