// gcc: yes
/* C library state is per UPC thread (stdlib/doc.go): every thread runs
   strtok over its own string, interleaved with the others (each step
   separated by a barrier), and gets its own tokens; srand/rand sequences
   are independent per thread (each thread seeds with 1 and must see
   glibc's sequence for seed 1, whatever the others do); errno set by
   strtol on one thread is not seen by another. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <upc.h>

shared int bad[THREADS];

int main(void) {
	char text[64];
	int errs = 0, k;
	/* Thread t's string has t+3 tokens. */
	text[0] = 0;
	for (k = 0; k < MYTHREAD + 3; k++) {
		char tok[8];
		sprintf(tok, "t%dw%d ", MYTHREAD, k);
		strcat(text, tok);
	}
	char *tok = strtok(text, " ");
	for (k = 0; k < 10; k++) {
		upc_barrier;
		if (k < MYTHREAD + 3) {
			char want[8];
			sprintf(want, "t%dw%d", MYTHREAD, k);
			if (!tok || strcmp(tok, want) != 0)
				errs++;
			tok = strtok(NULL, " ");
		} else if (tok != NULL)
			errs++;
	}
	/* glibc's first three values for seed 1. */
	static const int want_rand[3] = {1804289383, 846930886, 1681692777};
	srand(1);
	for (k = 0; k < 3; k++) {
		upc_barrier;
		if (MYTHREAD % 2)
			rand(), srand(7), rand(); /* changes this thread's state only */
		if (MYTHREAD % 2 == 0 && rand() != want_rand[k])
			errs++;
	}
	upc_barrier;
	errno = 0;
	if (MYTHREAD == 0)
		strtol("99999999999999999999999", NULL, 10);
	upc_barrier;
	if (MYTHREAD == 0 && errno != ERANGE)
		errs++;
	if (MYTHREAD != 0 && errno != 0)
		errs++;
	bad[MYTHREAD] = errs;
	upc_barrier;
	if (MYTHREAD == 0) {
		int total = 0;
		for (k = 0; k < THREADS; k++)
			total += bad[k];
		printf("%d bad\n", total);
	}
	return 0;
}
