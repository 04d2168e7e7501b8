// gcc: yes
// threads: 1 2
// stderr: "^to stderr 1\nfputs to stderr\n$"
/* Standard streams: puts (adds a newline), putchar, fputs and fprintf to
   stdout and to stderr (which the suite checks separately), fflush, and
   printf's return values going into later output. Only thread 0 writes,
   so both streams are deterministic. */
#include <stdio.h>

int main(void) {
	if (MYTHREAD != 0)
		return 0;
	puts("puts line");
	putchar('c');
	putchar('\n');
	fputs("fputs no newline", stdout);
	fputs(" - continued\n", stdout);
	fprintf(stdout, "fprintf %d\n", 42);
	fprintf(stderr, "to stderr %d\n", 1);
	fputs("fputs to stderr\n", stderr);
	fflush(stdout);
	int n = puts("");
	printf("puts returned non-negative: %d\n", n >= 0);
	return 0;
}
