// gcc: yes
// threads: 1
/* Case labels may stand anywhere in a switch body (C99 6.8.4.2), also
   inside a nested block: jumping into the block starts there. (Labels
   inside a loop nested in the switch, Duff's device: duff.upc.) */
#include <stdio.h>

int main(void) {
	int n = 2;
	switch (n) {
	case 1: {
		printf("one\n");
	case 2:
		printf("two (jumped into the block)\n");
	}
	}
	return 0;
}
