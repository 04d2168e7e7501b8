/* stdlib.h: general utilities (C99 7.20). rand() keeps its state per UPC
   thread and produces glibc's sequence. */
#ifndef _STDLIB_H
#define _STDLIB_H

#ifndef NULL
#define NULL ((void *)0)
#endif

#ifndef __upcgo_size_t
#define __upcgo_size_t
typedef unsigned long size_t;
#endif

#ifndef __upcgo_wchar_t
#define __upcgo_wchar_t
typedef int wchar_t;
#endif

typedef struct {
	int quot;
	int rem;
} div_t;
typedef struct {
	long quot;
	long rem;
} ldiv_t;
typedef struct {
	long long quot;
	long long rem;
} lldiv_t;

#define EXIT_SUCCESS 0
#define EXIT_FAILURE 1
#define RAND_MAX 2147483647

double atof(const char *s);
int atoi(const char *s);
long atol(const char *s);
long long atoll(const char *s);
double strtod(const char *restrict s, char **restrict endptr);
float strtof(const char *restrict s, char **restrict endptr);
long double strtold(const char *restrict s, char **restrict endptr);
long strtol(const char *restrict s, char **restrict endptr, int base);
long long strtoll(const char *restrict s, char **restrict endptr, int base);
unsigned long strtoul(const char *restrict s, char **restrict endptr, int base);
unsigned long long strtoull(const char *restrict s, char **restrict endptr, int base);

int rand(void);
void srand(unsigned int seed);
/* POSIX: random() is rand()'s generator (glibc shares one state), and
   rand_r() keeps its whole state in *seed. */
long random(void);
void srandom(unsigned int seed);
int rand_r(unsigned int *seed);

void *malloc(size_t size);
void *calloc(size_t nmemb, size_t size);
void *realloc(void *ptr, size_t size);
void free(void *ptr);
/* size bytes at a multiple of alignment (a power of two, and for
   posix_memalign a multiple of sizeof(void *)); free releases them.
   posix_memalign returns 0, EINVAL or ENOMEM and stores the address. */
int posix_memalign(void **memptr, size_t alignment, size_t size);
void *aligned_alloc(size_t alignment, size_t size);

void abort(void);
int atexit(void (*func)(void));
void exit(int status);
void _Exit(int status);
char *getenv(const char *name);

void *bsearch(const void *key, const void *base, size_t nmemb, size_t size,
	int (*compar)(const void *, const void *));
void qsort(void *base, size_t nmemb, size_t size, int (*compar)(const void *, const void *));

int abs(int j);
long labs(long j);
long long llabs(long long j);
div_t div(int numer, int denom);
ldiv_t ldiv(long numer, long denom);
lldiv_t lldiv(long long numer, long long denom);

#endif /* _STDLIB_H */
