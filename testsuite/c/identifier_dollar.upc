// gcc: yes
// threads: 1
/* Identifiers with characters a Go identifier may not hold: '$', which
   gcc accepts in identifiers by default, and letters outside Go's ('€',
   allowed in C11 identifiers by Annex D), in every kind of name: globals,
   statics, functions, parameters, static locals, labels, typedefs, tags,
   members, enumerators, macros. Two names that differ only in such a
   character, or that spell what the translation makes of one (or the
   letter it marks a file's private names with), stay apart. */
#include <stdio.h>

#define CAT$(a, b) a##b
int g$x = 5;
int gǂx = 6;
int gǁ000024x = 7;
int a€ = 8, café = 9, $ = 10, $$ = 11;
static int s$ = 2;
static int tagᵁ = 1;
int tag = 2;
struct $t {
	int $f;
	double d$;
};
typedef int $int;
enum { E$A = 3, E$B };

int f$(int a$)
{
	static int c$ = 0;
	c$ += a$;
	return c$;
}

int main(void)
{
	$int $l = 3;
	struct $t v = {7, 1.5};
	int i$ = 0;
loop$:
	if (++i$ < 3)
		goto loop$;
	f$(1);
	printf("%d %d %d %d %d\n", g$x, gǂx, gǁ000024x, s$ + $l, f$(v.$f));
	printf("%d %d %d %d %d %d %d %d\n", a€, café, $, $$, CAT$(g, $x), E$B, i$, (int)sizeof(struct $t));
	printf("%g %d\n", v.d$, tagᵁ * 10 + tag);
	return 0;
}
