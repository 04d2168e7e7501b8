/* hello.upc: the first UPC program. Every thread says hello in turn, then
 * the threads fill a shared array together and thread 0 sums it.
 *
 *   upcgo run -n 4 examples/hello.upc
 */
#include <upc.h>
#include <stdio.h>

#define PER_THREAD 4

shared int squares[PER_THREAD * THREADS];  /* cyclic: squares[i] lives on thread i % THREADS */

int main(void) {
    int i;
    for (i = 0; i < THREADS; i++) {
        if (i == MYTHREAD)
            printf("Hello from UPC thread %d of %d\n", MYTHREAD, THREADS);
        upc_barrier;  /* one thread at a time, in order */
    }

    upc_forall (i = 0; i < PER_THREAD * THREADS; i++; &squares[i])
        squares[i] = i * i;  /* each thread writes the elements it owns */
    upc_barrier;

    if (MYTHREAD == 0) {
        long sum = 0;
        for (i = 0; i < PER_THREAD * THREADS; i++)
            sum += squares[i];
        printf("sum of squares below %d: %ld\n", PER_THREAD * THREADS, sum);
    }
    return 0;
}
