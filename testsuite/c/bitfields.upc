// gcc: yes
// threads: 1 2
/* Bit-fields: unsigned fields wrap modulo 2^width, signed fields hold
   -2^(w-1)..2^(w-1)-1 (gcc treats plain int fields as signed), fields pack
   into one allocation unit as gcc lays them out (x86-64 SysV ABI),
   a zero-width field starts a new unit, compound assignment and ++ on
   fields, and fields next to ordinary members. */
#include <stdio.h>
#include <string.h>

struct flags {
	unsigned a : 1;
	unsigned b : 3;
	unsigned c : 4;
	signed d : 4;
	int e : 8;
};

struct packed {
	unsigned char lo : 4;
	unsigned char hi : 4;
};

struct split {
	unsigned x : 5;
	unsigned : 0;
	unsigned y : 5;
};

struct mixed {
	char tag;
	unsigned v : 12;
	unsigned w : 20;
	int after;
};

int main(void) {
	if (MYTHREAD != 0)
		return 0;
	struct flags f;
	memset(&f, 0, sizeof f);
	f.a = 1;
	f.b = 5;
	f.c = 15;
	f.d = -8;
	f.e = 127;
	printf("%u %u %u %d %d\n", f.a, f.b, f.c, f.d, f.e);
	f.a++;
	f.b += 4;
	f.c = 16;
	f.d = 7;
	f.d++;
	f.e = 200;
	printf("%u %u %u %d %d\n", f.a, f.b, f.c, f.d, f.e);
	f.b = 7;
	f.b *= 3;
	printf("b=%u\n", f.b);
	printf("sizeof flags=%zu packed=%zu split=%zu mixed=%zu\n",
	       sizeof(struct flags), sizeof(struct packed), sizeof(struct split), sizeof(struct mixed));

	struct packed p = {0x3, 0xA};
	unsigned char raw;
	memcpy(&raw, &p, 1);
	printf("raw=%02x\n", raw);

	struct flags g;
	memset(&g, 0, sizeof g);
	g.a = 1;
	g.b = 2;
	g.c = 3;
	unsigned int word;
	memcpy(&word, &g, sizeof word);
	printf("word=%x\n", word);

	struct mixed m = {'m', 4095, 1048575, -1};
	m.v += 1;
	printf("%c %u %u %d\n", m.tag, m.v, m.w, m.after);

	/* A field's value in an expression is promoted to int. */
	struct flags h = {1, 7, 15, -1, -100};
	int sum = h.a + h.b + h.c + h.d + h.e;
	printf("sum=%d\n", sum);
	printf("neg=%d\n", -h.b);
	return 0;
}
