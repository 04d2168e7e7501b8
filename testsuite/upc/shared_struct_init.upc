/* A shared struct, and a shared array of structs, with initialisers:
   like any static object they are initialised once before main (UPC 1.3
   6.5.1.1 puts no restriction on initialisers of shared objects; Berkeley
   UPC and GNU UPC accept them). */
#include <stdio.h>
#include <upc.h>

struct cfg {
	int n;
	double scale;
};

shared struct cfg config = {7, 0.5};
shared [] struct cfg presets[2] = {{1, 1.0}, {2, 2.0}};

int main(void) {
	upc_barrier;
	if (MYTHREAD == THREADS - 1)
		printf("%d %.1f %d %.1f\n", config.n, config.scale, presets[1].n, presets[1].scale);
	return 0;
}
