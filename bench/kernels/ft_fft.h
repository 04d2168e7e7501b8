/* The FFT ft.c and ft.upc share: private arrays only. */

/* twiddles fills the twiddle factors of every level of an n-point FFT:
 * the level of half-length h at w[h .. 2h-1]. */
static void twiddles(double *wr, double *wi, int n) {
    const double pi = 3.14159265358979323846;
    for (int h = 1; h < n; h <<= 1)
        for (int j = 0; j < h; j++) {
            wr[h + j] = cos(pi * j / h);
            wi[h + j] = -sin(pi * j / h);
        }
}

/* fft transforms (re, im) in place, forward for sign 1, inverse (scaled
 * by 1/n) for sign -1. */
static void fft(double *re, double *im, int n, int sign, const double *wr, const double *wi) {
    for (int i = 1, j = 0; i < n; i++) {
        int bit = n >> 1;
        for (; j & bit; bit >>= 1)
            j ^= bit;
        j ^= bit;
        if (i < j) {
            double t = re[i]; re[i] = re[j]; re[j] = t;
            t = im[i]; im[i] = im[j]; im[j] = t;
        }
    }
    for (int h = 1; h < n; h <<= 1)
        for (int k = 0; k < n; k += 2 * h)
            for (int j = 0; j < h; j++) {
                double cr = wr[h + j], ci = sign * wi[h + j];
                double xr = re[k + j + h] * cr - im[k + j + h] * ci;
                double xi = re[k + j + h] * ci + im[k + j + h] * cr;
                re[k + j + h] = re[k + j] - xr;
                im[k + j + h] = im[k + j] - xi;
                re[k + j] += xr;
                im[k + j] += xi;
            }
    if (sign < 0)
        for (int i = 0; i < n; i++) {
            re[i] /= n;
            im[i] /= n;
        }
}
