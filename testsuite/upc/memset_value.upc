/* memset and upc_memset take an int and store it converted to unsigned
   char (C99 7.21.6.1, UPC 1.3 7.2.5.4): 0x1FF stores 0xFF, -1 stores 0xFF,
   256 stores 0, both as constants and as run-time values. */
#include <stdio.h>
#include <string.h>
#include <upc.h>

shared [] unsigned char mem[16];

int main(void) {
	unsigned char buf[4];
	int v = 0x1FF, minus = -1;
	memset(buf, 0x1FF, 2);
	memset(buf + 2, v, 2);
	if (MYTHREAD == 0) {
		upc_memset(mem, 0x1FF, 4);
		upc_memset(mem + 4, minus, 4);
		upc_memset(mem + 8, 256, 4);
		upc_memset(mem + 12, v, 4);
	}
	upc_barrier;
	if (MYTHREAD == 0)
		printf("%d %d %d %d %d %d\n", buf[1], buf[3], mem[0], mem[7], mem[8], mem[15]);
	return 0;
}
