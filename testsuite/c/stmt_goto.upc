// gcc: yes
// threads: 1 2
/* goto forward and backward, a label on an empty statement before a
   closing brace, jumping out of nested loops, a goto-built loop, and
   labels that share names with variables (labels have their own name
   space). */
#include <stdio.h>

int main(void) {
	int i = 0, j, n = 0;
	int count = 0;
	if (MYTHREAD != 0)
		goto out;

again:
	n += i;
	i++;
	if (i < 5)
		goto again;
	printf("backward: n=%d i=%d\n", n, i);

	goto skip;
	printf("unreachable\n");
skip:
	printf("forward\n");

	for (i = 0; i < 10; i++)
		for (j = 0; j < 10; j++)
			if (i * j == 42)
				goto found;
	printf("unreachable\n");
found:
	printf("found i=%d j=%d\n", i, j);

	/* A label named like a variable. */
	{
		int count_label = 3;
	count:
		count++;
		if (--count_label > 0)
			goto count;
	}
	printf("count=%d\n", count);

	/* Jump over a block into the code after it, and to a label at the end
	   of a block. */
	{
		i = 1;
		if (i)
			goto end_of_block;
		printf("unreachable\n");
	end_of_block:;
	}
	printf("end\n");
out:
	return 0;
}
