// gcc: yes
/* Whole-struct copies between shared and private memory: a private
   struct initialised from a shared one (struct pair local = pr;), a
   shared struct assigned from a private one and from another shared one
   (an element of a shared array of structs on another thread), and
   returning a shared struct's value from a function. */
#include <stdio.h>
#include <upc.h>

struct pair {
	int a;
	long b;
};

shared struct pair pr;
shared struct pair arr[THREADS];

static struct pair get(void) { return pr; }

int main(void) {
	struct pair mine = {MYTHREAD, 10L * MYTHREAD};
	arr[MYTHREAD] = mine;
	if (MYTHREAD == 0) {
		pr.a = 7;
		pr.b = 8;
	}
	upc_barrier;
	struct pair local = pr;
	struct pair last = arr[THREADS - 1];
	struct pair viaf = get();
	upc_barrier;
	if (MYTHREAD == 0) {
		arr[0] = arr[THREADS - 1];
		printf("%d %ld / %d %d / %d %ld / %d\n", local.a, local.b, last.a == THREADS - 1, last.b == 10L * (THREADS - 1),
		       viaf.a, viaf.b, arr[0].a == THREADS - 1);
	}
	return 0;
}
