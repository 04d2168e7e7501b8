/* What the units of the program share: declarations only, as in a real
   code's header. */
#include <upc.h>

#define N 4
struct pair { int a; double b; };

extern shared int grid[N*THREADS];        /* defined in main.upc */
extern shared struct pair last;           /* defined in util.upc */
extern int calls;                         /* private, one per thread: util.upc */
extern const char *greeting;              /* helper.c */
extern int table[3];                      /* helper.c, initialised */
int tentative;                            /* tentative in every unit: one object */

void fill(int row);                       /* util.upc */
int sum_row(int row);                     /* util.upc */
typedef int (*unary)(int);
unary pick(int which);                    /* helper.c: a static function's address */
int apply(unary f, int x);                /* helper.c */
int bump(void);                           /* helper.c: counts in a static local */
