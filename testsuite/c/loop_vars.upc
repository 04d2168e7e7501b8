// gcc: yes
// threads: 1
/* Variables in C memory a loop reads (lower/loopopt_vars.go), checked
   against gcc. NAS IS's bucket count and scatter through global pointers,
   and a double loop bounded by a global int, read them once before the
   loop: their stores (ints, doubles) cannot change them. The shapes that
   must read them on every iteration, each changing the variable in the
   middle of the loop: an int store through a pointer to the int bound, a
   pointer store through a pointer to the pointer, a struct store through
   a struct holding a pointer, byte stores over the pointer, a call, a
   direct assignment, and a local pointer whose address is taken. */
#include <stdio.h>

struct holder { int *p; };

int a[8], b[8], keys[8] = { 5, 1, 7, 0, 3, 6, 2, 4 };
int *bucket_size, *key_buff1, bucket_ptrs[4], n_keys = 6;
int **pp = &bucket_size;                          /* a pointer store through pp changes bucket_size */
int *np = &n_keys;                                /* an int store through np changes n_keys */
struct holder *hp = (struct holder *)&key_buff1;  /* so does a struct store through hp, key_buff1 */
int *to_b = b;

static void reset(void) {
	int i;
	for (i = 0; i < 8; i++)
		a[i] = b[i] = 0;
	bucket_size = a;
	key_buff1 = a;
	n_keys = 6;
}

static void show(const char *what, int n) {
	int i;
	printf("%s: a", what);
	for (i = 0; i < 8; i++)
		printf(" %d", a[i]);
	printf(" | b");
	for (i = 0; i < 8; i++)
		printf(" %d", b[i]);
	printf(" | %d\n", n);
}

static void retarget(void) { key_buff1 = b; }

int main(void) {
	int i, j, key, n;
	double y[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };
	unsigned char *dst = (unsigned char *)&key_buff1, *src = (unsigned char *)&to_b;
	struct holder hb = { b };
	int *p = a, **q = &p;

	/* IS: count keys by bucket, then scatter them; read once. */
	reset();
	for (i = 0; i < 8; i++)
		bucket_size[keys[i] >> 1]++;
	bucket_ptrs[0] = 0;
	for (i = 1; i < 4; i++)
		bucket_ptrs[i] = bucket_ptrs[i - 1] + a[i - 1];
	key_buff1 = b;
	for (i = 0; i < 8; i++) {
		key = keys[i];
		key_buff1[bucket_ptrs[key >> 1]++] = key;
	}
	show("count, scatter", bucket_ptrs[3]);

	/* A double loop bounded by a global int: read once. */
	for (i = 0; i < n_keys; i++)
		y[i] = 2 * y[i];
	printf("scale: %g %g %g\n", y[0], y[5], y[6]);

	/* An int store through np lowers the bound to 4 at i == 2. */
	reset();
	for (i = 0; i < n_keys; i++) {
		a[i] = i + 1;
		if (i == 2)
			*np = 4;
	}
	show("int store", i);

	/* A pointer store through pp moves bucket_size to b at i == 1. */
	reset();
	for (i = 0; i < 5; i++) {
		bucket_size[i]++;
		if (i == 1)
			*pp = b;
	}
	show("pointer store", 0);

	/* A struct store through hp moves key_buff1 to b at i == 1. */
	reset();
	for (i = 0; i < 5; i++) {
		key_buff1[i] = 10 + i;
		if (i == 1)
			*hp = hb;
	}
	show("struct store", 0);

	/* Byte stores copy to_b over key_buff1 at i == 1. */
	reset();
	for (i = 0; i < 5; i++) {
		key_buff1[i] = 20 + i;
		if (i == 1)
			for (j = 0; j < (int)sizeof(int *); j++)
				dst[j] = src[j];
	}
	show("byte stores", 0);

	/* A call moves key_buff1 at i == 1. */
	reset();
	for (i = 0; i < 5; i++) {
		key_buff1[i] = 30 + i;
		if (i == 1)
			retarget();
	}
	show("call", 0);

	/* An assignment moves key_buff1 at i == 1. */
	reset();
	for (i = 0; i < 5; i++) {
		key_buff1[i] = 40 + i;
		if (i == 1)
			key_buff1 = b;
	}
	show("assignment", 0);

	/* A local pointer whose address is taken, moved through q. */
	reset();
	n = 0;
	for (i = 0; i < 5; i++) {
		p[i] = 50 + i;
		n += p[i];
		if (i == 1)
			*q = b;
	}
	show("local", n);
	return 0;
}
