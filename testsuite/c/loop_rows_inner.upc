// gcc: yes
// threads: 1 2
/* An outer loop that reads a global array's address once (a row) around
   inner loops that walk the same array on running addresses, their loop
   variable gone: the inner subscripts must take the running address, not
   the row at the vanished variable (shmem/signal.c's pipeline). */
#include <stdio.h>

#define N 64
long block[N];
long buf[N];

int main(void) {
	for (int i = 0; i < N; i++)
		block[i] = i;
	long check = 0;
	for (int lap = 1; lap <= 3; lap++) {
		for (int i = 0; i < N; i++)
			buf[i] = block[i];
		for (int i = 0; i < N; i++)
			block[i] = buf[i] * 2 + lap;
		check += block[lap];
	}
	long sum = 0;
	for (int i = 0; i < N; i++)
		sum += block[i] * (i + 1);
	if (MYTHREAD == 0)
		printf("check %ld sum %ld last %ld\n", check, sum, block[N - 1]);
	return 0;
}
