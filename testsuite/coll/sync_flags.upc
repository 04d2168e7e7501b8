// threads: 1 2 4
/* upc_flag_t as UPC 1.3 7.3.1 defines it: every synchronisation mode is
   a distinct non-zero bit, so a program can test which ones a flags value
   holds, and a value that names only one side (or none: 0) leaves the
   other ALLSYNC. Each broadcast below must leave every thread's block
   filled when it returns on that side. */
#include <stdio.h>
#include <upc.h>
#include <upc_collective.h>

shared [] int src[1];
shared int dst[THREADS];

static void check(const char *what, upc_flag_t f, int v) {
	if (MYTHREAD == 0)
		src[0] = v;
	/* UPC_IN_ALLSYNC (explicit or implied) orders the write above before
	   any thread reads src; UPC_OUT_ALLSYNC makes every block final here. */
	upc_all_broadcast(dst, src, sizeof(int), f);
	int ok = 1;
	for (int i = 0; i < THREADS; i++)
		ok &= dst[i] == v;
	upc_barrier;
	if (MYTHREAD == 0)
		printf("%s: %s\n", what, ok ? "ok" : "WRONG");
}

int main(void) {
	if (MYTHREAD == 0) {
		const upc_flag_t in[3] = {UPC_IN_NOSYNC, UPC_IN_MYSYNC, UPC_IN_ALLSYNC};
		const upc_flag_t out[3] = {UPC_OUT_NOSYNC, UPC_OUT_MYSYNC, UPC_OUT_ALLSYNC};
		upc_flag_t all = 0;
		int distinct = 1;
		for (int i = 0; i < 3; i++) {
			distinct &= in[i] != 0 && out[i] != 0 && (in[i] & (in[i] - 1)) == 0 && (out[i] & (out[i] - 1)) == 0;
			distinct &= (all & (in[i] | out[i])) == 0 && in[i] != out[i];
			all |= in[i] | out[i];
		}
		printf("six distinct non-zero bits: %s\n", distinct ? "yes" : "no");
		upc_flag_t f = UPC_IN_ALLSYNC | UPC_OUT_NOSYNC;
		printf("IN_ALLSYNC set: %d, OUT_ALLSYNC set: %d\n", (f & UPC_IN_ALLSYNC) != 0, (f & UPC_OUT_ALLSYNC) != 0);
	}
	check("0", 0, 1);
	check("UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC", UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC, 2);
	check("UPC_IN_ALLSYNC alone", UPC_IN_ALLSYNC, 3);
	check("UPC_OUT_ALLSYNC alone", UPC_OUT_ALLSYNC, 4);
	return 0;
}
