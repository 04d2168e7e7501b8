// gcc: yes
// threads: 1 2
/* A struct ending in a flexible array member (C99 6.7.2.1): sizeof
   counts only the fixed part (with gcc's padding), malloc(sizeof(struct)
   + n * sizeof(elem)) makes room for n elements, and the elements start
   at offsetof(struct, data). Also a variable-sized string record. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stddef.h>

struct vec {
	int n;
	double data[];
};

struct msg {
	short len;
	char text[];
};

static struct vec *make(int n) {
	struct vec *v = malloc(sizeof *v + n * sizeof v->data[0]);
	v->n = n;
	for (int i = 0; i < n; i++)
		v->data[i] = i * 0.5;
	return v;
}

static struct msg *say(const char *s) {
	size_t len = strlen(s);
	struct msg *m = malloc(sizeof *m + len + 1);
	m->len = (short)len;
	memcpy(m->text, s, len + 1);
	return m;
}

int main(void) {
	if (MYTHREAD != 0)
		return 0;
	printf("%zu %zu %zu %zu\n", sizeof(struct vec), offsetof(struct vec, data), sizeof(struct msg), offsetof(struct msg, text));
	struct vec *v = make(5);
	double s = 0;
	for (int i = 0; i < v->n; i++)
		s += v->data[i];
	printf("n=%d sum=%.1f last=%.1f\n", v->n, s, v->data[v->n - 1]);
	free(v);
	struct msg *m = say("flexible");
	printf("%d %s %c\n", m->len, m->text, m->text[m->len - 1]);
	free(m);
	return 0;
}
