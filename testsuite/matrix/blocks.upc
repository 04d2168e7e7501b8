/* Matrix-strided transfers (upc_matrix.h): every thread owns an 8 x 12
   matrix of doubles; each thread writes a 3 x 5 sub-matrix into its right
   neighbour's matrix, reads one back as columns, and uses the _async and
   _asynci forms and a typed form; each result is compared with the same
   copy done one element at a time through pointers-to-shared. */
#include <stdio.h>
#include <upc.h>
#include <upc_matrix.h>

#define R 8
#define C 12
shared [R * C] double M[THREADS][R * C];
shared int bad;

static void check(int ok, const char *what) {
    if (!ok)
        bad = 1; /* a race between writers is harmless: all write 1 */
    upc_barrier;
    if (MYTHREAD == 0) {
        printf("%s: %s\n", what, bad ? "FAILED" : "ok");
        bad = 0;
    }
    upc_barrier;
}

static void fill(double base) {
    for (int i = 0; i < R * C; i++)
        M[MYTHREAD][i] = base + i;
    upc_barrier;
}

int main(void) {
    int right = (MYTHREAD + 1) % THREADS, left = (MYTHREAD + THREADS - 1) % THREADS;
    double sub[3 * 5], col[R * 2];
    for (int i = 0; i < 15; i++)
        sub[i] = MYTHREAD * 100 + i;

    /* put a 3 x 5 block at row 2, column 4 of the right neighbour's matrix */
    fill(-1000);
    upc_memput_blocks(&M[right][2 * C + 4], sub, sizeof(double), C, 5, 5, 3);
    upc_barrier;
    int ok = 1;
    for (int r = 0; r < R; r++)
        for (int c = 0; c < C; c++) {
            double want = r >= 2 && r < 5 && c >= 4 && c < 9 ? left * 100 + (r - 2) * 5 + (c - 4) : -1000 + r * C + c;
            ok = ok && M[MYTHREAD][r * C + c] == want;
        }
    check(ok, "upc_memput_blocks");

    /* get columns 10 and 11 of every row of the right neighbour's matrix */
    fill(MYTHREAD * 1000);
    upc_memget_blocks(col, &M[right][10], sizeof(double), 2, C, 2, R);
    ok = 1;
    for (int r = 0; r < R; r++)
        for (int c = 0; c < 2; c++)
            ok = ok && col[r * 2 + c] == M[right][r * C + 10 + c];
    check(ok, "upc_memget_blocks");

    /* the same two, non-blocking */
    fill(-1);
    upc_handle_t h = upc_memput_blocks_async(&M[right][0], sub, sizeof(double), 2 * C, 5, 5, 3);
    upc_waitsync(h);
    upc_memget_blocks_asynci(col, &M[left][10], sizeof(double), 1, C, 1, R);
    upc_waitsynci();
    upc_barrier;
    ok = 1;
    for (int r = 0; r < R; r++) {
        for (int c = 0; c < C; c++) {
            double want = r % 2 == 0 && r < 6 && c < 5 ? left * 100 + (r / 2) * 5 + c : -1 + r * C + c;
            ok = ok && M[MYTHREAD][r * C + c] == want;
        }
    }
    for (int r = 0; r < R; r++)
        ok = ok && col[r] == -1 + r * C + 10;
    check(ok, "upc_memput_blocks_async and upc_memget_blocks_asynci");

    /* a typed form, and a transfer with a negative stride (rows reversed) */
    fill(0);
    int ints[4] = {1, 2, 3, 4};
    double rev[R];
    upc_memput_blocks_double(&M[right][C - 1], sub, C, 1, 1, R);
    upc_memget_blocks_int((int *)col, (shared void *)&M[MYTHREAD][0], 1, 0, 1, 1);
    upc_memget_blocks(rev, &M[MYTHREAD][(R - 1) * C], sizeof(double), 1, -C, 1, R);
    upc_barrier;
    ok = ints[3] == 4;
    for (int r = 0; r < R; r++)
        ok = ok && M[MYTHREAD][r * C + C - 1] == left * 100 + r && rev[r] == (R - 1 - r) * C;
    check(ok, "typed and negative strides");
    return 0;
}
