// gcc: yes
/* File-scope variables with initialisers: scalars, arrays (partial: the
   rest is zero), strings, structs, pointers to other globals and to
   string literals, constant expressions with casts and sizeof, and
   uninitialised globals that start at zero. In UPC these are private:
   every thread has its own copy, initialised the same way, so what one
   thread writes the others do not see. Threads report in turns. */
#include <stdio.h>
#include <upc.h>

int counter = 5;
int zero;
double ratio = 1.0 / 4;
char letters[] = "abc";
int partial[6] = {1, 2, 3};
const char *greeting = "hi";
struct cfg {
	int id;
	const char *name;
	int limits[2];
} config = {7, "seven", {10}};
int *ptr_to_counter = &counter;
int *ptr_into_array = &partial[2];
long computed = (long)sizeof(struct cfg) * 3 + (1 << 4);
unsigned char wrapped = 300;
static int hidden[3];

int main(void) {
	int t;
	/* Each thread changes its own copy differently. */
	counter += MYTHREAD;
	partial[5] = MYTHREAD * 10;
	hidden[MYTHREAD % 3] = 1;
	*ptr_into_array += 100;
	upc_barrier;
	for (t = 0; t < THREADS; t++) {
		if (t == MYTHREAD) {
			printf("T%d counter=%d via ptr=%d zero=%d ratio=%.2f\n", t, counter, *ptr_to_counter, zero, ratio);
			printf("T%d letters=%s %zu partial=%d,%d,%d,%d,%d,%d\n", t, letters, sizeof letters,
			       partial[0], partial[1], partial[2], partial[3], partial[4], partial[5]);
			printf("T%d %s %d %s %d %d computed=%ld wrapped=%d hidden=%d%d%d\n", t, greeting, config.id,
			       config.name, config.limits[0], config.limits[1], computed, wrapped,
			       hidden[0], hidden[1], hidden[2]);
		}
		upc_barrier;
	}
	return 0;
}
