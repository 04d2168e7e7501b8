/* C99 removed implicit function declarations. upcgo still accepts a call
   to a C library function whose header was not included, with a warning,
   as the C89 compilers behind Berkeley UPC and GNU UPC do
   (lib/implicit_libc.upc); any other undeclared function is an error
   (as in gcc 14), also one defined only later in the file. */
int main(void) {
	helper(2);                   /* ERROR "implicit declaration of function 'helper'" */
	return 0;
}

int helper(int x) { return x; }
