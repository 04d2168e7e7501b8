/* NOT transformed: off's address is taken (a store through po changes
   it), and a global pointer may change in any call. */
int *g;
void touch(void);
void f(int *b, int n) {
	int off = 0, *po = &off;
	for (int i = 0; i < n; i++) {
		b[i + off] = i;
		*po += 1;
	}
	for (int i = 0; i < n; i++) {
		g[i] = i;
		touch();
	}
}
