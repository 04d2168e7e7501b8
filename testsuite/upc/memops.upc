/* Bulk transfers (UPC 1.3 7.2.5): upc_memput from a private buffer into
   a thread's block of a shared array, upc_memget of another thread's
   block into private memory, upc_memcpy between blocks with affinity to
   two different threads (neither the caller's), upc_memset of a remote
   block, transfers of partial blocks and of zero bytes, and structs
   moved as bytes. Each thread acts on its right neighbour's block. */
#include <stdio.h>
#include <string.h>
#include <upc.h>

#define B 16

struct rec {
	int id;
	char name[12];
};

shared [B] int blocks[B * THREADS];
shared [B] int copies[B * THREADS];
shared [] char bytes[64];
shared [2] struct rec recs[2 * THREADS];

int main(void) {
	int i, bad = 0;
	int right = (MYTHREAD + 1) % THREADS, left = (MYTHREAD + THREADS - 1) % THREADS;
	int buf[B];
	for (i = 0; i < B; i++)
		buf[i] = 1000 * MYTHREAD + i;
	/* Put my values into my right neighbour's block. */
	upc_memput(&blocks[B * right], buf, sizeof buf);
	upc_barrier;
	/* Get my own block back: it came from my left neighbour. */
	int got[B];
	upc_memget(got, &blocks[B * MYTHREAD], sizeof got);
	for (i = 0; i < B; i++)
		if (got[i] != 1000 * left + i)
			bad++;
	upc_barrier;
	/* Copy the right neighbour's block of blocks into the left neighbour's
	   block of copies: shared to shared, neither end mine (for THREADS >= 3). */
	upc_memcpy(&copies[B * left], &blocks[B * right], B * sizeof(int));
	upc_barrier;
	/* Thread X copied the values of X (they sit in X's right neighbour's
	   block) into X's left neighbour's block: my block of copies holds
	   my right neighbour's values. */
	int mine[B];
	upc_memget(mine, &copies[B * MYTHREAD], sizeof mine);
	for (i = 0; i < B; i++)
		if (mine[i] != 1000 * right + i)
			bad++;
	upc_barrier;
	/* memset part of my right neighbour's block, then zero bytes. */
	upc_memset(&blocks[B * right + 4], 0, 8 * sizeof(int));
	upc_memput(&blocks[B * right], buf, 0);
	upc_memget(got, &blocks[B * right], 0);
	upc_barrier;
	upc_memget(got, &blocks[B * MYTHREAD], sizeof got);
	for (i = 0; i < B; i++)
		if (got[i] != (i >= 4 && i < 12 ? 0 : 1000 * left + i))
			bad++;
	/* Bytes in an indefinite-block array on thread 0, and a struct. */
	if (MYTHREAD == 0) {
		upc_memset(bytes, 'x', sizeof bytes);
		upc_memput(bytes, "hello", 5);
	}
	struct rec r = {MYTHREAD, "rec"};
	r.name[3] = '0' + MYTHREAD % 10;
	upc_memput(&recs[2 * right + 1], &r, sizeof r);
	upc_barrier;
	char text[8];
	upc_memget(text, bytes, 7);
	text[7] = 0;
	if (strcmp(text, "helloxx") != 0)
		bad++;
	struct rec back;
	upc_memget(&back, &recs[2 * MYTHREAD + 1], sizeof back);
	if (back.id != left || strncmp(back.name, "rec", 3) != 0 || back.name[3] != '0' + left % 10)
		bad++;
	blocks[B * MYTHREAD] = bad;
	upc_barrier;
	if (MYTHREAD == 0) {
		int total = 0;
		for (i = 0; i < THREADS; i++)
			total += blocks[B * i];
		printf("%d bad\n", total);
	}
	return 0;
}
