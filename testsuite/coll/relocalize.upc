/* The relocalization collectives of upc_collective.h: broadcast,
   scatter and gather from every root, gather_all, exchange and permute,
   under each of the nine sync modes (NOSYNC runs are bracketed by
   barriers, as the spec asks of the program). Thread 0 checks every byte
   against the layouts of UPC 1.3 7.4.2 and prints a sample. */
#include <stdio.h>
#include <upc.h>
#include <upc_collective.h>

#define NB 5

/* The byte thread t holds at offset i of its source. */
#define VAL(t, i) ((char)(((t) * 7 + (i) * 3 + 1) & 0x7f))

shared [] char bsrc[NB * THREADS];         /* all on thread 0 */
shared [NB] char blocks[NB * THREADS];     /* one block per thread */
shared [NB] char blocks2[NB * THREADS];
shared int perm[THREADS];
shared int errors;

static const upc_flag_t modes[9] = {
	UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC, UPC_IN_ALLSYNC | UPC_OUT_MYSYNC, UPC_IN_ALLSYNC | UPC_OUT_NOSYNC,
	UPC_IN_MYSYNC | UPC_OUT_ALLSYNC, UPC_IN_MYSYNC | UPC_OUT_MYSYNC, UPC_IN_MYSYNC | UPC_OUT_NOSYNC,
	UPC_IN_NOSYNC | UPC_OUT_ALLSYNC, UPC_IN_NOSYNC | UPC_OUT_MYSYNC, UPC_IN_NOSYNC | UPC_OUT_NOSYNC,
};

static void expect(int ok) {
	if (!ok)
		errors++; /* only thread 0 checks */
}

static void report(const char *what) {
	printf("%s: %s\n", what, errors == 0 ? "ok" : "WRONG");
	errors = 0;
}

int main(void) {
	int m, r, t, i;
	shared char *rows = upc_all_alloc(THREADS, NB * THREADS);  /* a row per thread */
	shared char *rows2 = upc_all_alloc(THREADS, NB * THREADS);
	char *myrow = (char *)(rows + MYTHREAD);                     /* cyclic char: row MYTHREAD starts here */

	for (m = 0; m < 9; m++) {
		for (r = 0; r < THREADS; r++) {
			/* Broadcast NB bytes from thread r's block. */
			for (i = 0; i < NB; i++)
				blocks2[NB * MYTHREAD + i] = VAL(MYTHREAD, i);
			upc_barrier;
			upc_all_broadcast(blocks, &blocks2[NB * r], NB, modes[m]);
			upc_barrier;
			if (MYTHREAD == 0)
				for (t = 0; t < THREADS; t++)
					for (i = 0; i < NB; i++)
						expect(blocks[NB * t + i] == VAL(r, i));
			upc_barrier;
		}
	}
	upc_all_broadcast(blocks, &blocks2[0], NB, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
	if (MYTHREAD == 0) {
		report("broadcast from every root in every mode");
		printf("last thread's block, from root 0: %d %d %d %d %d\n", blocks[NB * (THREADS - 1)],
			blocks[NB * (THREADS - 1) + 1], blocks[NB * (THREADS - 1) + 2], blocks[NB * (THREADS - 1) + 3],
			blocks[NB * (THREADS - 1) + 4]);
	}

	/* Scatter thread 0's bsrc: block t to thread t. */
	if (MYTHREAD == 0)
		for (i = 0; i < NB * THREADS; i++)
			bsrc[i] = VAL(i / NB, i % NB);
	for (m = 0; m < 9; m++) {
		upc_barrier;
		upc_all_scatter(blocks, bsrc, NB, modes[m]);
		upc_barrier;
		if (MYTHREAD == 0)
			for (i = 0; i < NB * THREADS; i++)
				expect(blocks[i] == VAL(i / NB, i % NB));
		/* Gather it back, into a cleared bsrc. */
		if (MYTHREAD == 0)
			for (i = 0; i < NB * THREADS; i++)
				bsrc[i] = 0;
		upc_barrier;
		upc_all_gather(bsrc, blocks, NB, modes[m]);
		upc_barrier;
		if (MYTHREAD == 0)
			for (i = 0; i < NB * THREADS; i++)
				expect(bsrc[i] == VAL(i / NB, i % NB));
	}
	if (MYTHREAD == 0) {
		report("scatter and gather in every mode");
		printf("gathered bytes 0..4: %d %d %d %d %d\n", bsrc[0], bsrc[1], bsrc[2], bsrc[3], bsrc[4]);
	}
	upc_barrier;

	/* gather_all: every thread's row gets every thread's block. */
	for (i = 0; i < NB; i++)
		blocks[NB * MYTHREAD + i] = VAL(MYTHREAD + 1, i);
	upc_all_gather_all(rows, blocks, NB, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
	for (t = 0; t < THREADS; t++)
		for (i = 0; i < NB; i++)
			if (myrow[NB * t + i] != VAL(t + 1, i))
				errors++;
	upc_barrier;
	if (MYTHREAD == 0)
		report("gather_all");

	/* exchange: block j of row i goes to block i of row j. */
	for (t = 0; t < THREADS; t++)
		for (i = 0; i < NB; i++)
			myrow[NB * t + i] = VAL(MYTHREAD, NB * t + i);
	upc_all_exchange(rows2, rows, NB, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
	{
		char *got = (char *)(rows2 + MYTHREAD);
		for (t = 0; t < THREADS; t++)
			for (i = 0; i < NB; i++)
				if (got[NB * t + i] != VAL(t, NB * MYTHREAD + i))
					errors++;
	}
	upc_barrier;
	if (MYTHREAD == 0)
		report("exchange");

	/* permute: a reversal of the threads. */
	perm[MYTHREAD] = THREADS - 1 - MYTHREAD;
	for (i = 0; i < NB; i++)
		blocks2[NB * MYTHREAD + i] = VAL(MYTHREAD, i);
	upc_all_permute(blocks, blocks2, perm, NB, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
	for (i = 0; i < NB; i++)
		if (blocks[NB * MYTHREAD + i] != VAL(THREADS - 1 - MYTHREAD, i))
			errors++;
	upc_barrier;
	if (MYTHREAD == 0)
		report("permute");
	return 0;
}
