/* NOT transformed into blocks (the loop keeps the per-iteration walk of
   planForall): a bound the body changes, a bound read from a global (a
   call may change it), a condition that is not a bound, and a break,
   which would leave only the inner loop of a block. */
#include <upc.h>
shared [4] int a[4 * THREADS];
int limit;
void g(void);
void f(int n) {
	upc_forall (int i = 0; i < n; i++; &a[i]) {
		a[i] = i;
		n--;
	}
	upc_forall (int i = 0; i < limit; i++; &a[i]) {
		a[i] = i;
		g();
	}
	upc_forall (int i = 0; i < n && a[i] > 0; i++; &a[i])
		a[i] = 0;
	upc_forall (int i = 0; i < n; i++; &a[i]) {
		if (a[i] < 0)
			break;
		a[i] = 1;
	}
}
