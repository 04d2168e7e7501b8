// threads: 1
/* Identifiers holding a byte that is not UTF-8 (0xE9, a Latin-1 e-acute)
   or the byte-order mark (U+FEFF): upcgo's scanner takes any byte from 0x80
   up in an identifier, where gcc rejects both ("stray '\351' in program"),
   so there is no gcc oracle. The translation writes C names into comments
   of the Go (a private global's field, a shared array's offset, a function
   taken as a value), and Go takes neither in a comment: they are spelled
   as escapes there. Found by FuzzTranslate
   (internal/driver/testdata/fuzz/FuzzTranslate/identifier_bytes). */
#include <upc.h>
#include <stdio.h>

int café = 3;
shared int sé[THREADS];
int aï»¿b = 4;

int twé(int x)
{
	return 2 * x;
}

int main(void)
{
	int (*f)(int) = twé;
	sé[MYTHREAD] = café + aï»¿b;
	upc_barrier;
	if (MYTHREAD == 0)
		printf("%d %d\n", sé[0], f(5));
	return 0;
}
