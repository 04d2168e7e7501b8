// gcc: yes
// threads: 1 2 4
// stdin: stdin_read.txt
/* Reading standard input: thread 0 reads (UPC threads share the process's
   stdin, so only one thread may read it), with fgets (keeps the newline),
   scanf of numbers, getchar, and reading to EOF; then it shares what it
   read through shared scalars, and the last thread prints. */
#include <stdio.h>
#include <string.h>
#include <upc.h>

/* Shared scalars live on thread 0. */
shared int total_sum, total_chars;

int main(void) {
	if (MYTHREAD == 0) {
		char line[64];
		int a = 0, b = 0, chars = 0, c;
		if (fgets(line, sizeof line, stdin) != NULL) {
			size_t with_newline = strlen(line);
			line[strcspn(line, "\n")] = '\0';
			printf("line: [%s] len=%zu\n", line, with_newline);
		}
		if (scanf("%d %d", &a, &b) == 2)
			printf("numbers: %d %d\n", a, b);
		c = getchar();
		printf("after numbers: %d\n", c);
		while ((c = getchar()) != EOF)
			chars++;
		printf("rest: %d chars, feof=%d\n", chars, feof(stdin) != 0);
		total_sum = a + b;
		total_chars = chars;
	}
	upc_barrier;
	if (MYTHREAD == THREADS - 1)
		printf("last of %d threads sees %d %d\n", THREADS, total_sum, total_chars);
	return 0;
}
