/* Contiguous RMA around a ring: putmem, typed put and get, the _nbi forms
   completed by shmem_quiet, p and g (long double too), and the sized
   forms. Every PE checks what it received; PE 0 reports. */
#include <stdio.h>
#include <shmem.h>

int in[8];
long lin[4];
char text[16];
long double ld;
double d8[2];
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

int main(void) {
    shmem_init();
    int me = shmem_my_pe(), n = shmem_n_pes();
    int right = (me + 1) % n, left = (me + n - 1) % n;
    int src[8];
    for (int i = 0; i < 8; i++)
        src[i] = me * 100 + i;

    shmem_int_put(in, src, 8, right);
    shmem_barrier_all();
    int ok = 1;
    for (int i = 0; i < 8; i++)
        ok = ok && in[i] == left * 100 + i;
    check(ok, "shmem_int_put");

    shmem_putmem(text, "hello, ring", 12, right);
    shmem_barrier_all();
    check(text[0] == 'h' && text[11] == 0 && text[7] == 'r', "shmem_putmem");

    long got[4];
    long mine[4] = {me, -me, me * 1000L, 7};
    lin[0] = me; lin[1] = -me; lin[2] = me * 1000L; lin[3] = 7;
    shmem_barrier_all();
    shmem_long_get(got, lin, 4, left);
    check(got[0] == left && got[1] == -left && got[2] == left * 1000L && got[3] == mine[3], "shmem_long_get");

    for (int i = 0; i < 8; i++)
        src[i] = -i - me;
    shmem_int_put_nbi(in, src, 8, left);
    shmem_quiet();
    shmem_barrier_all();
    ok = 1;
    for (int i = 0; i < 8; i++)
        ok = ok && in[i] == -i - right;
    check(ok, "shmem_int_put_nbi + shmem_quiet");

    int back[8];
    shmem_getmem_nbi(back, in, sizeof in, right);
    shmem_quiet();
    ok = 1;
    for (int i = 0; i < 8; i++)
        ok = ok && back[i] == -i - ((right + 1) % n);
    check(ok, "shmem_getmem_nbi");

    shmem_int_p(&in[3], 1000 + me, right);
    shmem_long_p(&lin[1], 5000L + me, right);
    shmem_longdouble_p(&ld, 0.5L + me, right);
    shmem_barrier_all();
    check(shmem_int_g(&in[3], me) == 1000 + left && shmem_long_g(&lin[1], left) == 5000L + (left + n - 1) % n &&
              ld == 0.5L + left && shmem_longdouble_g(&ld, right) == 0.5L + me,
          "shmem_p and shmem_g");

    double two[2] = {me + 0.25, me + 0.75};
    shmem_put64(d8, two, 2, right);
    shmem_barrier_all();
    double chk[2];
    shmem_get64(chk, d8, 2, me);
    check(chk[0] == left + 0.25 && chk[1] == left + 0.75 && d8[1] == left + 0.75, "shmem_put64 and shmem_get64");

    shmem_finalize();
    return 0;
}
