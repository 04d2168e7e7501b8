/* upc.h: the UPC standard library (UPC 1.3 7.2): shared memory
   allocation, pointer-to-shared queries, locks and bulk transfers. The
   compiler implements these functions in the UPC runtime. THREADS,
   MYTHREAD and UPC_MAX_BLOCK_SIZE are built in, not defined here. */
#ifndef _UPC_H
#define _UPC_H

#include <upc_types.h>

#ifndef NULL
#define NULL ((void *)0)
#endif

#ifndef __upcgo_size_t
#define __upcgo_size_t
typedef unsigned long size_t;
#endif

void upc_global_exit(int status);

shared void *upc_global_alloc(size_t nblocks, size_t nbytes);
shared void *upc_all_alloc(size_t nblocks, size_t nbytes);
shared void *upc_alloc(size_t nbytes);
/* Deprecated by UPC 1.2 and gone from 1.3, but old programs still call
   it: upc_alloc(nblocks * nbytes). */
shared void *upc_local_alloc(size_t nblocks, size_t nbytes);
void upc_free(shared void *ptr);
void upc_all_free(shared void *ptr);

size_t upc_threadof(shared void *ptr);
size_t upc_phaseof(shared void *ptr);
shared void *upc_resetphase(shared void *ptr);
size_t upc_addrfield(shared void *ptr);
size_t upc_affinitysize(size_t totalsize, size_t nbytes, size_t threadid);

typedef shared struct upc_lock_struct upc_lock_t;

upc_lock_t *upc_global_lock_alloc(void);
upc_lock_t *upc_all_lock_alloc(void);
void upc_lock_free(upc_lock_t *ptr);
void upc_all_lock_free(upc_lock_t *ptr);
void upc_lock(upc_lock_t *ptr);
int upc_lock_attempt(upc_lock_t *ptr);
void upc_unlock(upc_lock_t *ptr);

void upc_memcpy(shared void *restrict dst, shared const void *restrict src, size_t n);
void upc_memget(void *restrict dst, shared const void *restrict src, size_t n);
void upc_memput(shared void *restrict dst, const void *restrict src, size_t n);
void upc_memset(shared void *dst, int c, size_t n);

/* GNU UPC's upc_poll: a fence, and a chance for the runtime to make
   progress, for a thread that spins waiting for another. */
void upc_poll(void);

/* Berkeley UPC makes its bupc_ extensions visible without an #include;
   programs written for it call them after including only upc.h. Their
   names are reserved (bupc_), so declaring them here takes nothing from
   the program's namespace. */
#include <bupc_extensions.h>

#endif /* _UPC_H */
