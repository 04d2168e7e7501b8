// gcc: yes
// threads: 1 2
/* Recursion: factorial and Fibonacci, Ackermann (deep, non-primitive),
   mutual recursion through a forward declaration, Towers of Hanoi with a
   move count, recursion over a binary tree built in an array, and a
   recursive function taking an array slice (quick sort). */
#include <stdio.h>

static long fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }
static int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

static int ack(int m, int n) {
	if (m == 0)
		return n + 1;
	if (n == 0)
		return ack(m - 1, 1);
	return ack(m - 1, ack(m, n - 1));
}

static int is_odd(unsigned n);
static int is_even(unsigned n) { return n == 0 ? 1 : is_odd(n - 1); }
static int is_odd(unsigned n) { return n == 0 ? 0 : is_even(n - 1); }

static int moves;
static void hanoi(int n, char from, char to, char via) {
	if (n == 0)
		return;
	hanoi(n - 1, from, via, to);
	moves++;
	if (n == 3)
		printf("move disk 3 %c->%c\n", from, to);
	hanoi(n - 1, via, to, from);
}

static int tree[16];
static int depth(int i) {
	if (i >= 16 || tree[i] == 0)
		return 0;
	int l = depth(2 * i + 1), r = depth(2 * i + 2);
	return 1 + (l > r ? l : r);
}

static void quicksort(int *a, int n) {
	if (n < 2)
		return;
	int pivot = a[n / 2], i = 0, j = n - 1;
	while (i <= j) {
		while (a[i] < pivot)
			i++;
		while (a[j] > pivot)
			j--;
		if (i <= j) {
			int t = a[i];
			a[i] = a[j];
			a[j] = t;
			i++;
			j--;
		}
	}
	quicksort(a, j + 1);
	quicksort(a + i, n - i);
}

int main(void) {
	if (MYTHREAD != 0)
		return 0;
	printf("%ld %ld\n", fact(10), fact(20));
	printf("%d %d\n", fib(10), fib(25));
	printf("%d %d\n", ack(2, 3), ack(3, 3));
	printf("%d %d %d\n", is_even(10), is_odd(7), is_even(7));
	hanoi(5, 'A', 'C', 'B');
	printf("moves=%d\n", moves);
	tree[0] = tree[1] = tree[2] = tree[4] = tree[10] = 1;
	printf("depth=%d\n", depth(0));
	int a[] = {9, 4, 7, 1, 8, 2, 2, 6, 0, 5};
	quicksort(a, 10);
	for (int i = 0; i < 10; i++)
		printf("%d", a[i]);
	printf("\n");
	return 0;
}
