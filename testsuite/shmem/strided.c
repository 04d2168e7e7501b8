/* Strided RMA: iput/iget (element strides), OpenSHMEM 1.6 ibput/ibget and
   the proposal's shmemx_aput/aget (blocks of elements) on a 6 x 8 matrix
   of doubles, each checked against the same copy done element by
   element; then shapes the strided path cannot take (overlapping source
   blocks, a negative stride). */
#include <stdio.h>
#include <shmem.h>

#define ROWS 6
#define COLS 8
double m[ROWS][COLS];
int vec[20];
static int failures;

static void check(int ok, const char *what) {
    if (!ok)
        shmem_int_atomic_inc(&failures, 0);
    shmem_barrier_all();
    if (shmem_my_pe() == 0) {
        printf("%s: %s\n", what, failures == 0 ? "ok" : "FAILED");
        failures = 0;
    }
    shmem_barrier_all();
}

static void reset(void) {
    for (int r = 0; r < ROWS; r++)
        for (int c = 0; c < COLS; c++)
            m[r][c] = -1;
    for (int i = 0; i < 20; i++)
        vec[i] = -1;
    shmem_barrier_all();
}

int main(void) {
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    int right = (me + 1) % n, left = (me + n - 1) % n;
    double local[ROWS * COLS];
    for (int i = 0; i < ROWS * COLS; i++)
        local[i] = me * 1000 + i;

    /* iput: 5 elements of local[0,2,4,..] to vec[0,3,6,..] */
    reset();
    int isrc[10];
    for (int i = 0; i < 10; i++)
        isrc[i] = me * 10 + i;
    shmem_int_iput(vec, isrc, 3, 2, 5, right);
    shmem_barrier_all();
    int ok = 1;
    for (int i = 0; i < 20; i++) {
        int want = i % 3 == 0 && i / 3 < 5 ? left * 10 + (i / 3) * 2 : -1;
        ok = ok && vec[i] == want;
    }
    check(ok, "shmem_int_iput");

    /* iget: every 4th of the right PE's vec into a dense buffer */
    for (int i = 0; i < 20; i++)
        vec[i] = me * 100 + i;
    shmem_barrier_all();
    int idst[5];
    shmem_int_iget(idst, vec, 1, 4, 5, right);
    ok = 1;
    for (int i = 0; i < 5; i++)
        ok = ok && idst[i] == right * 100 + 4 * i;
    check(ok, "shmem_int_iget");

    /* ibput: a 3 x 5 sub-matrix of local (row length COLS) to m[2..4][1..5]
       on the right PE */
    reset();
    shmem_double_ibput(&m[2][1], &local[COLS + 2], COLS, COLS, 5, 3, right);
    shmem_barrier_all();
    ok = 1;
    for (int r = 0; r < ROWS; r++)
        for (int c = 0; c < COLS; c++) {
            double want = -1;
            if (r >= 2 && r < 5 && c >= 1 && c < 6)
                want = left * 1000 + (r - 2 + 1) * COLS + (c - 1 + 2);
            ok = ok && m[r][c] == want;
        }
    check(ok, "shmem_double_ibput");

    /* ibget: the same sub-matrix back from the right PE, packed densely */
    for (int r = 0; r < ROWS; r++)
        for (int c = 0; c < COLS; c++)
            m[r][c] = me * 1000 + r * COLS + c;
    shmem_barrier_all();
    double packed[15];
    shmem_double_ibget(packed, &m[2][1], 5, COLS, 5, 3, right);
    ok = 1;
    for (int r = 0; r < 3; r++)
        for (int c = 0; c < 5; c++)
            ok = ok && packed[r * 5 + c] == right * 1000 + (r + 2) * COLS + c + 1;
    check(ok, "shmem_double_ibget");

    /* aput/aget: the proposal's names for the same operations (a column
       block of width 2, every other row) */
    reset();
    shmemx_double_aput(&m[0][6], local, 2 * COLS, COLS, 2, 3, left);
    shmem_barrier_all();
    ok = 1;
    for (int r = 0; r < ROWS; r++)
        for (int c = 0; c < COLS; c++) {
            double want = r % 2 == 0 && c >= 6 ? right * 1000 + (r / 2) * COLS + (c - 6) : -1;
            ok = ok && m[r][c] == want;
        }
    double back[6];
    shmemx_double_aget(back, &m[0][6], 2, 2 * COLS, 2, 3, me);
    for (int i = 0; i < 6; i++)
        ok = ok && back[i] == right * 1000 + (i / 2) * COLS + i % 2;
    check(ok, "shmemx_double_aput and shmemx_double_aget");

    /* iput32 with overlapping source blocks (stride 0: one value to
       every slot) and ibget with a negative source stride (rows reversed) */
    reset();
    int one = 77 + me;
    shmem_iput32(vec, &one, 2, 0, 10, right);
    shmem_barrier_all();
    ok = 1;
    for (int i = 0; i < 20; i++)
        ok = ok && vec[i] == (i % 2 == 0 ? 77 + left : -1);
    for (int r = 0; r < ROWS; r++)
        for (int c = 0; c < COLS; c++)
            m[r][c] = me * 1000 + r * COLS + c;
    shmem_barrier_all();
    double rev[ROWS * 2];
    shmem_double_ibget(rev, &m[ROWS - 1][3], 2, -COLS, 2, ROWS, right);
    for (int r = 0; r < ROWS; r++)
        for (int c = 0; c < 2; c++)
            ok = ok && rev[r * 2 + c] == right * 1000 + (ROWS - 1 - r) * COLS + 3 + c;
    check(ok, "stride 0 and negative strides");

    shmem_finalize();
    return 0;
}
