/* alloca.h: alloca(size), size bytes in the calling function's frame,
   freed when it returns (as gcc's __builtin_alloca). */
#ifndef _ALLOCA_H
#define _ALLOCA_H

#ifndef __upcgo_size_t
#define __upcgo_size_t
typedef unsigned long size_t;
#endif

void *alloca(size_t size);
#define alloca(size) __builtin_alloca(size)

#endif /* _ALLOCA_H */
