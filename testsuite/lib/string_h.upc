// gcc: yes
// threads: 1 2
/* string.h: strlen, strcpy/strncpy (padding with NULs, no terminator when
   the source is too long), strcat/strncat, strcmp/strncmp (sign only),
   strchr/strrchr (also finding the NUL), strstr, strspn/strcspn, strpbrk,
   strtok, memcpy, memmove with overlap both ways, memset, memcmp, memchr,
   strdup, and strerror of 0 — the parts whose results C fixes. */
#include <stdio.h>
#include <string.h>
#include <stdlib.h>

static int sign(int v) { return (v > 0) - (v < 0); }

int main(void) {
	char buf[64];
	if (MYTHREAD != 0)
		return 0;
	printf("%zu %zu\n", strlen("hello"), strlen(""));
	strcpy(buf, "abc");
	strcat(buf, "def");
	strncat(buf, "ghijkl", 3);
	printf("%s %zu\n", buf, strlen(buf));

	char pad[8];
	memset(pad, 'x', sizeof pad);
	strncpy(pad, "hi", 5);
	printf("%d %d %d %d %c\n", pad[1], pad[2], pad[3], pad[4], pad[5]);
	strncpy(pad, "toolongstring", 4);
	printf("%c%c%c%c %d\n", pad[0], pad[1], pad[2], pad[3], pad[4]);

	printf("%d %d %d %d\n", sign(strcmp("abc", "abd")), sign(strcmp("b", "abc")), strcmp("x", "x"), sign(strcmp("ab", "abc")));
	printf("%d %d\n", strncmp("abcdef", "abcxyz", 3), sign(strncmp("abcdef", "abcxyz", 4)));
	printf("%d\n", sign(strcmp("\xff", "a")));

	const char *s = "hello world";
	printf("%s|%s|%s\n", strchr(s, 'o'), strrchr(s, 'o'), strchr(s, 'z') ? "found" : "null");
	printf("%td %td\n", strchr(s, '\0') - s, strstr(s, "wor") - s);
	printf("%s %d\n", strstr(s, ""), strstr(s, "worlds") == NULL);
	printf("%zu %zu %zu\n", strspn("aabbcd", "ab"), strcspn("hello", "lo"), strcspn("abc", "xyz"));
	printf("%s\n", strpbrk("key=value;x", "=;"));

	char line[] = "  alpha, beta,,gamma  ";
	int count = 0;
	for (char *tok = strtok(line, " ,"); tok; tok = strtok(NULL, " ,"))
		printf("%d:%s ", count++, tok);
	printf("\n");

	char mem[16] = "0123456789";
	memmove(mem + 2, mem, 5);
	printf("%s\n", mem);
	strcpy(mem, "0123456789");
	memmove(mem, mem + 3, 5);
	printf("%s\n", mem);
	int src[4] = {1, 2, 3, 4}, dst[4];
	memcpy(dst, src, sizeof src);
	printf("%d %d\n", dst[0], dst[3]);
	memset(dst, 0, 2 * sizeof(int));
	printf("%d %d %d\n", dst[0], dst[1], dst[2]);
	memset(buf, 0xff, 4);
	printf("%d %d\n", buf[0], (unsigned char)buf[3]);
	printf("%d %d %d\n", memcmp("abc", "abd", 2), sign(memcmp("abc", "abd", 3)), sign(memcmp("\x80", "\x01", 1)));
	const char *hay = "find the x here";
	printf("%s\n", (const char *)memchr(hay, 'x', strlen(hay)));
	printf("%d\n", memchr(hay, 'q', strlen(hay)) == NULL);

	char *dup = strdup("copy me");
	dup[0] = 'C';
	printf("%s\n", dup);
	free(dup);
	return 0;
}
