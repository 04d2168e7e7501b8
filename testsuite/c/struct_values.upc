// gcc: yes
// threads: 1 2
/* Structs as values in expressions: a member of a function's return
   value (f().x, f().arr[i]), a struct returned through several calls,
   a struct argument built by a call, a conditional between struct
   values, struct assignment (chains a = b = c: struct_assign_chain.upc),
   a struct in an array element
   updated through a returned pointer, and a struct with a nested array
   copied by return (the copy is independent). */
#include <stdio.h>

struct v3 {
	double x, y, z;
};
struct box {
	int id;
	int items[4];
	struct v3 corner;
};

static struct v3 v3(double x, double y, double z) {
	struct v3 r = {x, y, z};
	return r;
}
static struct v3 add(struct v3 a, struct v3 b) { return v3(a.x + b.x, a.y + b.y, a.z + b.z); }
static double dot(struct v3 a, struct v3 b) { return a.x * b.x + a.y * b.y + a.z * b.z; }

static struct box boxes[3];
static struct box make_box(int id) {
	struct box b = {id, {id, id * 2, id * 3, id * 4}, {id, 0, -id}};
	return b;
}
static struct box *find(int id) {
	for (int i = 0; i < 3; i++)
		if (boxes[i].id == id)
			return &boxes[i];
	return 0;
}

int main(void) {
	if (MYTHREAD != 0)
		return 0;
	printf("%.1f\n", v3(1, 2, 3).y);
	printf("%.1f\n", add(v3(1, 1, 1), add(v3(1, 2, 3), v3(0, 0, 1))).z);
	printf("%.1f\n", dot(add(v3(1, 0, 0), v3(0, 1, 0)), v3(2, 3, 4)));
	printf("%d %.1f\n", make_box(3).items[2], make_box(2).corner.z);
	for (int i = 0; i < 3; i++)
		boxes[i] = make_box(i + 1);
	find(2)->items[0] = 99;
	find(3)->corner = v3(7, 8, 9);
	printf("%d %d %.1f\n", boxes[1].items[0], boxes[1].items[1], boxes[2].corner.y);
	struct box a, b, c = make_box(5);
	b = c;
	a = b;
	c.items[0] = -1;
	printf("%d %d %d\n", a.items[0], b.items[3], c.items[0]);
	struct v3 p = v3(1, 1, 1), q = v3(2, 2, 2);
	struct v3 r = dot(p, q) > 5 ? p : q;
	printf("%.1f\n", r.x);
	return 0;
}
