// gcc: yes
// threads: 1 2
/* goto into blocks, which C allows and Go does not (it was "generated
   Go does not compile", issue 12): into a nested block, into the then and
   else branches of an if, from one branch to the other, into the bodies
   of while, do and for loops (the loop then goes on: the condition, the
   post clause), into a switch clause and from one clause to another, and
   backwards into a loop. break and continue inside such statements, and
   in loops and switches nested in them, keep their C meaning. */
#include <stdio.h>

static int into_block(int n) {
	int r = 0;
	if (n > 2)
		goto inside;
	r = 100;
	{
		int x = 5;
	inside:
		x = n;
		r += x;
	}
	return r;
}

static int into_branches(int n) {
	int r = 0;
	if (n == 1)
		goto then;
	if (n == 2)
		goto otherwise;
	if (n > 100) {
	then:
		r += 1;
		if (n == 1)
			goto otherwise;
	} else {
		r += 10;
	otherwise:
		r += 100;
	}
	return r;
}

static int into_while(int start) {
	int i = start, r = 0;
	goto middle;
	while (i < 5) {
		r += 1000;
	middle:
		r += i;
		i++;
		if (i == 3)
			continue;
		if (i == 7)
			break;
		r += 10;
	}
	return r;
}

static int into_do(void) {
	int i = 0, r = 0;
	goto body;
	do {
		r += 100;
	body:
		r += 1;
		i++;
	} while (i < 3);
	return r;
}

static int into_for(void) {
	int i, j, r = 0;
	i = 7;
	goto mid;
	for (i = 0; i < 10; i += 2) {
		r += 1000;
	mid:
		for (j = 0; j < 5; j++) {
			if (j == 2)
				continue;
			if (j == 4)
				break;
			r += 1;
		}
		switch (i) {
		case 8:
			continue;
		case 7:
			r += 10;
			break;
		}
		r += 100;
	}
	return r * 100 + i;
}

static int into_switch(int n) {
	int r = 0;
	if (n < 0)
		goto two;
	switch (n) {
	case 1:
		r += 1;
		goto later;
	two:
	case 2:
		r += 2;
		break;
	case 3:
		r += 3;
	later:
		r += 30;
		break;
	default:
		r += 4;
	}
	return r;
}

static int backwards(void) {
	int i = 0, r = 0;
	while (i < 4) {
		i++;
	again:
		r += i;
	}
	if (r < 20) {
		i = 10;
		goto again;
	}
	return r;
}

int main(void) {
	if (MYTHREAD != 0)
		return 0;
	printf("%d %d\n", into_block(1), into_block(7));
	printf("%d %d %d %d\n", into_branches(1), into_branches(2), into_branches(3), into_branches(200));
	printf("%d %d\n", into_while(0), into_while(6));
	printf("%d\n", into_do());
	printf("%d\n", into_for());
	printf("%d %d %d %d %d\n", into_switch(1), into_switch(2), into_switch(3), into_switch(9), into_switch(-1));
	printf("%d\n", backwards());
	return 0;
}
