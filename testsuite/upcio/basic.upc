// threads: 1 2 3 4
/* UPC-IO file operations with individual file pointers: every thread
   writes its own record at its own file pointer with
   upc_all_fwrite_local, reads a neighbour's back with upc_all_fread_local,
   seeks from each origin, and the file's size, set_size, preallocate,
   upc_all_fcntl and the errors the specification names (-1 or NULL with
   errno) are checked; thread 0 prints. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <upc.h>
#include <upc_io.h>

#define REC 16

shared int bad[THREADS];

static void check(int ok, const char *what) {
	if (!ok) {
		printf("thread %d: FAILED: %s (errno %d)\n", MYTHREAD, what, errno);
		bad[MYTHREAD]++;
	}
}

static int failures(void) {
	int n = 0;
	upc_barrier;
	for (int i = 0; i < THREADS; i++)
		n += bad[i];
	upc_barrier;
	return n;
}

int main(void) {
	const char *name = "basic.tmp";
	char rec[REC], back[REC];
	upc_off_t r;

	/* Opening a missing file read-only fails everywhere. */
	remove(name);
	upc_barrier;
	errno = 0;
	upc_file_t *fd = upc_all_fopen(name, UPC_RDONLY | UPC_INDIVIDUAL_FP, 0, NULL);
	check(fd == NULL && errno == ENOENT, "a missing file is ENOENT");
	errno = 0;
	fd = upc_all_fopen(name, UPC_RDWR, 0, NULL);
	check(fd == NULL && errno == EINVAL, "no file pointer kind is EINVAL");

	struct upc_hint hint = {"access_style", "write_once"};
	fd = upc_all_fopen(name, UPC_RDWR | UPC_INDIVIDUAL_FP | UPC_CREATE | UPC_EXCL, 1, &hint);
	check(fd != NULL, "create");
	errno = 0;
	check(upc_all_fopen(name, UPC_RDWR | UPC_INDIVIDUAL_FP | UPC_CREATE | UPC_EXCL, 0, NULL) == NULL && errno == EEXIST,
	      "UPC_EXCL on an existing file is EEXIST");

	/* Record i holds "thread i..." and sits at offset i*REC. */
	memset(rec, '.', REC);
	snprintf(rec, REC, "thread %d", MYTHREAD);
	check(upc_all_fseek(fd, MYTHREAD * REC, UPC_SEEK_SET) == MYTHREAD * REC, "seek to my record");
	r = upc_all_fwrite_local(fd, rec, 1, REC, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
	check(r == REC, "write my record");
	check(upc_all_fseek(fd, 0, UPC_SEEK_CUR) == (MYTHREAD + 1) * REC, "the file pointer moved past it");
	check(upc_all_fget_size(fd) == THREADS * REC, "size");

	/* Read the next thread's record, from the end of the file. */
	int next = (MYTHREAD + 1) % THREADS;
	check(upc_all_fseek(fd, -(upc_off_t)(THREADS - next) * REC, UPC_SEEK_END) == next * REC, "seek from the end");
	memset(back, 0, REC);
	r = upc_all_fread_local(fd, back, REC, 1, 0);
	char want[REC];
	memset(want, '.', REC);
	snprintf(want, REC, "thread %d", next);
	check(r == REC && memcmp(back, want, REC) == 0, "read the next record");

	/* At the end of the file a read comes up short, then empty. */
	upc_all_fseek(fd, THREADS * REC - 3, UPC_SEEK_SET);
	r = upc_all_fread_local(fd, back, 1, REC, 0);
	check(r == 3, "a short read at the end");
	check(upc_all_fread_local(fd, back, 1, REC, 0) == 0, "an empty read past it");
	errno = 0;
	check(upc_all_fseek(fd, -1, UPC_SEEK_SET) == -1 && errno == EINVAL, "seeking before the start is EINVAL");
	errno = 0;
	check(upc_all_fseek(fd, 0, 12345) == -1 && errno == EINVAL, "a bad origin is EINVAL");

	/* upc_all_fcntl. */
	check(upc_all_fcntl(fd, UPC_GET_FL, NULL) == (UPC_RDWR | UPC_INDIVIDUAL_FP | UPC_CREATE | UPC_EXCL), "UPC_GET_FL");
	check(upc_all_fcntl(fd, UPC_GET_FP, NULL) == UPC_INDIVIDUAL_FP, "UPC_GET_FP");
	check(upc_all_fcntl(fd, UPC_GET_CA_SEMANTICS, NULL) == 0, "weak by default");
	const char *fn = NULL;
	check(upc_all_fcntl(fd, UPC_GET_FN, &fn) == 0 && fn && strcmp(fn, name) == 0, "UPC_GET_FN");
	const struct upc_hint *hints = NULL;
	check(upc_all_fcntl(fd, UPC_GET_HINTS, &hints) == 1 && strcmp(hints[0].key, "access_style") == 0 &&
	          strcmp(hints[0].value, "write_once") == 0,
	      "UPC_GET_HINTS");
	struct upc_hint more = {"striping_factor", "4"};
	check(upc_all_fcntl(fd, UPC_SET_HINT, &more) == 2, "UPC_SET_HINT");
	check(upc_all_fcntl(fd, UPC_ASYNC_OUTSTANDING, NULL) == 0, "nothing outstanding");
	upc_all_fseek(fd, 5, UPC_SEEK_SET);
	check(upc_all_fcntl(fd, UPC_SET_COMMON_FP, NULL) == 0 && upc_all_fcntl(fd, UPC_GET_FP, NULL) == UPC_COMMON_FP,
	      "UPC_SET_COMMON_FP");
	check(upc_all_fseek(fd, 0, UPC_SEEK_CUR) == 0, "switching pointers rewinds");
	errno = 0;
	check(upc_all_fread_local(fd, back, 1, 1, 0) == -1 && errno == EINVAL, "private buffers need individual pointers");
	upc_all_fcntl(fd, UPC_SET_INDIVIDUAL_FP, NULL);
	errno = 0;
	check(upc_all_fcntl(fd, 1 << 20, NULL) == -1 && errno == EINVAL, "an unknown command is EINVAL");

	/* Sizes: set_size truncates and extends with zeros; preallocate
	   only grows. */
	check(upc_all_fset_size(fd, REC + 4) == 0 && upc_all_fget_size(fd) == REC + 4, "set_size shrinks");
	check(upc_all_fpreallocate(fd, 2) == 0 && upc_all_fget_size(fd) == REC + 4, "preallocate never shrinks");
	check(upc_all_fpreallocate(fd, 3 * REC) == 0 && upc_all_fget_size(fd) == 3 * REC, "preallocate grows");
	upc_all_fseek(fd, REC, UPC_SEEK_SET);
	r = upc_all_fread_local(fd, back, 1, REC, 0);
	/* Thread 1's record started at REC; with one thread, set_size grew the
	   file there. */
	check(r == REC && memcmp(back, THREADS > 1 ? "thre" : "\0\0\0\0", 4) == 0 &&
	          memcmp(back + 4, "\0\0\0\0\0\0\0\0\0\0\0\0", REC - 4) == 0,
	      "extended bytes are zeros");
	errno = 0;
	check(upc_all_fset_size(fd, -1) == -1 && errno == EINVAL, "a negative size is EINVAL");
	check(upc_all_fsync(fd) == 0, "fsync");
	check(upc_all_fclose(fd) == 0, "close");
	errno = 0;
	check(upc_all_fclose(fd) == -1 && errno == EBADF, "a closed handle is EBADF");

	/* Read-only and write-only handles refuse the other direction. */
	fd = upc_all_fopen(name, UPC_RDONLY | UPC_INDIVIDUAL_FP, 0, NULL);
	errno = 0;
	check(upc_all_fwrite_local(fd, rec, 1, 1, 0) == -1 && errno == EBADF, "writing a read-only file is EBADF");
	errno = 0;
	check(upc_all_fset_size(fd, 0) == -1 && errno == EBADF, "set_size of a read-only file is EBADF");
	upc_all_fclose(fd);
	fd = upc_all_fopen(name, UPC_WRONLY | UPC_INDIVIDUAL_FP | UPC_APPEND | UPC_DELETE_ON_CLOSE, 0, NULL);
	check(upc_all_fseek(fd, 0, UPC_SEEK_CUR) == 3 * REC, "UPC_APPEND starts at the end");
	errno = 0;
	check(upc_all_fread_local(fd, back, 1, 1, 0) == -1 && errno == EBADF, "reading a write-only file is EBADF");
	upc_all_fclose(fd);
	upc_barrier;
	if (MYTHREAD == 0)
		check(fopen(name, "r") == NULL, "UPC_DELETE_ON_CLOSE removed the file");

	if (failures() == 0 && MYTHREAD == 0)
		printf("basic: ok\n");
	return 0;
}
