// threads: 1 2 4
/* UPC-IO asynchronous calls: each _async form (and the UPC_ASYNC flag)
   starts an operation that upc_all_fwait_async or upc_all_ftest_async
   completes with the result the synchronous call would have returned;
   while it is outstanding UPC_ASYNC_OUTSTANDING says so and every other
   call on the file fails with EINPROGRESS; waiting with nothing
   outstanding is EINVAL. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <upc.h>
#include <upc_io.h>

shared [4] char arr[4 * THREADS];
shared int bad;

static void check(int ok, const char *what) {
	if (!ok) {
		printf("thread %d: FAILED: %s (errno %d)\n", MYTHREAD, what, errno);
		bad = 1;
	}
}

int main(void) {
	const char *name = "async.tmp";
	upc_file_t *fd = upc_all_fopen(name, UPC_RDWR | UPC_INDIVIDUAL_FP | UPC_CREATE | UPC_TRUNC | UPC_DELETE_ON_CLOSE, 0, NULL);
	char mine[4] = {'A' + MYTHREAD, 'a' + MYTHREAD, '0' + MYTHREAD, '!'};

	upc_all_fseek(fd, 4 * MYTHREAD, UPC_SEEK_SET);
	upc_all_fwrite_local_async(fd, mine, 1, 4, UPC_IN_ALLSYNC | UPC_OUT_ALLSYNC);
	check(upc_all_fcntl(fd, UPC_ASYNC_OUTSTANDING, NULL) == 1, "outstanding");
	errno = 0;
	check(upc_all_fget_size(fd) == -1 && errno == EINPROGRESS, "another call is EINPROGRESS");
	errno = 0;
	upc_all_fread_local_async(fd, mine, 1, 4, 0);
	check(errno == EINPROGRESS, "a second asynchronous call is EINPROGRESS");
	check(upc_all_fwait_async(fd) == 4, "wait returns what was written");
	check(upc_all_fcntl(fd, UPC_ASYNC_OUTSTANDING, NULL) == 0, "nothing outstanding after the wait");
	check(upc_all_fseek(fd, 0, UPC_SEEK_CUR) == 4 * MYTHREAD + 4, "the pointer moved");
	errno = 0;
	check(upc_all_fwait_async(fd) == -1 && errno == EINVAL, "waiting for nothing is EINVAL");

	/* Read the file into the blocked array: thread t's block gets thread
	   (t+1)'s record, with the flag form and ftest. */
	upc_all_fseek(fd, 4 * ((MYTHREAD + 1) % THREADS), UPC_SEEK_SET);
	upc_all_fread_shared(fd, &arr[4 * MYTHREAD], 4, 1, 4, UPC_IN_NOSYNC | UPC_OUT_NOSYNC | UPC_ASYNC);
	int flag = 0;
	check(upc_all_ftest_async(fd, &flag) == 4 && flag == 1, "ftest completes it");

	/* A list read from the end of the file comes up short. */
	char got[8];
	struct upc_local_memvec mem = {got, 8};
	struct upc_filevec file = {4 * THREADS - 2, 8};
	upc_all_fread_list_local_async(fd, 1, &mem, 1, &file, 0);
	check(upc_all_fwait_async(fd) == 2, "a short asynchronous read");
	/* An error found when the call starts comes back from the wait. */
	upc_all_fwrite_list_local_async(fd, 1, &mem, 1, &file, 0); /* 8 bytes in memory, 8 in the file: fine */
	check(upc_all_fwait_async(fd) == 8, "an asynchronous list write");
	file.len = 3;
	upc_all_fwrite_list_local_async(fd, 1, &mem, 1, &file, 0);
	errno = 0;
	check(upc_all_fwait_async(fd) == -1 && errno == EINVAL, "the error comes from the wait");
	upc_barrier;
	if (MYTHREAD == 0) {
		printf("blocks:");
		for (int i = 0; i < 4 * THREADS; i++)
			printf("%s%c", i % 4 ? "" : " ", arr[i]);
		printf("\n");
	}
	check(upc_all_fclose(fd) == 0, "close");
	upc_barrier;
	if (MYTHREAD == 0)
		printf("async: %s\n", bad ? "FAILED" : "ok");
	return 0;
}
