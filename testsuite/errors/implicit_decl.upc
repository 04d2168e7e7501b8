/* C99 removed implicit function declarations: calling a function with no
   declaration in scope is an error (as in gcc 14), also for a library
   function whose header was not included, and for a function defined
   only later in the file. */
int main(void) {
	printf("no stdio.h\n");      /* ERROR "implicit declaration of function 'printf'" */
	helper(2);                   /* ERROR "implicit declaration of function 'helper'" */
	return 0;
}

int helper(int x) { return x; }
