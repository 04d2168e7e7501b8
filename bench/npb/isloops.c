/* The loops of NAS IS's rank (NPB-UPC, one thread, class A sizes), each timed
   on the process CPU clock over 20 calls: the bucket count, the scatter into
   buckets, the 32 MB copy, the clearing of the counts, the key count and the
   prefix sum. The keys are a sum of four uniform numbers, as IS's are. Built
   by gcc -O2 and by upcgo as NPB builds IS (upcc -c, then link: its globals
   then live in C memory); docs/PERFORMANCE.md, set F. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#define NK (1<<23)
#define MK (1<<19)
#define NB 1024
#define SH 9
int key_array[NK*3/2], key_buff2[NK*3/2], bucket_ptrs[NB];
int *bucket_size, *key_buff1;
double tc[8];
static double now(void) { return (double)clock()/CLOCKS_PER_SEC; }
void one(void)
{
  int i, key, j;
  int *kbp;
  double t0 = now(), t1, t2, t3, t4, t5, t6;
  memset(bucket_size, 0, (NB+5)*sizeof(int));
  for (i = 0; i < NK; i++)
    bucket_size[key_array[i] >> SH]++;
  t1 = now();
  bucket_ptrs[0] = 0;
  for (i = 1; i < NB; i++)
    bucket_ptrs[i] = bucket_ptrs[i-1] + bucket_size[i-1];
  for (i = 0; i < NK; i++) {
    key = key_array[i];
    key_buff1[bucket_ptrs[key >> SH]++] = key;
  }
  t2 = now();
  memcpy(key_buff2, key_buff1, NK*sizeof(int));
  t3 = now();
  memset(key_buff1, 0, MK*sizeof(int));
  t4 = now();
  j = NK;
  kbp = key_buff1 - 0;
  for (i = 0; i < j; i++)
    kbp[key_buff2[i]]++;
  t5 = now();
  for (i = 0; i < MK-1; i++)
    kbp[i+1] += kbp[i];
  t6 = now();
  tc[0] += t1-t0; tc[1] += t2-t1; tc[2] += t3-t2; tc[3] += t4-t3; tc[4] += t5-t4; tc[5] += t6-t5;
}
int main(void)
{
  int i, it;
  unsigned s = 12345;
  bucket_size = malloc((NB+5)*sizeof(int));
  key_buff1 = malloc(NK*3/2*sizeof(int));
  for (i = 0; i < NK; i++) {
    s = s*1103515245u + 12345u;
    /* roughly IS's distribution: sum of 4 uniforms */
    unsigned a = (s>>8)&0x1ffff; s = s*1103515245u + 12345u;
    unsigned b = (s>>8)&0x1ffff; s = s*1103515245u + 12345u;
    unsigned c = (s>>8)&0x1ffff; s = s*1103515245u + 12345u;
    unsigned d = (s>>8)&0x1ffff;
    key_array[i] = (a+b+c+d) & (MK-1);
  }
  one();
  for (i = 0; i < 6; i++) tc[i] = 0;
  for (it = 0; it < 20; it++) one();
  printf("count %.3f scatter %.3f memcpy %.3f memset %.3f keycount %.3f prefix %.3f  sum %d\n",
         tc[0], tc[1], tc[2], tc[3], tc[4], tc[5], key_buff1[MK-1]);
  return 0;
}
