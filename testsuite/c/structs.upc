// gcc: yes
// threads: 1 2
/* Structs: nested structs, arrays of structs, arrays inside structs,
   struct assignment (a copy: later changes to the copy do not show in the
   original), passing by value (the callee changes its copy only) and by
   pointer, returning a struct by value, ->, a self-referential struct,
   equality done member by member, and gcc's layout (offsets, padding). */
#include <stdio.h>
#include <stddef.h>

struct point {
	int x, y;
};

struct rect {
	struct point lo, hi;
	char name[8];
};

struct node {
	int value;
	struct node *next;
};

static struct point add(struct point a, struct point b) {
	struct point r;
	r.x = a.x + b.x;
	r.y = a.y + b.y;
	return r;
}

static void clobber(struct rect r) {
	r.lo.x = -1;
	r.name[0] = '!';
}

static void grow(struct rect *r, int d) {
	r->lo.x -= d;
	r->lo.y -= d;
	r->hi.x += d;
	(*r).hi.y += d;
}

static int area(const struct rect *r) {
	return (r->hi.x - r->lo.x) * (r->hi.y - r->lo.y);
}

static struct rect make(int w, int h) {
	struct rect r = {{0, 0}, {w, h}, "made"};
	return r;
}

struct mixed {
	char c;
	double d;
	short s;
	int i;
	char tail;
};

int main(void) {
	if (MYTHREAD != 0)
		return 0;
	struct point p = {1, 2}, q = {10, 20};
	struct point s = add(p, q);
	printf("add: %d %d\n", s.x, s.y);
	printf("add(add): %d\n", add(add(p, p), q).y);

	struct rect r = {{1, 1}, {4, 5}, "box"};
	struct rect copy = r;
	copy.hi.x = 100;
	copy.name[0] = 'B';
	printf("r: %d %s / copy: %d %s\n", r.hi.x, r.name, copy.hi.x, copy.name);
	clobber(r);
	printf("after clobber: %d %s\n", r.lo.x, r.name);
	printf("area=%d\n", area(&r));
	grow(&r, 1);
	printf("grown area=%d lo=(%d,%d)\n", area(&r), r.lo.x, r.lo.y);
	r = make(3, 7);
	printf("made: %s %d\n", r.name, area(&r));

	struct rect many[3];
	int i;
	for (i = 0; i < 3; i++) {
		many[i] = make(i + 1, i + 2);
		many[i].name[4] = '0' + i;
		many[i].name[5] = 0;
	}
	for (i = 0; i < 3; i++)
		printf("%s:%d ", many[i].name, area(&many[i]));
	printf("\n");
	many[0] = many[2];
	printf("%s %d\n", many[0].name, many[0].hi.y);

	struct node n3 = {3, NULL}, n2 = {2, &n3}, n1 = {1, &n2};
	int total = 0;
	for (struct node *it = &n1; it; it = it->next)
		total = total * 10 + it->value;
	printf("list=%d second->next->value=%d\n", total, n1.next->next->value);

	printf("sizeof point=%zu rect=%zu node=%zu mixed=%zu\n",
	       sizeof(struct point), sizeof(struct rect), sizeof(struct node), sizeof(struct mixed));
	printf("offsets: %zu %zu %zu %zu\n", offsetof(struct mixed, d), offsetof(struct mixed, s),
	       offsetof(struct mixed, i), offsetof(struct mixed, tail));
	printf("offset hi.y=%zu name=%zu\n", offsetof(struct rect, hi.y), offsetof(struct rect, name));

	/* A struct member of array type is copied by assignment. */
	struct wrap {
		int arr[4];
	};
	struct wrap w1 = {{1, 2, 3, 4}};
	struct wrap w2;
	w2 = w1;
	w1.arr[0] = 9;
	printf("w2: %d %d\n", w2.arr[0], w2.arr[3]);
	return 0;
}
