// threads: 2 3 4
// exit: 1
// stderr: "upc_all_fseek: the offset \(UPC_COMMON_FP\) must be single-valued, but thread 0 passed 0 and thread [123] passed [123]"
// stderr: "not_single_valued\.upc:18"
/* With a common file pointer, upc_all_fseek's offset must be the same on
   every thread (UPC-IO: single-valued); threads that pass different
   offsets get a runtime error naming the argument and the line, and the
   job stops with status 1. */
#include <stdio.h>
#include <upc.h>
#include <upc_io.h>

int main(void) {
	const char *name = "not_single_valued.tmp";
	upc_file_t *fd = upc_all_fopen(name, UPC_RDWR | UPC_COMMON_FP | UPC_CREATE, 0, NULL);
	if (MYTHREAD == 0)
		remove(name); /* the job will not reach upc_all_fclose */
	upc_all_fseek(fd, MYTHREAD, UPC_SEEK_SET);
	upc_all_fclose(fd);
	return 0;
}
