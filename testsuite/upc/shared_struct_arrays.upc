/* Array members of shared structs: indexing one.tag[2] or recs[i].w[1]
   addresses bytes inside the same element (same thread and phase), for
   a shared scalar struct and for a blocked array of structs written by
   their owners and read by thread 0; also a pointer-to-shared to such a
   member (&recs[i].w[0]) walked within the member. */
#include <stdio.h>
#include <upc.h>

struct rec {
	int id;
	char tag[6];
	double w[2];
};

shared struct rec one;
shared [2] struct rec recs[2 * THREADS];

int main(void) {
	int i, bad = 0;
	if (MYTHREAD == 0) {
		one.tag[2] = 'q';
		one.w[1] = 2.5;
	}
	for (i = 0; i < 2 * THREADS; i++)
		if (upc_threadof(&recs[i]) == MYTHREAD) {
			recs[i].id = i;
			recs[i].tag[0] = (char)('a' + i % 26);
			recs[i].tag[5] = 0;
			recs[i].w[0] = i;
			recs[i].w[1] = i + 0.5;
		}
	upc_barrier;
	if (MYTHREAD != 0)
		return 0;
	if (one.tag[2] != 'q' || one.w[1] != 2.5 || one.tag[0] != 0)
		printf("one\n"), bad++;
	for (i = 0; i < 2 * THREADS; i++) {
		shared [2] double *wp = (shared [2] double *)&recs[i].w[0];
		if (recs[i].id != i || recs[i].tag[0] != 'a' + i % 26 || recs[i].w[1] != i + 0.5)
			printf("recs[%d]\n", i), bad++;
		if (upc_threadof(&recs[i].w[1]) != upc_threadof(&recs[i]) || upc_threadof(wp) != upc_threadof(&recs[i]))
			printf("recs[%d] member affinity\n", i), bad++;
	}
	printf("%d bad\n", bad);
	return 0;
}
