// gcc: yes
// threads: 1 2
/* Enumerations: implicit values count up from the previous one, explicit
   and negative values, constants usable in constant expressions (array
   sizes, case labels, initialisers), enum variables holding values outside
   the list, sizeof an enum (4 with gcc), and an enum constant shadowing
   nothing across scopes. */
#include <stdio.h>

enum weekday { MON, TUE, WED, THU = 10, FRI, SAT = -3, SUN };
enum flags { F_A = 1 << 0, F_B = 1 << 1, F_C = 1 << 2, F_ALL = F_A | F_B | F_C };
enum { ANON_SIZE = 5 };
typedef enum { NORTH, EAST, SOUTH, WEST, NDIRS } dir_t;

static const char *dirname[NDIRS] = {"N", "E", "S", "W"};

static dir_t turn_right(dir_t d) {
	return (dir_t)((d + 1) % NDIRS);
}

int main(void) {
	int arr[ANON_SIZE] = {0};
	if (MYTHREAD != 0)
		return 0;
	printf("%d %d %d %d %d %d %d\n", MON, TUE, WED, THU, FRI, SAT, SUN);
	printf("%d %d\n", F_ALL, F_ALL & ~F_B);
	arr[ANON_SIZE - 1] = FRI;
	printf("%zu %zu %d\n", sizeof arr / sizeof arr[0], sizeof(enum weekday), arr[4]);
	dir_t d = WEST;
	for (int i = 0; i < 5; i++) {
		printf("%s", dirname[d]);
		d = turn_right(d);
	}
	printf("\n");
	enum weekday day = FRI;
	day = day + 1;
	printf("day=%d\n", day);
	enum flags f = F_A | F_C;
	printf("has B=%d has C=%d\n", (f & F_B) != 0, (f & F_C) != 0);
	printf("%d\n", SUN < MON);
	{
		enum weekday { MON = 100 };
		printf("inner MON=%d\n", MON);
	}
	printf("outer MON=%d\n", MON);
	return 0;
}
