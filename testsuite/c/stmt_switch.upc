// gcc: yes
// threads: 1 2
/* switch: fallthrough, default in the middle (reached only when no case
   matches, then falling into the cases after it), no default, nested
   switches where break leaves only the inner one, switch on char and on
   long, case labels from constant expressions and enums, and a loop with
   continue inside a switch. (Case labels inside a nested block:
   switch_case_in_block.upc.) */
#include <stdio.h>

enum color { RED, GREEN = 5, BLUE };

static int f(int x) {
	int r = 0;
	switch (x) {
	case 1:
		r += 1;
	case 2:
		r += 10;
		break;
	default:
		r += 100;
	case 3:
		r += 1000;
	case 4:
		r += 10000;
		break;
	case 2 * 3 + 1:
		r = -7;
	}
	return r;
}

int main(void) {
	int i, n;
	if (MYTHREAD != 0)
		return 0;
	for (i = 0; i <= 8; i++)
		printf("f(%d) = %d\n", i, f(i));

	n = 0;
	for (i = 0; i < 4; i++) {
		switch (i) {
		case 0:
			switch (i + 1) {
			case 1:
				n += 1;
				break;
			default:
				n += 1000;
			}
			n += 10;
			break;
		case 2:
			continue;
		}
		n += 100;
	}
	printf("nested: %d\n", n);

	{
		const char *s = "a1-Z?";
		for (i = 0; s[i]; i++) {
			switch (s[i]) {
			case 'a': case 'b':
				printf("lower ");
				break;
			case '0': case '1': case '2':
				printf("digit ");
				break;
			case 'Z':
				printf("upper ");
				break;
			case '-':
				printf("dash ");
			}
		}
		printf("\n");
	}

	{
		long big = 5000000000L;
		switch (big) {
		case 705032704L:
			printf("truncated!\n");
			break;
		case 5000000000L:
			printf("long case\n");
			break;
		}
	}

	{
		enum color c;
		for (c = RED; c <= BLUE; c++) {
			switch (c) {
			case RED: printf("red "); break;
			case GREEN: printf("green "); break;
			case BLUE: printf("blue "); break;
			default: break;
			}
		}
		printf("\n");
	}

	/* A switch with no matching case and no default does nothing. */
	switch (99) {
	case 1:
		printf("unreachable\n");
	}

	return 0;
}
