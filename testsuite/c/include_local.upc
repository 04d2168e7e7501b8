// gcc: yes
// threads: 1 2
/* #include "file" finds a header in the including file's folder; an
   include guard makes the second inclusion empty; __FILE__ names the
   source as given to the compiler (only its base name is printed here),
   and #line renumbers the lines that follow (and renames the file). */
#include <stdio.h>
#include <string.h>
#include "include_local.h"
#include "include_local.h"

int shared_counter_value(void) { return 3; }

static const char *base(const char *path) {
	const char *slash = strrchr(path, '/');
	return slash ? slash + 1 : path;
}

int main(void) {
	struct pair p = {4, 5};
	if (MYTHREAD != 0)
		return 0;
	printf("%s %d %d\n", GREETING, pair_sum(p), shared_counter_value());
	printf("%s %d\n", base(__FILE__), __LINE__);
#line 1000 "renamed.upc"
	printf("%s %d\n", __FILE__, __LINE__);
	return 0;
}
