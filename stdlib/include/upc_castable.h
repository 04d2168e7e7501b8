/* upc_castable.h: castability (UPC 1.3 optional library 7.5), with the
   reference implementation's values. upc_cast gives a private pointer to
   shared memory the calling thread can load and store directly: its own
   segment, and on the smp conduit (or MPI processes of one node sharing
   memory) every other thread's too; elsewhere NULL. The answer depends
   on the thread's memory, not on how it was allocated, so a category is
   castable for all of its kinds or none. */
#ifndef _UPC_CASTABLE_H
#define _UPC_CASTABLE_H

#ifndef __upcgo_size_t
#define __upcgo_size_t
typedef unsigned long size_t;
#endif

#define UPC_CASTABLE_ALL_ALLOC (1 << 0)
#define UPC_CASTABLE_GLOBAL_ALLOC (1 << 1)
#define UPC_CASTABLE_ALLOC (1 << 2)
#define UPC_CASTABLE_STATIC (1 << 3)

#define UPC_CASTABLE_ALL \
	(UPC_CASTABLE_ALL_ALLOC | UPC_CASTABLE_GLOBAL_ALLOC | UPC_CASTABLE_ALLOC | UPC_CASTABLE_STATIC)

typedef struct _S_upc_thread_info {
	int guaranteedCastable;
	int probablyCastable;
} upc_thread_info_t;

void *upc_cast(const shared void *ptr);
upc_thread_info_t upc_thread_info(size_t thread);

#endif /* _UPC_CASTABLE_H */
