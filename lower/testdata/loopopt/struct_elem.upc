/* Struct elements: ps[i].x and ps[i].y share the address of ps[i]. */
struct pt { int x, y; };
void fill(struct pt *ps, int n) {
	for (int i = 0; i < n; i++) {
		ps[i].x = i;
		ps[i].y = -i;
	}
}
