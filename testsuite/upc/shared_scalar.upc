// gcc: yes
/* Shared scalars have affinity to thread 0 and one instance that every
   thread sees: thread 0 writes, a barrier orders the write before the
   reads, every thread reads the same value; then each thread in turn
   adds to a shared counter (turns separated by barriers, so no race),
   and a shared struct and a shared double are read and written whole and
   by member. upc_threadof of every shared scalar is 0. */
#include <stdio.h>
#include <upc.h>

shared int value;
shared int counter = 0;
shared double ratio;
struct pair {
	int a;
	long b;
};
shared struct pair pr;

int main(void) {
	int t;
	if (MYTHREAD == 0) {
		value = 42;
		ratio = 0.5;
		pr.a = 1;
		pr.b = 2;
	}
	upc_barrier;
	if (value != 42 || ratio != 0.5)
		printf("thread %d read %d %f\n", MYTHREAD, value, ratio);
	for (t = 0; t < THREADS; t++) {
		if (t == MYTHREAD) {
			counter += MYTHREAD + 1;
			pr.b *= 2;
		}
		upc_barrier;
	}
	if (MYTHREAD == THREADS - 1) {
		struct pair local;
		local = pr; /* the initialiser form is in shared_struct_copy.upc */
		int want = THREADS * (THREADS + 1) / 2;
		if (counter == want)
			printf("counter ok\n");
		else
			printf("counter=%d, want %d\n", counter, want);
		printf("pair=%d %ld\n", local.a, local.b == 2L << THREADS);
		printf("affinity %d %d %d\n", (int)upc_threadof(&value), (int)upc_threadof(&ratio), (int)upc_threadof(&pr.b));
		printf("sizeof %zu %zu\n", sizeof value, sizeof pr);
	}
	return 0;
}
