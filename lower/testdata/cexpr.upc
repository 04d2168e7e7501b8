/* C semantics in Go: promotions, unsigned wrap-around, assignments and
   increments as values, the conditional and comma operators. */
int counter;

int f(unsigned char c, int *p) {
    int x = c + 1;
    unsigned u = 0;
    u--;
    *p += x;
    int y = (counter++, counter * 2);
    return x > 3 ? y : (int)u;
}

int main(void) {
    int v = 0, w;
    while ((w = f(250, &v)) < 0)
        ;
    return w;
}
