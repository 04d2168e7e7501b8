// threads: 1 2 3 4
/* UPC-IO list I/O: each thread writes three pieces of private memory to
   two file regions of its own (upc_all_fwrite_list_local), then the file
   is read back through lists of shared regions (a cyclic array, pieces
   out of order) and of private ones, with an empty entry and a region
   that meets the end of the file. The file pointer is never used nor
   moved. Thread 0 prints the file. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <upc.h>
#include <upc_io.h>

shared char cyc[12 * THREADS];
shared int bad;

static void check(int ok, const char *what) {
	if (!ok) {
		printf("thread %d: FAILED: %s (errno %d)\n", MYTHREAD, what, errno);
		bad = 1;
	}
}

int main(void) {
	const char *name = "list.tmp";
	upc_file_t *fd = upc_all_fopen(name, UPC_RDWR | UPC_INDIVIDUAL_FP | UPC_CREATE | UPC_TRUNC, 0, NULL);

	/* Thread t owns bytes [12t, 12t+12): "ab" "cdefg" "hij" go to
	   [12t, 12t+4) and [12t+6, 12t+12), with a gap of two zero bytes. */
	char a[] = "ab", b[] = "cdefg", c[] = "hij";
	a[0] += MYTHREAD; /* each thread's first letter differs */
	struct upc_local_memvec mem[3] = {{a, 2}, {b, 5}, {c, 3}};
	struct upc_filevec file[3] = {{12 * MYTHREAD, 4}, {0, 0}, {12 * MYTHREAD + 6, 6}};
	check(upc_all_fwrite_list_local(fd, 3, mem, 3, file, 0) == 10, "write a private list");
	check(upc_all_fseek(fd, 0, UPC_SEEK_CUR) == 0, "list I/O leaves the file pointer alone");
	upc_barrier;
	if (MYTHREAD == 0) {
		FILE *f = fopen(name, "rb");
		char buf[12 * 4];
		size_t n = fread(buf, 1, sizeof buf, f);
		fclose(f);
		printf("file (%d bytes):", (int)n);
		for (size_t i = 0; i < n; i++)
			printf(" %c", buf[i] ? buf[i] : '_');
		printf("\n");
	}

	/* Read thread t's 12 bytes into the cyclic array, the two halves
	   swapped: file [12t+6, 12t+12) to cyc[12t..], then [12t, 12t+6). */
	struct upc_shared_memvec smem[2] = {{&cyc[12 * MYTHREAD + 6], 1, 6}, {&cyc[12 * MYTHREAD], 1, 6}};
	struct upc_filevec sfile[2] = {{12 * MYTHREAD, 6}, {12 * MYTHREAD + 6, 6}};
	check(upc_all_fread_list_shared(fd, 2, smem, 2, sfile, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC) == 12, "read a shared list");
	if (MYTHREAD == 0) {
		printf("cyclic, thread 0's part:");
		for (int i = 0; i < 12; i++)
			printf(" %c", cyc[i] ? cyc[i] : '_');
		printf("\n");
	}

	/* Reading the file's last 4 bytes twice, the second time as 8 bytes,
	   gets 4 + 4 (offsets may repeat in a read). */
	char got[16];
	memset(got, '*', sizeof got);
	struct upc_local_memvec lmem[2] = {{got, 2}, {got + 4, 10}};
	struct upc_filevec lfile[2] = {{12 * MYTHREAD, 4}, {12 * MYTHREAD + 4, 8}};
	upc_off_t r = upc_all_fread_list_local(fd, 2, lmem, 2, lfile, 0);
	check(r == 12, "read a private list");
	lfile[0].offset = 12 * (THREADS - 1) + 8;
	lfile[1].offset = 12 * (THREADS - 1) + 8;
	r = upc_all_fread_list_local(fd, 2, lmem, 2, lfile, 0);
	check(r == 8 && memcmp(got, "gh", 2) == 0 && memcmp(got + 4, "ijghij", 6) == 0, "a read meets the end of the file");

	/* What the lists must satisfy. */
	struct upc_filevec down[2] = {{8, 2}, {4, 2}};
	struct upc_local_memvec four[1] = {{got, 4}};
	errno = 0;
	check(upc_all_fread_list_local(fd, 1, four, 2, down, 0) == -1 && errno == EINVAL, "decreasing offsets");
	struct upc_filevec overlap[2] = {{4, 2}, {5, 2}};
	errno = 0;
	check(upc_all_fwrite_list_local(fd, 1, four, 2, overlap, 0) == -1 && errno == EINVAL, "overlapping writes");
	struct upc_filevec three[1] = {{4, 3}};
	errno = 0;
	check(upc_all_fwrite_list_local(fd, 1, four, 1, three, 0) == -1 && errno == EINVAL, "different sizes");
	struct upc_filevec negative[1] = {{-4, 4}};
	errno = 0;
	check(upc_all_fwrite_list_local(fd, 1, four, 1, negative, 0) == -1 && errno == EINVAL, "a negative offset");

	upc_all_fclose(fd);
	upc_barrier;
	if (MYTHREAD == 0) {
		remove(name);
		printf("list: %s\n", bad ? "FAILED" : "ok");
	}
	return 0;
}
