/* NOT transformed: unsigned arithmetic wraps (u + big, j + off), and an
   unsigned or short loop variable wraps too. */
void f(int *b, unsigned big, unsigned off) {
	for (unsigned u = 4; u < 10; u++)
		b[u + big] = 1;
	for (int j = 0; j < 4; j++)
		b[j + off] = 2;
	for (short s = 0; s < 10; s++)
		b[s] = 3;
}
