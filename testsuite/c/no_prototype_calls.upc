// gcc: yes
// threads: 1 2
/* Functions without prototypes, as older C code has them: a call before
   any declaration, an empty-parentheses declaration completed by a later
   definition, and extra arguments to a function defined with empty
   parentheses, which are evaluated (bump runs) and ignored. */
#include <stdio.h>

int counter;
int calls;

void reset() { counter = 0; }
int bump(void) { return ++calls; }
int add();

int main(void) {
    counter = 5;
    reset(counter, bump());
    int s = add(2, 3);
    int t = twice(s);
    if (MYTHREAD == 0)
        printf("counter %d calls %d add %d twice %d\n", counter, calls, s, t);
    return 0;
}

int add(int a, int b) { return a + b; }
int twice(int x) { return 2 * x; }
