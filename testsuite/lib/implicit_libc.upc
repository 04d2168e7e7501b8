// gcc: yes
/* Old UPC programs call library functions without including their
   headers; Berkeley UPC and GNU UPC accept that (C89 implicit
   declarations) with a warning. upcgo warns and uses the real prototype,
   so results wider than int (fabs, labs, random) keep their type. No
   header is included here on purpose (gcc's builtins, and its shim's
   stdlib.h and string.h, do the same for the gcc cross-check). */
int main(void) {
	unsigned int seed = 1;
	if (MYTHREAD == 0) {
		printf("%d %g %ld %lu\n", atoi("42"), fabs(-2.5), labs(-3000000000L), strlen("hello"));
		printf("%d\n", rand_r(&seed));
		printf("%u\n", seed);
		srandom(1);
		printf("%ld\n", random());
	}
	return 0;
}
