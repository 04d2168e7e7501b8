/* A for loop's clauses in Go: one simple statement stands in the header,
   however many lines it spans; more go into a block around the loop (the
   first clause) or a func literal called in the header (the third). */
#include <upc.h>
struct pt { int x, y; };
shared int s[THREADS];

int f(void) { return 1; }
int g(struct pt p) { return p.x + p.y; }

int main(void) {
    int i, j, n = 0;
    for (i = 0; i < 4; s[MYTHREAD] = i + 1)
        n++;
    for (i = (f(), 0); i < 2; n = (f(), n + 1))
        i++;
    for (i = 0, j = 4; i < j; i++, j--)
        n++;
    for (i = 0; i < 4; n += g((struct pt){i, 1}))
        i++;
    return n;
}
