// gcc: yes
// threads: 1 2
/* Formatting into memory and parsing from it: sprintf's return value,
   snprintf truncation (returns the length it would have written, always
   terminates, size 0 writes nothing), building a string piece by piece
   with an offset, sscanf with %d %x %o %s %c %f %lf %[...] %n and %*d,
   its return value (items assigned, EOF on empty input), literal matching
   and stopping at the first mismatch. */
#include <stdio.h>
#include <string.h>

int main(void) {
	char buf[64];
	if (MYTHREAD != 0)
		return 0;
	int n = sprintf(buf, "%d-%s-%.2f", 7, "x", 1.5);
	printf("%s %d\n", buf, n);
	char small[8];
	n = snprintf(small, sizeof small, "%s", "0123456789");
	printf("%s %d %zu\n", small, n, strlen(small));
	n = snprintf(NULL, 0, "%d", 123456);
	printf("%d\n", n);
	int off = 0;
	for (int i = 0; i < 5; i++)
		off += sprintf(buf + off, "%d,", i * i);
	buf[off - 1] = '\0';
	printf("%s %d\n", buf, off);

	int a, b, c;
	char word[16], ch;
	float f;
	double d;
	n = sscanf("12 0x1f 017", "%d %x %o", &a, &b, &c);
	printf("%d: %d %d %d\n", n, a, b, c);
	n = sscanf("name=alice age=30", "name=%15s age=%d", word, &a);
	printf("%d: %s %d\n", n, word, a);
	n = sscanf("3.5 2.25e2 Z", "%f %lf %c", &f, &d, &ch);
	printf("%d: %.2f %.2f %c\n", n, f, d, ch);
	n = sscanf("abc123def", "%[a-z]%d", word, &a);
	printf("%d: %s %d\n", n, word, a);
	int consumed;
	n = sscanf("  42   rest", "%d%n", &a, &consumed);
	printf("%d: %d consumed=%d\n", n, a, consumed);
	n = sscanf("1 2 3", "%*d %d %d", &a, &b);
	printf("%d: %d %d\n", n, a, b);
	a = b = -1;
	n = sscanf("10,x", "%d,%d", &a, &b);
	printf("%d: %d %d\n", n, a, b);
	n = sscanf("", "%d", &a);
	printf("%d\n", n);
	n = sscanf("xyz", "%d", &a);
	printf("%d\n", n);
	n = sscanf("-0x10", "%i", &a);
	printf("%d: %d\n", n, a);
	return 0;
}
