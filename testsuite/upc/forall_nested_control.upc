/* Which upc_forall controls (UPC 1.3 §6.6.2): one whose affinity is
   `continue`, or is left out, hands out nothing, so an inner upc_forall
   with an affinity distributes its own iterations: cell (i, j) runs on
   the thread its inner affinity names, once in the whole job. Under an
   outer upc_forall with an affinity the inner affinity is ignored (the
   row's thread runs the whole row); a for loop between the two changes
   nothing. Each cell is written by one thread only, then checked by
   thread 0. */
#include <stdio.h>
#include <upc.h>

#define ROWS 3
#define COLS (4 * THREADS)

shared int cont_addr[ROWS][COLS];  /* outer continue, inner &cell */
shared int none_int[ROWS][COLS];   /* outer without affinity, inner integer j */
shared int ctrl_inner[ROWS][COLS]; /* outer row i, inner &cell ignored */
shared int for_between[ROWS][COLS];
shared int count[ROWS][COLS];

int main(void) {
	int i, j, k, bad = 0;
	upc_forall (i = 0; i < ROWS; i++; continue)
		upc_forall (j = 0; j < COLS; j++; &cont_addr[i][j]) {
			cont_addr[i][j] = MYTHREAD;
			count[i][j] += 1;
		}
	upc_forall (i = 0; i < ROWS; i++;)
		upc_forall (j = 0; j < COLS; j++; j + 1)
			none_int[i][j] = MYTHREAD;
	upc_forall (i = 0; i < ROWS; i++; i)
		upc_forall (j = 0; j < COLS; j++; &ctrl_inner[i][j])
			ctrl_inner[i][j] = MYTHREAD;
	upc_forall (i = 0; i < ROWS; i++; continue)
		for (k = 0; k < 1; k++)
			upc_forall (j = 0; j < COLS; j++; j)
				for_between[i][j] = MYTHREAD;
	upc_barrier;
	if (MYTHREAD != 0)
		return 0;
	for (i = 0; i < ROWS; i++)
		for (j = 0; j < COLS; j++) {
			int cell = i * COLS + j;
			if (cont_addr[i][j] != cell % THREADS || count[i][j] != 1)
				printf("continue: cell %d %d ran on %d, %d times\n", i, j, cont_addr[i][j], count[i][j]), bad++;
			if (none_int[i][j] != (j + 1) % THREADS)
				printf("none: cell %d %d ran on %d\n", i, j, none_int[i][j]), bad++;
			if (ctrl_inner[i][j] != i % THREADS)
				printf("controlled: cell %d %d ran on %d\n", i, j, ctrl_inner[i][j]), bad++;
			if (for_between[i][j] != j % THREADS)
				printf("for between: cell %d %d ran on %d\n", i, j, for_between[i][j]), bad++;
		}
	printf("%d bad\n", bad);
	return 0;
}
