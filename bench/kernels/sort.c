/* Quicksort of pseudo-random integers (no library sort: the kernel is the
 * compiled code itself). */
#include <stdio.h>
#include <stdlib.h>

static void quicksort(int *a, int lo, int hi) {
    while (lo < hi) {
        int p = a[(lo + hi) / 2], i = lo, j = hi;
        while (i <= j) {
            while (a[i] < p) i++;
            while (a[j] > p) j--;
            if (i <= j) { int t = a[i]; a[i] = a[j]; a[j] = t; i++; j--; }
        }
        if (j - lo < hi - i) { quicksort(a, lo, j); lo = i; }
        else { quicksort(a, i, hi); hi = j; }
    }
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 2000000;
    int *a = malloc(sizeof(int) * n);
    unsigned x = 12345;
    for (int i = 0; i < n; i++) { x = x * 1103515245u + 12345u; a[i] = (int)(x >> 1); }
    quicksort(a, 0, n - 1);
    long check = 0;
    for (int i = 0; i < n; i++) {
        if (i > 0 && a[i - 1] > a[i]) { printf("not sorted at %d\n", i); return 1; }
        check += a[i] % 1000;
    }
    printf("sort n=%d checksum %ld\n", n, check);
    return 0;
}
