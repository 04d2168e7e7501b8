// gcc: yes
// threads: 1 2
/* Unions: all members start at offset 0, the size is the largest member
   rounded up to the strictest alignment, writing one member and reading
   another reinterprets the bytes (gcc allows it; x86-64 is little-endian
   and IEEE 754), a tagged union inside a struct, union assignment, and an
   initialiser for the first member. */
#include <stdio.h>

union bits {
	float f;
	unsigned int u;
	unsigned char b[4];
};

union wide {
	char c;
	double d;
	int arr[3];
};

enum kind { K_INT, K_DBL, K_STR };

struct value {
	enum kind kind;
	union {
		int i;
		double d;
		const char *s;
	} as;
};

static void print_value(struct value v) {
	switch (v.kind) {
	case K_INT: printf("int %d\n", v.as.i); break;
	case K_DBL: printf("double %.3f\n", v.as.d); break;
	case K_STR: printf("string %s\n", v.as.s); break;
	}
}

int main(void) {
	if (MYTHREAD != 0)
		return 0;
	union bits x;
	x.f = 1.0f;
	printf("1.0f = %08x\n", x.u);
	x.f = -2.5f;
	printf("-2.5f = %08x bytes %02x %02x %02x %02x\n", x.u, x.b[0], x.b[1], x.b[2], x.b[3]);
	x.u = 0x40490fdb;
	printf("pi ~ %.5f\n", x.f);
	x.b[3] = 0;
	printf("low 3 bytes: %x\n", x.u);

	printf("sizeof bits=%zu wide=%zu value=%zu\n", sizeof(union bits), sizeof(union wide), sizeof(struct value));

	union wide w;
	w.arr[0] = 0x41424344;
	printf("c=%c\n", w.c);
	printf("same address: %d\n", (void *)&w.c == (void *)&w.d && (void *)&w.arr == (void *)&w);

	union bits init = {2.0f};
	printf("init: %08x\n", init.u);
	union bits copy = init;
	copy.b[0] = 1;
	printf("copy: %08x init: %08x\n", copy.u, init.u);

	struct value vals[3];
	vals[0].kind = K_INT;
	vals[0].as.i = 42;
	vals[1].kind = K_DBL;
	vals[1].as.d = 2.71828;
	vals[2].kind = K_STR;
	vals[2].as.s = "hello";
	for (int i = 0; i < 3; i++)
		print_value(vals[i]);
	return 0;
}
