/* C99 removed implicit function declarations. upcgo still accepts a call
   to a C library function whose header was not included (lib/implicit_libc.upc)
   or to a function defined later in the file (c/no_prototype_calls.upc),
   with a warning, as the C89 compilers behind Berkeley UPC and GNU UPC do;
   a function declared and defined nowhere is an error (as in gcc 14). */
int main(void) {
	nowhere(2);                  /* ERROR "implicit declaration of function 'nowhere'" */
	return 0;
}
