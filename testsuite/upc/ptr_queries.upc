/* The pointer-to-shared query functions (UPC 1.3 7.2.3): upc_threadof and
   upc_phaseof for elements of blocked arrays, upc_addrfield (its value is
   implementation-defined, but two elements of one block are sizeof(T)
   apart in their thread's memory, and corresponding elements of a thread's
   consecutive blocks are B*sizeof(T) apart), upc_phaseof of a shared
   array's address (0), and upc_affinitysize, whose value the spec defines
   exactly: for 10 blocks of 8 bytes and a trailing 4 bytes (84 bytes),
   thread t gets ceil(10/T) blocks if t < 10 % T, the trailing bytes
   after its floor(10/T) blocks if t == 10 % T, else floor(10/T) blocks. */
#include <stdio.h>
#include <upc.h>

shared [4] int a[8 * THREADS];
shared [2] double d[4 * THREADS];

static size_t want_affinity(size_t total, size_t nbytes, int t) {
	size_t nblocks = total / nbytes, cutoff = nblocks % THREADS;
	if ((size_t)t < cutoff)
		return (nblocks + THREADS - 1) / THREADS * nbytes;
	if ((size_t)t > cutoff)
		return nblocks / THREADS * nbytes;
	return nblocks / THREADS * nbytes + total - nblocks * nbytes;
}

int main(void) {
	int i, t, bad = 0;
	if (MYTHREAD != THREADS - 1)
		return 0;
	for (i = 0; i < 8 * THREADS; i++) {
		if ((int)upc_threadof(&a[i]) != (i / 4) % THREADS || (int)upc_phaseof(&a[i]) != i % 4)
			printf("a[%d]: %d.%d\n", i, (int)upc_threadof(&a[i]), (int)upc_phaseof(&a[i])), bad++;
		if (i % 4 != 3 && upc_addrfield(&a[i + 1]) - upc_addrfield(&a[i]) != sizeof(int))
			printf("a[%d]: addrfield step %zu\n", i, upc_addrfield(&a[i + 1]) - upc_addrfield(&a[i])), bad++;
		if (i + 4 * THREADS < 8 * THREADS && upc_addrfield(&a[i + 4 * THREADS]) - upc_addrfield(&a[i]) != 4 * sizeof(int))
			printf("a[%d]: next block at +%zu\n", i, upc_addrfield(&a[i + 4 * THREADS]) - upc_addrfield(&a[i])), bad++;
	}
	if (upc_addrfield(&d[1]) - upc_addrfield(&d[0]) != sizeof(double) || upc_phaseof(&d[3]) != 1)
		printf("d\n"), bad++;
	if (upc_phaseof(a) != 0 || upc_phaseof(&a[0]) != 0)
		printf("array phase\n"), bad++;
	size_t sum = 0;
	for (t = 0; t < THREADS; t++) {
		size_t got = upc_affinitysize(84, 8, t);
		sum += got;
		if (got != want_affinity(84, 8, t))
			printf("affinitysize(84, 8, %d) = %zu, want %zu\n", t, got, want_affinity(84, 8, t)), bad++;
	}
	printf("affinity sum %zu\n", sum);
	printf("affinitysize of 8 blocks per thread: %zu\n", upc_affinitysize(8 * 16 * THREADS, 16, THREADS - 1));
	printf("indefinite: %zu %zu\n", upc_affinitysize(100, 0, 0), upc_affinitysize(100, 0, THREADS - 1) * (THREADS > 1));
	printf("%d bad\n", bad);
	return 0;
}
