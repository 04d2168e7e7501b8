/* A goto may not jump into the scope of a variable-length array, past its
   declaration (C99 6.8.6.1p1): into a block, forward within one, or
   out of a block to a label in the scope (gcc reports the same three).
   A jump into a block past ordinary declarations compiles. */
int main(int argc, char **argv) {
	int n = argc;
	if (n > 5)
		goto inside;            /* ERROR "jump into scope of identifier with variably modified type [(]'a' at line 12[)]" */
	if (n > 6)
		goto after;             /* ERROR "jump into scope of identifier with variably modified type [(]'b' at line 18[)]" */
	{
		int a[n];
	inside:
		a[0] = 1;
		if (a[0])
			goto out;       /* ERROR "jump into scope of identifier with variably modified type [(]'b' at line 18[)]" */
	}
	int b[n];
after:
	b[0] = 2;
	goto plain;
	{
		int x = 3;
	plain:
		x = 4;
		n += x;
	}
out:
	return 0;
}
