// gcc: yes
// threads: 1 2
/* The preprocessor as C99 defines it: object-like and function-like
   macros, arguments fully parenthesised or not (precedence pitfalls),
   # stringification and ## pasting, variadic macros with __VA_ARGS__,
   #if arithmetic with defined(), #ifdef/#ifndef/#elif/#else, #undef and
   redefinition, a macro not expanded inside its own expansion, __LINE__,
   and the UPC predefined macros __UPC__ and __UPC_VERSION__ (guarded so
   that gcc, without them, takes the other branch). */
#include <stdio.h>

#define SQUARE_BAD(x) x * x
#define SQUARE(x) ((x) * (x))
#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define STR(x) #x
#define XSTR(x) STR(x)
#define CAT(a, b) a##b
#define VERSION 3
#define SHOW(fmt, ...) printf("[" fmt "]\n", __VA_ARGS__)
#define COUNT_ARGS(...) COUNT_IMPL(__VA_ARGS__, 5, 4, 3, 2, 1)
#define COUNT_IMPL(a, b, c, d, e, n, ...) n
#define EMPTY

int foo = 10;
#define foo foo + 1
#define CALL(f, x) f(x)

#if VERSION >= 3 && defined(SQUARE)
#define LEVEL "high"
#elif VERSION == 2
#define LEVEL "mid"
#else
#define LEVEL "low"
#endif

#ifdef NOT_DEFINED
#error "must not be reached"
#endif

#ifndef GUARD
#define GUARD 1
#endif

#if (1 << 4) != 16 || -1 > 0 || 0x10 != 16
#error "preprocessor arithmetic is wrong"
#endif

#if defined(__UPC__) && defined(__UPC_VERSION__)
#define UPC_INFO (__UPC__ == 1 && __UPC_VERSION__ >= 201311L)
#else
#define UPC_INFO 1
#endif

int main(void) {
	int xy = 7;
	if (MYTHREAD != 0)
		return 0;
	printf("%d %d\n", SQUARE_BAD(1 + 2), SQUARE(1 + 2));
	printf("%d %d\n", MAX(3, 8), MAX(-1, -5));
	printf("%s %s %s\n", STR(hello world), STR(VERSION), XSTR(VERSION));
	printf("%d\n", CAT(x, y));
	printf("%d\n", CAT(12, 34) + 1);
	SHOW("%d-%s", 5, "five");
	printf("%d %d\n", COUNT_ARGS(a), COUNT_ARGS(a, b, c));
	printf("%d\n", foo);
	printf("%s %d\n", LEVEL, GUARD);
	printf("%d\n", SQUARE(EMPTY 4));
	printf("%d\n", CALL(SQUARE, 5));
	printf("line %d\n", __LINE__);
#undef VERSION
#define VERSION 4
	printf("%s\n", XSTR(VERSION));
	printf("upc %d\n", UPC_INFO);
	printf("%s\n", STR("quoted" and 'c' "a\\b"));
	return 0;
}
