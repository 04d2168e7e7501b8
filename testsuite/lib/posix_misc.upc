// gcc: yes
// threads: 1 3
/* The POSIX functions real UPC programs call: unistd.h (sleep, usleep,
   getpid, gethostname), ssize_t, and stdlib.h's random/srandom/rand_r.
   random() and rand() share glibc's generator; rand_r keeps its state in
   the caller's seed, so every thread gets the same sequence from it. */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <upc.h>

shared int same[THREADS];

int main(void) {
	char host[256];
	unsigned int seed = 7;
	int i, ok = 1;
	ssize_t n = -1;
	int first = rand_r(&seed);
	same[MYTHREAD] = first;
	upc_barrier;
	for (i = 0; i < THREADS; i++)
		ok = ok && same[i] == first;
	if (MYTHREAD == 0) {
		printf("sleep=%u usleep=%d\n", sleep(0), usleep(1000));
		int got = gethostname(host, sizeof host);
		printf("pid>0=%d host=%d nonempty=%d\n", getpid() > 0, got, host[0] != 0);
		printf("ssize_t=%d %ld\n", (int)sizeof(ssize_t), (long)n);
		printf("rand_r same on all threads=%d\n", ok);
		srandom(1);
		printf("%ld ", random());
		printf("%d ", rand());
		srand(1);
		printf("%d\n", rand());
	}
	return 0;
}
