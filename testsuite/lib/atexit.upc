// gcc: yes
// threads: 1
/* atexit handlers run after main returns, in the reverse order of their
   registration, and can still print; a handler registered twice runs
   twice. (One thread: with several, each thread's exit would run the
   process-wide handlers at a time the suite cannot order.) */
#include <stdio.h>
#include <stdlib.h>

static void first(void) { printf("first registered, runs last\n"); }
static void second(void) { printf("second\n"); }

int main(void) {
	atexit(first);
	atexit(second);
	atexit(second);
	printf("main returns\n");
	return 0;
}
