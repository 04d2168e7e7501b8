// threads: 1 2 3 4
/* UPC-IO with shared buffers. With a common file pointer the threads
   write one array together (the file holds it in its logical order:
   element i at i*sizeof(int)) and every thread gets the total; the file
   is read back into arrays of other layouts (cyclic, blocked, indefinite
   on the last thread), the common pointer moving once per call. With
   individual pointers each thread writes a different slice of a blocked
   array at its own pointer. Thread 0 checks every element. */
#include <errno.h>
#include <stdio.h>
#include <upc.h>
#include <upc_io.h>

#define N 37 /* elements per thread */

shared [5] int src[N * THREADS];
shared int cyc[N * THREADS];
shared [N] int blk[N * THREADS];
shared [] int *ind;
shared int bad;

static void check(int ok, const char *what) {
	if (!ok) {
		printf("thread %d: FAILED: %s (errno %d)\n", MYTHREAD, what, errno);
		bad = 1;
	}
}

int main(void) {
	const char *name = "shared.tmp";
	const size_t total = N * THREADS * sizeof(int);
	upc_forall (int i = 0; i < N * THREADS; i++; &src[i])
		src[i] = 1000 + i;
	ind = upc_all_alloc(1, N * THREADS * sizeof(int)); /* all on thread 0 */
	upc_barrier;

	upc_file_t *fd = upc_all_fopen(name, UPC_RDWR | UPC_COMMON_FP | UPC_CREATE | UPC_TRUNC, 0, NULL);
	check(fd != NULL, "open");
	upc_off_t r = upc_all_fwrite_shared(fd, src, 5, sizeof(int), N * THREADS, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
	check(r == (upc_off_t)total, "every thread gets the total written");
	check(upc_all_fseek(fd, 0, UPC_SEEK_CUR) == (upc_off_t)total, "the common pointer moved once");
	check(upc_all_fget_size(fd) == (upc_off_t)total, "size");

	/* Read back three ways; each read starts at 0. */
	upc_all_fseek(fd, 0, UPC_SEEK_SET);
	check(upc_all_fread_shared(fd, cyc, 1, sizeof(int), N * THREADS, 0) == (upc_off_t)total, "read cyclic");
	upc_all_fseek(fd, 0, UPC_SEEK_SET);
	check(upc_all_fread_shared(fd, blk, N, sizeof(int), N * THREADS, UPC_IN_NOSYNC | UPC_OUT_MYSYNC) == (upc_off_t)total,
	      "read blocked");
	upc_all_fseek(fd, 0, UPC_SEEK_SET);
	check(upc_all_fread_shared(fd, ind, 0, sizeof(int), N * THREADS, 0) == (upc_off_t)total, "read indefinite");
	/* A read that meets the end of the file: the last 3 elements. */
	upc_all_fseek(fd, -3 * (upc_off_t)sizeof(int), UPC_SEEK_END);
	check(upc_all_fread_shared(fd, cyc, 1, sizeof(int), N, 0) == 3 * sizeof(int), "a short read returns what it read");
	check(upc_all_fseek(fd, 0, UPC_SEEK_CUR) == (upc_off_t)total, "and moves the pointer that far");
	upc_barrier;
	if (MYTHREAD == 0) {
		for (int i = 0; i < N * THREADS; i++) {
			int want = 1000 + i, c = i < 3 ? 1000 + N * THREADS - 3 + i : want;
			if (cyc[i] != c || blk[i] != want || ind[i] != want) {
				printf("element %d: cyclic %d, blocked %d, indefinite %d, want %d (%d)\n", i, cyc[i], blk[i], ind[i], want, c);
				bad = 1;
				break;
			}
		}
	}
	upc_all_fclose(fd);

	/* Individual pointers: thread t writes elements [t*N, t*N+N) of blk,
	   whose block sits on thread t, at offset (THREADS-1-t)*N ints. */
	fd = upc_all_fopen(name, UPC_RDWR | UPC_INDIVIDUAL_FP | UPC_TRUNC, 0, NULL);
	upc_forall (int i = 0; i < N * THREADS; i++; &blk[i])
		blk[i] = 2000 + i;
	upc_barrier;
	upc_all_fseek(fd, (THREADS - 1 - MYTHREAD) * N * sizeof(int), UPC_SEEK_SET);
	r = upc_all_fwrite_shared(fd, &blk[MYTHREAD * N], N, sizeof(int), N, 0);
	check(r == N * sizeof(int), "each thread its own slice");
	/* Thread t reads the whole file back into the indefinite array on
	   thread 0: only thread 0 does it, the others read nothing. */
	upc_all_fseek(fd, 0, UPC_SEEK_SET);
	r = upc_all_fread_shared(fd, ind, 0, sizeof(int), MYTHREAD == 0 ? N * THREADS : 0, 0);
	check(r == (MYTHREAD == 0 ? (upc_off_t)total : 0), "read by one thread");
	upc_barrier;
	if (MYTHREAD == 0) {
		for (int i = 0; i < N * THREADS; i++) {
			int t = THREADS - 1 - i / N;
			if (ind[i] != 2000 + t * N + i % N) {
				printf("element %d: %d, want %d\n", i, ind[i], 2000 + t * N + i % N);
				bad = 1;
				break;
			}
		}
	}
	upc_all_fcntl(fd, UPC_SET_COMMON_FP, NULL);
	upc_all_fclose(fd);
	upc_barrier;
	if (MYTHREAD == 0) {
		remove(name);
		printf("shared: %s\n", bad ? "FAILED" : "ok");
	}
	return 0;
}
