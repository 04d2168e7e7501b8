// gcc: yes
// threads: 1
/* Duff's device: case labels inside a do-while in the switch body. The
   switch jumps into the loop, which Go cannot express directly; the
   switch and the loop are emitted as labels and gotos (lower/goto.go).
   Also a case label inside an if in the switch, and a break and a
   continue inside such a loop. */
#include <stdio.h>

static void copy(int *to, const int *from, int count) {
	int n = (count + 7) / 8;
	if (count == 0)
		return;
	switch (count % 8) {
	case 0:
		do {
			*to++ = *from++;
		case 7:
			*to++ = *from++;
		case 6:
			*to++ = *from++;
		case 5:
			*to++ = *from++;
		case 4:
			*to++ = *from++;
		case 3:
			*to++ = *from++;
		case 2:
			*to++ = *from++;
		case 1:
			*to++ = *from++;
		} while (--n > 0);
	}
}

static int classify(int x) {
	int r = 0;
	switch (x % 4) {
	case 0:
		if (x > 10) {
			r = 100;
		case 1:
			r += 1;
			break;
		}
		r += 10;
		break;
	default:
		while (x > 0) {
			x--;
			if (x == 5)
				continue;
			r++;
		case 2:
			if (r > 3)
				break;
		}
		r += 1000;
	}
	return r;
}

int main(void) {
	int src[20], dst[20];
	int i, sum;
	for (i = 0; i < 20; i++)
		src[i] = i * i;
	for (int count = 0; count <= 20; count += 3) {
		for (i = 0; i < 20; i++)
			dst[i] = -1;
		copy(dst, src, count);
		sum = 0;
		for (i = 0; i < 20; i++)
			sum += dst[i];
		printf("%d:%d ", count, sum);
	}
	printf("\n");
	for (i = 0; i < 16; i++)
		printf("%d ", classify(i));
	printf("\n");
	return 0;
}
