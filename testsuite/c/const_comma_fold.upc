// gcc: yes
// threads: 1 2
/* A comma expression whose last operand is a constant, (p, 1), has a
   constant value but is no integer constant expression. Unary -, ~ and +
   of it were emitted as Go constant expressions (^1), which then did not
   compile once converted to an unsigned type: uint64(^1) is "constant -2
   overflows uint64" (Csmith seeds 54 and 69 of the base feature set:
   ~((x, 0x294D24ADL) <= 4294967295UL) passed to a uint64_t parameter). */
#include <stdio.h>
#include <stdint.h>

static uint64_t u64(uint64_t a) { return a; }
static uint8_t u8(uint8_t a) { return a; }

int main(void) {
	int p = 3;
	uint64_t a = u64(~(p, 1));
	uint64_t b = u64(~((p, 5L) <= 4294967295UL));
	uint8_t c = u8(~((p, 5L) <= 7));
	uint64_t d = u64(-(p, 1));
	uint64_t e = u64(+(p, -7));
	uint64_t f = u64((p, 1) ? -1 : 2);
	uint8_t g = u8((p, 1) - 300);
	uint64_t h = u64(((p, 2), -3) * 2);
	uint64_t i = u64((p, 1) && (p, 2) ? (p, -5) : 0);
	if (MYTHREAD == 0) {
		printf("%llu %llu %u\n", (unsigned long long)a, (unsigned long long)b, c);
		printf("%llu %llu\n", (unsigned long long)d, (unsigned long long)e);
		printf("%llu %u %llu %llu\n", (unsigned long long)f, g, (unsigned long long)h, (unsigned long long)i);
	}
	return 0;
}
