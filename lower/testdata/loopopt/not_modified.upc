/* NOT transformed: the offset, the base pointer or the loop variable
   changes in the body, or the condition changes the offset. */
void f(int *b, int *other, int n) {
	int k = 0;
	for (int i = 0; i < n; i++) {
		b[k + i] = i;
		if (i == 2)
			k += 5;
	}
	for (int i = 0; i < n; i++) {
		b[i] = i;
		if (i == 3)
			b = other;
	}
	for (int i = 0; i < n; i++) {
		b[i] = i;
		if (i == 4)
			i++;
	}
	for (int i = 0; i < n && k++ < 9; i++)
		b[i + k] = i;
}
