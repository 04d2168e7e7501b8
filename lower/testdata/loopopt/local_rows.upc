/* Rows for local pointers (loopopt_rows.go): NAS IS's key count through
   a local pointer, kbp[key_buff2[i]]++, and a parameter read at a
   negative index; one row for nested loops, made by the outer one; a
   pointer the init clause sets; a pointer subscripted in the condition.
   NOT when the body steps or assigns the pointer, the condition assigns
   it, an inner loop assigns it (the inner loops that do not then make
   their own), its address is taken (a variable in C memory, read once by
   loopopt_vars.go), it points to structs or volatile ints or is volatile
   itself, or the index is a constant (its C address is one operand
   already); the subscript of a call's value still gets one. */
struct pt { int x, y; };
int k_of(int);

void key_count(int *key_buff1, const int *key_buff2, int n) {
	int *kbp = key_buff1;
	for (int i = 0; i < n; i++)
		kbp[key_buff2[i]]++;
}
double middle(const double *x, const int *k, int n) {
	double s = 0;
	for (int i = 0; i < n; i++)
		s += x[-k[i]];
	return s;
}
void nested(int *p, int *y, const int *k, int n) {
	for (int i = 0; i < n; i++) {
		y[i] = 0;
		for (int j = 0; j < n; j++)
			y[i] += p[k[j] * i];
	}
}
void init(int *p, int *q, const int *k, int n) {
	int i;
	for (p = q, i = 0; i < n; i++)
		p[k[i]] = i;
}
void stepped(int *p, const int *k, int n) {
	for (int i = 0; i < n; i++) {
		p[k[i]] = 1;
		p++;
	}
}
void assigned(int *p, int *q, const int *k, int n) {
	for (int i = 0; i < n; i++) {
		p[k[i]] = 1;
		if (k[i] == 0)
			p = q;
	}
}
void condition(int *p, int **ps, const int *k, int n) {
	for (int i = 0; (p = ps[i]) != 0 && i < n; i++)
		p[k[i]] = 1;
}
void inner(int *p, int *q, const int *k, int n) {
	for (int i = 0; i < n; i++) {
		for (int j = 0; j < n; j++)
			p[k[j]] += i;
		for (int j = 0; j < n; j++)
			p = q;
	}
}
void taken(const int *k, int n, int ***out) {
	int *p = 0;
	*out = &p;
	for (int i = 0; i < n; i++)
		p[k[i]] = 1;
}
void not_scalar(struct pt *s, volatile int *v, int *volatile w, const int *k, int n) {
	for (int i = 0; i < n; i++) {
		s[k[i]].x = 1;
		v[k[i]] = 1;
		w[k[i]] = 1;
	}
}
void constant_index(int *p, int *y, int n) {
	for (int i = 0; i < n && p[1] > 0; i++)
		y[i] = p[k_of(i)];
}
