/* setparams CLASS NP HEADER: writes the kernel's parameters for a class
   and a thread count, and the value the kernel must compute, found here,
   serially, by the host's C compiler (the NAS benchmarks keep such values
   as constants). The header is rewritten only when it changes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../common/npbish.h"

int main(int argc, char **argv) {
	char want[512], have[512] = "";
	long n, i;
	double x = 271828183.0, a = 1220703125.0, sum = 0;
	FILE *f;
	if (argc != 4) {
		fprintf(stderr, "usage: setparams CLASS NP HEADER\n");
		return 1;
	}
	switch (argv[1][0]) {
	case 'S': n = 1L << 16; break;
	case 'W': n = 1L << 20; break;
	case 'A': n = 1L << 24; break;
	default:
		fprintf(stderr, "setparams: unknown class %s (S, W or A)\n", argv[1]);
		return 1;
	}
	for (i = 0; i < n; i++)
		sum += randlc(&x, a);
	snprintf(want, sizeof want,
	         "/* CLASS = %c, NP = %d: written by setparams */\n#define CLASS '%c'\n#define NUMBERS %ldL\n#define VERIFY_SUM %.17g\n",
	         argv[1][0], atoi(argv[2]), argv[1][0], n, sum);
	if ((f = fopen(argv[3], "r")) != NULL) {
		size_t k = fread(have, 1, sizeof have - 1, f);
		have[k] = 0;
		fclose(f);
	}
	if (strcmp(want, have) == 0)
		return 0;
	if ((f = fopen(argv[3], "w")) == NULL) {
		perror(argv[3]);
		return 1;
	}
	fputs(want, f);
	return fclose(f) != 0;
}
