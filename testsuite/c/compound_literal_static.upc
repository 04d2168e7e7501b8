// gcc: yes
// threads: 1 2
/* Compound literals in initialisers at file scope have static storage (C99
   6.5.2.5p6): a pointer to one stays valid and keeps what was written
   through it. One at file scope was an internal error ("initializer needs
   a frame", issue 12). An array literal's length counts designated
   elements ([4] = 9 makes five). */
#include <stdio.h>

struct pair {
	int x, y;
};

struct pair *origin = &(struct pair){1, 2};
int *primes = (int[]){2, 3, 5, 7};
int *sparse = (int[]){[4] = 9};
const char *word = (const char[]){"upc"};

static int *counter = (int[]){40};

static int next(void) { return ++*counter; }

int main(void) {
	int *local = (int[]){[2] = 8, 1};
	if (MYTHREAD != 0)
		return 0;
	origin->y += 40;
	printf("%d %d\n", origin->x, origin->y);
	printf("%d %d %d\n", primes[0], primes[3], sparse[4] + sparse[0]);
	printf("%s\n", word);
	next();
	printf("%d\n", next());
	printf("%d %d\n", local[2], local[3]);
	printf("%d\n", (int)sizeof((int[]){[6] = 1}));
	return 0;
}
