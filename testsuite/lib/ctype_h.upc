// gcc: yes
// threads: 1 2
/* ctype.h in the C locale: each classification function over a set of
   characters (printed as a bit string), toupper/tolower (non-letters
   unchanged), and EOF accepted. */
#include <stdio.h>
#include <ctype.h>

/* Calls each function directly (through pointers: libc_funcptr.upc). */
static int classify(int f, int c) {
	switch (f) {
	case 0: return isalnum(c);
	case 1: return isalpha(c);
	case 2: return isdigit(c);
	case 3: return isspace(c);
	case 4: return isupper(c);
	case 5: return islower(c);
	case 6: return ispunct(c);
	case 7: return isprint(c);
	case 8: return isgraph(c);
	case 9: return iscntrl(c);
	case 10: return isxdigit(c);
	default: return isblank(c);
	}
}

int main(void) {
	const char *probe = "aZ5 _\t\n!~\x7f";
	const char *names[] = {"alnum", "alpha", "digit", "space", "upper", "lower",
	                       "punct", "print", "graph", "cntrl", "xdigit", "blank"};
	if (MYTHREAD != 0)
		return 0;
	for (int f = 0; f < 12; f++) {
		printf("%-6s ", names[f]);
		for (const char *p = probe; *p; p++)
			putchar(classify(f, (unsigned char)*p) ? '1' : '0');
		putchar('\n');
	}
	char word[] = "Hello, World 42!";
	for (char *p = word; *p; p++)
		*p = toupper((unsigned char)*p);
	printf("%s\n", word);
	for (char *p = word; *p; p++)
		*p = tolower((unsigned char)*p);
	printf("%s\n", word);
	printf("%d %d %d\n", isalpha(EOF) != 0, toupper(EOF), tolower('@'));
	printf("%d %d\n", isxdigit('f') != 0, isxdigit('g') != 0);
	return 0;
}
