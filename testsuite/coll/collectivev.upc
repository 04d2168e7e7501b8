// threads: 1 2 3 4
/* Berkeley UPC's value-based collectives (bupc_collectivev.h): one value
   per thread in, the result out, for broadcast, scatter, gather,
   gather_all, permute, reduce, reduce_all and prefix_reduce, on ints,
   doubles, unsigned chars and a struct. Thread t's value is t+1 (or
   derived from it); thread 0 prints in thread order what each computed,
   checked against the closed forms. */
#include <stdio.h>
#include <stdlib.h>
#include <upc.h>
#include <bupc_collectivev.h>

struct pair {
	int a;
	double b;
};

shared int bad;

static void expect(int ok, const char *what) {
	if (!ok) {
		printf("thread %d: WRONG %s\n", MYTHREAD, what);
		bad = 1;
	}
}

int main(void) {
	int T = THREADS, me = MYTHREAD;
	int v = me + 1;
	double d = 0.5 * (me + 1);
	unsigned char c = (unsigned char)(250 + me);

	int b = bupc_allv_broadcast(int, v, T - 1);
	expect(b == T, "broadcast from the last thread");
	struct pair p = {me, me * 2.0};
	struct pair q = bupc_allv_broadcast(struct pair, p, 0);
	expect(q.a == 0 && q.b == 0.0, "broadcast of a struct");

	double *src = NULL;
	if (me == 0) {
		src = malloc(T * sizeof(double));
		for (int i = 0; i < T; i++)
			src[i] = 10.0 * i;
	}
	double s = bupc_allv_scatter(double, 0, src);
	expect(s == 10.0 * me, "scatter");

	int *all = malloc(T * sizeof(int));
	int *g = bupc_allv_gather(int, v, 0, me == 0 ? all : NULL);
	if (me == 0) {
		expect(g == all, "gather returns the destination");
		for (int i = 0; i < T; i++)
			expect(all[i] == i + 1, "gather");
	}
	int *ga = bupc_allv_gather_all(int, v, all);
	for (int i = 0; i < T; i++)
		expect(ga[i] == i + 1, "gather_all");

	int from = bupc_allv_permute(int, v, (me + 1) % T);
	expect(from == (me + T - 1) % T + 1, "permute to the right");

	int sum = bupc_allv_reduce(int, v, 0, UPC_ADD);
	if (me == 0)
		expect(sum == T * (T + 1) / 2, "reduce to thread 0");
	int mx = bupc_allv_reduce_all(int, v, UPC_MAX);
	expect(mx == T, "reduce_all UPC_MAX");
	double dsum = bupc_allv_reduce_all(double, d, UPC_ADD);
	expect(dsum == 0.25 * T * (T + 1), "reduce_all of doubles");
	unsigned char cmin = bupc_allv_reduce_all(unsigned char, c, UPC_MIN);
	expect(cmin == 250, "reduce_all of unsigned chars, UPC_MIN");
	int neg = -v;
	int nmin = bupc_allv_reduce_all(int, neg, UPC_MIN);
	expect(nmin == -T, "signed UPC_MIN");
	int prefix = bupc_allv_prefix_reduce(int, v, UPC_ADD);
	expect(prefix == (me + 1) * (me + 2) / 2, "prefix_reduce");
	long prod = bupc_allv_prefix_reduce(long, (long){2}, UPC_MULT);
	expect(prod == 1L << (me + 1), "prefix product of longs");

	upc_barrier;
	for (int t = 0; t < T; t++) {
		if (t == me)
			printf("thread %d: broadcast %d scatter %g permute %d max %d sum %g prefix %d\n", me, b, s, from, mx, dsum, prefix);
		upc_barrier;
	}
	if (me == 0)
		printf("%s\n", bad ? "FAILED" : "ok");
	return 0;
}
