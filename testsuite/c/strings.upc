// gcc: yes
// threads: 1 2
/* String handling without the library: char arrays vs pointers to
   literals, the terminating NUL, adjacent literal concatenation, escape
   sequences (\n \t \\ \" \' \0 \x41 \101), hand-written strlen, reverse,
   copy and compare, walking with pointers, modifying a char array,
   strings in structs and arrays of strings, and characters as small
   integers. */
#include <stdio.h>

static int my_strlen(const char *s) {
	const char *p = s;
	while (*p)
		p++;
	return (int)(p - s);
}

static void reverse(char *s) {
	char *e = s + my_strlen(s) - 1;
	while (s < e) {
		char t = *s;
		*s++ = *e;
		*e-- = t;
	}
}

static int my_strcmp(const char *a, const char *b) {
	while (*a && *a == *b)
		a++, b++;
	return (unsigned char)*a - (unsigned char)*b;
}

static char *my_strcpy(char *dst, const char *src) {
	char *d = dst;
	while ((*d++ = *src++))
		;
	return dst;
}

static int count_words(const char *s) {
	int n = 0, in = 0;
	for (; *s; s++) {
		if (*s == ' ' || *s == '\t' || *s == '\n')
			in = 0;
		else if (!in) {
			in = 1;
			n++;
		}
	}
	return n;
}

int main(void) {
	if (MYTHREAD != 0)
		return 0;
	char buf[32] = "hello";
	const char *lit = "con" "cat" "enated";
	printf("%s %d %zu\n", buf, my_strlen(buf), sizeof buf);
	printf("%s %d %zu\n", lit, my_strlen(lit), sizeof("con" "cat"));
	reverse(buf);
	printf("%s\n", buf);
	my_strcpy(buf, "world");
	buf[0] = 'W';
	printf("%s %c %d\n", buf, buf[4], buf[5]);
	printf("cmp %d %d %d\n", my_strcmp("abc", "abd") < 0, my_strcmp("b", "a") > 0, my_strcmp("same", "same"));
	printf("[tab\there] [quote\"] [apos\'] [back\\slash]\n");
	printf("%c%c%c %d %d\n", '\x41', '\101', 'C' + 1, '\0', "a\0b"[2]);
	printf("%zu %d\n", sizeof "a\0b", my_strlen("a\0b"));
	printf("words=%d\n", count_words("  the quick\tbrown\nfox  "));
	{
		char word[] = {'h', 'i', '\0', 'x'};
		printf("%s %zu\n", word, sizeof word);
		char upper[16];
		int i;
		for (i = 0; "shout"[i]; i++)
			upper[i] = "shout"[i] - 'a' + 'A';
		upper[i] = '\0';
		printf("%s\n", upper);
	}
	{
		const char *days[] = {"mon", "tue", "wed"};
		struct {
			char code[4];
			const char *desc;
		} items[2] = {{"A1", "first"}, {"B22", "second"}};
		printf("%s %c %s %s %c\n", days[1], days[2][1], items[1].code, items[0].desc, *items[1].desc);
	}
	{
		/* Digits to int, by hand. */
		const char *num = "12345";
		int v = 0;
		while (*num >= '0' && *num <= '9')
			v = v * 10 + (*num++ - '0');
		printf("%d\n", v + 1);
	}
	return 0;
}
