// gcc: yes
// threads: 1 2
/* stdlib.h: atoi/atol/atof, strtol and strtoul with bases 0, 2, 8, 16 and
   36 and the end pointer, strtod, abs/labs/llabs, div/ldiv (truncating),
   rand after srand (glibc's generator: the same sequence on every
   thread), qsort of structs with a two-key comparator, and getenv of an
   unset variable. */
#include <stdio.h>
#include <stdlib.h>

struct rec {
	const char *name;
	int age;
};

static int by_age_then_name(const void *a, const void *b) {
	const struct rec *x = a, *y = b;
	if (x->age != y->age)
		return x->age - y->age;
	const char *p = x->name, *q = y->name;
	while (*p && *p == *q)
		p++, q++;
	return *p - *q;
}

int main(void) {
	char *end;
	if (MYTHREAD != 0)
		return 0;
	printf("%d %d %d %ld\n", atoi("42"), atoi("  -17xyz"), atoi("abc"), atol("1234567890123"));
	printf("%.3f\n", atof("3.25e2"));
	printf("%ld %ld %ld %ld %ld\n", strtol("0x1F", NULL, 0), strtol("017", NULL, 0), strtol("101", NULL, 2),
	       strtol("zz", NULL, 36), strtol("-ff", NULL, 16));
	long v = strtol("123abc", &end, 10);
	printf("%ld rest=%s\n", v, end);
	v = strtol("   +99", &end, 10);
	printf("%ld rest=[%s]\n", v, end);
	v = strtol("nope", &end, 10);
	printf("%ld rest=%s\n", v, end);
	printf("%lu\n", strtoul("4294967296", NULL, 10));
	double d = strtod("2.5e-1xyz", &end);
	printf("%.4f rest=%s\n", d, end);
	printf("%d %ld %lld\n", abs(-5), labs(-70000000000L), llabs(-3LL));
	div_t q = div(-7, 2);
	ldiv_t lq = ldiv(7000000000L, -3);
	printf("%d %d %ld %ld\n", q.quot, q.rem, lq.quot, lq.rem);

	srand(1);
	for (int i = 0; i < 3; i++)
		printf("%d ", rand());
	printf("\n");
	srand(42);
	int a = rand();
	srand(42);
	printf("repeatable %d\n", a == rand());

	struct rec people[] = {{"dave", 30}, {"bob", 25}, {"carol", 30}, {"alice", 25}, {"eve", 20}};
	qsort(people, 5, sizeof people[0], by_age_then_name);
	for (int i = 0; i < 5; i++)
		printf("%s:%d ", people[i].name, people[i].age);
	printf("\n");
	printf("%d\n", getenv("UPCGO_SURELY_UNSET_VARIABLE") == NULL);
	return 0;
}
