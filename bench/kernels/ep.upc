/* EP, the "embarrassingly parallel" kernel of the NAS Parallel Benchmarks:
 * 2^M pairs of uniform pseudo-random numbers from the NPB generator
 * (x <- 5^13 x mod 2^46), turned into Gaussian deviates by the polar
 * method and counted by the square annulus they fall in. The batches of
 * 2^MK pairs are dealt to the threads cyclically (each starts its
 * generator at its batch's seed by jumping ahead); at the end thread 0
 * sums the threads' partial results in thread order and checks them
 * against NPB's published values for class S (M = 24; -DM=n for another
 * size, which is then not verified). docs/observability.md profiles it. */
#include <upc.h>
#include <upc_tick.h>
#include <stdio.h>
#include <math.h>

#ifndef M
#define M 24
#endif
#define MK 16
#define NK (1 << MK)
#define NN (1 << (M - MK))
#define NQ 10
#define A 1220703125.0
#define SEED 271828183.0

shared double sx_part[THREADS], sy_part[THREADS];
shared [NQ] double q_part[NQ * THREADS];

static double x[2 * NK];

/* randlc returns the next number of the NPB generator as a double in
 * (0, 1) and advances *x: x <- a x mod 2^46, exact in double arithmetic
 * by splitting the operands into 23-bit halves. */
double randlc(double *x, double a) {
    const double r23 = 1.0 / 8388608.0, r46 = r23 * r23, t23 = 8388608.0, t46 = t23 * t23;
    double t1 = r23 * a;
    double a1 = (int)t1, a2 = a - t23 * a1;
    t1 = r23 * *x;
    double x1 = (int)t1, x2 = *x - t23 * x1;
    t1 = a1 * x2 + a2 * x1;
    double t2 = (int)(r23 * t1);
    double z = t1 - t23 * t2;
    double t3 = t23 * z + a2 * x2;
    double t4 = (int)(r46 * t3);
    *x = t3 - t46 * t4;
    return r46 * *x;
}

/* vranlc fills y[0..n-1] with the next n numbers. */
void vranlc(int n, double *x, double a, double *y) {
    for (int i = 0; i < n; i++)
        y[i] = randlc(x, a);
}

int main(void) {
    double sx = 0, sy = 0, q[NQ];
    for (int i = 0; i < NQ; i++)
        q[i] = 0;
    /* an = A^(2^(MK+1)): the multiplier that skips one batch's 2^(MK+1) numbers. */
    double t1 = A;
    for (int i = 0; i <= MK; i++)
        randlc(&t1, t1);
    double an = t1;

    upc_tick_t start = upc_ticks_now();
    for (int k = MYTHREAD; k < NN; k += THREADS) {
        /* The seed of batch k: SEED * an^k, by binary exponentiation. */
        double seed = SEED, mult = an;
        for (int kk = k; kk != 0; kk /= 2) {
            if (kk % 2 == 1)
                randlc(&seed, mult);
            randlc(&mult, mult);
        }
        vranlc(2 * NK, &seed, A, x);
        for (int i = 0; i < NK; i++) {
            double x1 = 2.0 * x[2 * i] - 1.0, x2 = 2.0 * x[2 * i + 1] - 1.0;
            double t = x1 * x1 + x2 * x2;
            if (t <= 1.0) {
                double f = sqrt(-2.0 * log(t) / t);
                double g1 = x1 * f, g2 = x2 * f;
                int l = (int)fmax(fabs(g1), fabs(g2));
                q[l] += 1.0;
                sx += g1;
                sy += g2;
            }
        }
    }
    upc_tick_t end = upc_ticks_now();

    sx_part[MYTHREAD] = sx;
    sy_part[MYTHREAD] = sy;
    for (int i = 0; i < NQ; i++)
        q_part[MYTHREAD * NQ + i] = q[i];
    upc_barrier;
    if (MYTHREAD == 0) {
        double tsx = 0, tsy = 0, gc = 0;
        for (int t = 0; t < THREADS; t++) {
            tsx += sx_part[t];
            tsy += sy_part[t];
            for (int i = 0; i < NQ; i++)
                gc += q_part[t * NQ + i];
        }
        printf("EP M=%d THREADS=%d: %.0f Gaussian pairs, sums %.15e %.15e, %.3f s\n", M, THREADS, gc, tsx, tsy,
               (double)upc_ticks_to_ns(end - start) / 1e9);
        if (M == 24) {
            /* NPB 3.x, ep.c: the verification values of class S. */
            double vx = -3.247834652034740e+3, vy = -6.958407078382297e+3;
            int ok = fabs((tsx - vx) / vx) <= 1e-8 && fabs((tsy - vy) / vy) <= 1e-8;
            printf("verification %s\n", ok ? "SUCCESSFUL" : "FAILED");
            return ok ? 0 : 1;
        }
    }
    return 0;
}
