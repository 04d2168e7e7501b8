// gcc: yes
// threads: 1 2
/* Casts: floating to integer truncates toward zero; integer to narrower
   integer keeps the low bits (gcc); signed to wider sign-extends, unsigned
   zero-extends; double to float rounds; int to double is exact; pointer
   casts through void * and char * (reading an int's bytes, little-endian);
   pointer to integer and back; casts to void; and casts of negative
   doubles to unsigned char via int. */
#include <stdio.h>

int main(void) {
	if (MYTHREAD != 0)
		return 0;
	printf("%d %d %d %d\n", (int)3.99, (int)-3.99, (int)0.5, (int)-0.5);
	printf("%ld\n", (long)1e15);
	printf("%d %d\n", (char)300, (unsigned char)300);
	printf("%d %d\n", (short)70000, (unsigned short)-1);
	printf("%d\n", (signed char)0x80);
	printf("%lld %llu\n", (long long)(int)-5, (unsigned long long)(unsigned)-5);
	printf("%ld\n", (long)(signed char)200);
	printf("%lu\n", (unsigned long)(unsigned char)-56);
	printf("%.10f\n", (double)(float)0.1);
	printf("%.1f\n", (double)123456789);
	printf("%d\n", (int)(unsigned char)(int)-1.0);
	printf("%u\n", (unsigned)3000000000.0);
	printf("%d\n", (_Bool)0.25);
	{
		int x = 0x11223344;
		unsigned char *b = (unsigned char *)&x;
		printf("%x %x %x %x\n", b[0], b[1], b[2], b[3]);
		void *v = &x;
		int *ip = (int *)v;
		printf("%x\n", *ip);
		short *sp = (short *)&x;
		printf("%x %x\n", sp[0], sp[1]);
	}
	{
		int arr[3] = {10, 20, 30};
		unsigned long addr = (unsigned long)&arr[0];
		int *p = (int *)(addr + sizeof(int));
		printf("%d\n", *p);
		char *cp = (char *)arr;
		printf("%d\n", *(int *)(cp + 8));
	}
	{
		double d = 2.5;
		float f = (float)d * 2;
		(void)f;
		(void)printf("void cast %d\n", (int)(f + 0.5f));
	}
	{
		/* A cast yields a value of the new type in expressions. */
		int a = 7, b = 2;
		printf("%.2f %.2f\n", (double)a / b, (double)(a / b));
		printf("%u\n", (unsigned char)(a * 100));
	}
	return 0;
}
