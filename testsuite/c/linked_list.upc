// gcc: yes
// threads: 1 2
/* Dynamic data structures on the private heap: a singly linked list built
   with malloc (insert sorted, delete, reverse in place, free), a binary
   search tree with recursive insert and in-order walk, calloc zeroing,
   realloc growing a buffer while keeping its contents, and pointer-to-
   pointer insertion. Every thread builds its own copy. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct node {
	int v;
	struct node *next;
};

static void insert_sorted(struct node **head, int v) {
	struct node **pp = head;
	while (*pp && (*pp)->v < v)
		pp = &(*pp)->next;
	struct node *n = malloc(sizeof *n);
	n->v = v;
	n->next = *pp;
	*pp = n;
}

static void delete_value(struct node **head, int v) {
	for (struct node **pp = head; *pp; pp = &(*pp)->next) {
		if ((*pp)->v == v) {
			struct node *dead = *pp;
			*pp = dead->next;
			free(dead);
			return;
		}
	}
}

static struct node *reverse(struct node *n) {
	struct node *prev = NULL;
	while (n) {
		struct node *next = n->next;
		n->next = prev;
		prev = n;
		n = next;
	}
	return prev;
}

static void print_list(const struct node *n) {
	for (; n; n = n->next)
		printf("%d%s", n->v, n->next ? "," : "\n");
}

struct tree {
	int key;
	struct tree *left, *right;
};

static struct tree *tree_insert(struct tree *t, int key) {
	if (!t) {
		t = calloc(1, sizeof *t);
		t->key = key;
	} else if (key < t->key)
		t->left = tree_insert(t->left, key);
	else
		t->right = tree_insert(t->right, key);
	return t;
}

static void walk(const struct tree *t) {
	if (!t)
		return;
	walk(t->left);
	printf("%d ", t->key);
	walk(t->right);
}

static void tree_free(struct tree *t) {
	if (t) {
		tree_free(t->left);
		tree_free(t->right);
		free(t);
	}
}

int main(void) {
	if (MYTHREAD != 0)
		return 0;
	struct node *head = NULL;
	int vals[] = {5, 1, 9, 3, 7, 3};
	for (int i = 0; i < 6; i++)
		insert_sorted(&head, vals[i]);
	print_list(head);
	delete_value(&head, 3);
	delete_value(&head, 9);
	delete_value(&head, 42);
	print_list(head);
	head = reverse(head);
	print_list(head);
	while (head) {
		struct node *n = head->next;
		free(head);
		head = n;
	}

	struct tree *t = NULL;
	int keys[] = {50, 30, 70, 20, 40, 60, 80, 35};
	for (int i = 0; i < 8; i++)
		t = tree_insert(t, keys[i]);
	walk(t);
	printf("| root=%d left.right.left=%d\n", t->key, t->left->right->left->key);
	tree_free(t);

	int *z = calloc(5, sizeof(int));
	printf("calloc: %d %d\n", z[0], z[4]);
	free(z);

	char *buf = malloc(4);
	strcpy(buf, "abc");
	buf = realloc(buf, 64);
	strcat(buf, "defghijklmnop");
	printf("realloc: %s %zu\n", buf, strlen(buf));
	free(buf);
	return 0;
}
