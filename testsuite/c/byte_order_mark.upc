// gcc: yes
// threads: 1
/* A UTF-8 byte-order mark starts this file (as editors on Windows write
   it); gcc skips it, and so does upcgo. */
#include <stdio.h>

int main(void) {
	printf("a file with a byte-order mark\n");
	return 0;
}
