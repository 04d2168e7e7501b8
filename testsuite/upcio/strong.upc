// threads: 1 2 3 4
/* UPC_STRONG_CA: in one call every thread writes regions that overlap
   the other threads'; the file must be as if the threads wrote one after
   another in thread order. Thread t writes 6 bytes of its letter at 3t
   and 2 at 30-2t. Thread 0 prints the file. With weak semantics the same
   overlap would leave the bytes undefined. */
#include <stdio.h>
#include <string.h>
#include <upc.h>
#include <upc_io.h>

int main(void) {
	const char *name = "strong.tmp";
	upc_file_t *fd = upc_all_fopen(name, UPC_RDWR | UPC_INDIVIDUAL_FP | UPC_CREATE | UPC_TRUNC | UPC_STRONG_CA, 0, NULL);
	char mine[8];
	memset(mine, 'a' + MYTHREAD, sizeof mine);
	struct upc_local_memvec mem = {mine, 8};
	struct upc_filevec file[2] = {{3 * MYTHREAD, 6}, {30 - 2 * MYTHREAD, 2}};
	upc_off_t r = upc_all_fwrite_list_local(fd, 1, &mem, 2, file, UPC_IN_NOSYNC | UPC_OUT_NOSYNC);
	int strong = upc_all_fcntl(fd, UPC_GET_CA_SEMANTICS, NULL) == UPC_STRONG_CA;
	upc_off_t size = upc_all_fget_size(fd);
	upc_all_fclose(fd);
	if (MYTHREAD == 0) {
		char buf[64];
		FILE *f = fopen(name, "rb");
		size_t n = fread(buf, 1, sizeof buf, f);
		fclose(f);
		remove(name);
		printf("wrote %d, strong %d, size %d: ", (int)r, strong, (int)size);
		for (size_t i = 0; i < n; i++)
			putchar(buf[i] ? buf[i] : '_');
		printf("\n");
	}
	return 0;
}
