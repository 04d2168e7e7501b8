/* What the kernel and the helpers share, as NPB's npb-C.h does. */
#ifndef NPBISH_H
#define NPBISH_H
double randlc(double *x, double a);
double skip_ahead(double seed, double a, long n);
void timer_clear(int n);
void timer_start(int n);
void timer_stop(int n);
double timer_read(int n);
void print_results(const char *name, char class_, long n, int threads, double t, int passed);
#endif
