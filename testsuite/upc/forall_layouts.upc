/* upc_forall with affinity &x[i] (or the integer i) over blocked,
   block-cyclic, cyclic and default-layout arrays, in the shapes the loop
   pass walks block by block with running local addresses
   (lower/forall_opt.go): bounds written either way round, inclusive,
   from a local, starting inside a block or below 0; several arrays of
   the affinity's layout and element types; continue; the loop variable
   used in the body and after the loop (where every thread has C's value,
   the bound); a private loop nested in the body; a long loop variable.
   Every element is written by the thread that owns it, which records
   itself; thread 0 then checks every element, its owner and the
   per-thread sums against a serial computation of the same values with
   the layout's owner formula, (i / B) % THREADS. */
#include <stdio.h>
#include <upc.h>

#define LEN (12 * THREADS)

shared [12] double bl_a[LEN], bl_b[LEN];
shared [12] int bl_who[LEN];
shared [5] long bc_a[LEN];
shared [5] short bc_b[LEN];
shared [5] int bc_who[LEN];
shared [1] float cy_a[LEN];
shared [1] int cy_who[LEN];
shared int df_a[LEN];
shared int df_who[LEN];
shared int neg_a[LEN];
shared double partial[4][THREADS];
shared long seen_end[THREADS];

int bad;

static double f(long i) { return (double)(i * 7 % 11) - 3.0; }

static void check(const char *what, long i, double got, double want) {
	if (got != want) {
		printf("%s: element %ld is %g, want %g\n", what, i, got, want);
		bad++;
	}
}

static void owner(const char *what, long i, int got, int block) {
	if (got != (int)(i / block % THREADS)) {
		printf("%s: element %ld ran on thread %d, want %d\n", what, i, got, (int)(i / block % THREADS));
		bad++;
	}
}

int main(void) {
	int i, n = LEN, lo = 3;
	double s;

	/* Blocked: one block of 12 per thread; two arrays and the owner. */
	s = 0;
	upc_forall (i = 0; i < LEN; i++; &bl_a[i]) {
		bl_a[i] = f(i);
		bl_b[i] = 2 * bl_a[i] + i;
		bl_who[i] = MYTHREAD;
		s += bl_b[i];
	}
	seen_end[MYTHREAD] = i;
	partial[0][MYTHREAD] = s;

	/* Block-cyclic, blocks of 5 (partial blocks at the end of a round),
	   starting inside a block, an inclusive bound written the other way
	   round, a continue, and a private loop in the body. */
	s = 0;
	upc_forall (i = lo; n - 1 >= i; i++; &bc_a[i]) {
		int w[3];
		bc_who[i] = MYTHREAD;
		if (i % 4 == 1) {
			bc_a[i] = -1;
			bc_b[i] = -1;
			continue;
		}
		for (int k = 0; k < 3; k++)
			w[k] = i + k;
		bc_a[i] = w[0] + w[1] + w[2];
		bc_b[i] = (short)(bc_a[i] / 3);
		s += bc_a[i] - bc_b[i];
	}
	partial[1][MYTHREAD] = s;

	/* Cyclic ([1]) with the integer affinity i and a long loop variable. */
	s = 0;
	upc_forall (long j = 0; j < LEN; j++; j) {
		cy_a[j] = (float)f(j) / 2;
		cy_who[j] = MYTHREAD;
		s += cy_a[j] * j;
	}
	partial[2][MYTHREAD] = s;

	/* The default layout, to a bound from a local, the index in the body. */
	s = 0;
	upc_forall (i = 1; i < n; i++; &df_a[i]) {
		df_a[i] = i * i - 5;
		df_who[i] = MYTHREAD;
		s += df_a[i];
	}
	partial[3][MYTHREAD] = s;

	/* The integer affinity from a negative start: iteration j runs on
	   thread j mod THREADS (0 to THREADS - 1), and the array's elements
	   from j = 0 on are this thread's from its first local one. */
	upc_forall (int j = -7; j < LEN; j++; j)
		if (j >= 0)
			neg_a[j] = MYTHREAD * 1000 + j;
	upc_barrier;

	if (MYTHREAD != 0)
		return 0;
	double want[4] = {0, 0, 0, 0}, got[4] = {0, 0, 0, 0};
	for (long k = 0; k < LEN; k++) {
		check("blocked a", k, bl_a[k], f(k));
		check("blocked b", k, bl_b[k], 2 * f(k) + k);
		owner("blocked", k, bl_who[k], 12);
		want[0] += 2 * f(k) + k;
		if (k >= 3) {
			long v = k % 4 == 1 ? -1 : 3 * k + 3;
			short b = k % 4 == 1 ? -1 : (short)(k + 1);
			check("block-cyclic a", k, bc_a[k], v);
			check("block-cyclic b", k, bc_b[k], b);
			owner("block-cyclic", k, bc_who[k], 5);
			if (k % 4 != 1)
				want[1] += v - b;
		} else {
			check("block-cyclic a", k, bc_a[k], 0);
		}
		check("negative start", k, neg_a[k], (k % THREADS) * 1000 + k);
		check("cyclic", k, cy_a[k], (float)f(k) / 2);
		owner("cyclic", k, cy_who[k], 1);
		want[2] += (float)((float)f(k) / 2 * k);
		if (k >= 1) {
			check("default", k, df_a[k], k * k - 5);
			owner("default", k, df_who[k], 1);
			want[3] += k * k - 5;
		}
	}
	for (int t = 0; t < THREADS; t++)
		for (int c = 0; c < 4; c++)
			got[c] += partial[c][t];
	const char *names[4] = {"blocked", "block-cyclic", "cyclic", "default"};
	for (int c = 0; c < 4; c++)
		if (got[c] != want[c]) {
			printf("%s: sum %g, serially %g\n", names[c], got[c], want[c]);
			bad++;
		}
	for (int t = 0; t < THREADS; t++)
		if (seen_end[t] != LEN) {
			printf("thread %d: i is %ld after the loop, want %d\n", t, seen_end[t], LEN);
			bad++;
		}
	printf("%d bad\n", bad);
	return 0;
}
