/* NOT transformed: a label in the body (a goto may enter it), an index
   with a division, and a shared array (not private). */
shared int s[10 * THREADS];
void f(int *b, int n) {
	int i = 5;
	goto inside;
	for (i = 0; i < n; i++) {
	inside:
		b[i + 1] += i;
	}
	for (i = 0; i < n; i++)
		b[i / 2] = i;
	for (i = 0; i < 10; i++)
		s[i] = i;
}
