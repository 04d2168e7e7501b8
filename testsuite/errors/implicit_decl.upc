/* C99 removed implicit function declarations. upcgo still accepts a call
   to a function declared nowhere, with a warning, as the C89 compilers
   behind Berkeley UPC and GNU UPC (and gcc before 14) do: another unit may
   define it (lib/implicit_libc.upc, c/no_prototype_calls.upc). A function
   that no unit of the program defines is then an undefined reference, at
   the call, as the linker reports it. */
int main(void) {
	nowhere(2);                  /* ERROR "undefined reference to 'nowhere'" */
	return 0;
}
