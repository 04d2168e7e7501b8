/* upc_collective.h: the UPC 1.3 collectives (UPC Required Library
   Specifications 7.4), called by every thread, and the one-sided
   collectives of "Ideas and Specifications for the new One-sided
   Collective Operations in UPC" (Ryne and Seidel), called by any one
   thread. The _async and _subset forms of the one-sided collectives are
   upcgo extensions; docs/collectives.md describes every choice. */
#ifndef _UPC_COLLECTIVE_H
#define _UPC_COLLECTIVE_H

#include <upc_types.h>
/* upc_handle_t, and size_t: the _async forms return a handle, which
   upc_sync and upc_sync_attempt complete. */
#include <upc_nb.h>

/* Relocalization. */
void upc_all_broadcast(shared void *restrict dst, shared const void *restrict src, size_t nbytes, upc_flag_t flags);
void upc_all_scatter(shared void *restrict dst, shared const void *restrict src, size_t nbytes, upc_flag_t flags);
void upc_all_gather(shared void *restrict dst, shared const void *restrict src, size_t nbytes, upc_flag_t flags);
void upc_all_gather_all(shared void *restrict dst, shared const void *restrict src, size_t nbytes, upc_flag_t flags);
void upc_all_exchange(shared void *restrict dst, shared const void *restrict src, size_t nbytes, upc_flag_t flags);
void upc_all_permute(shared void *restrict dst, shared const void *restrict src, shared const int *restrict perm, size_t nbytes, upc_flag_t flags);

/* Computation: upc_all_reduceT and upc_all_prefix_reduceT for the eleven
   element types. func is used by UPC_FUNC and UPC_NONCOMM_FUNC. */
#define __UPC_REDUCE(T, TYPE) \
	void upc_all_reduce##T(shared void *restrict dst, shared const void *restrict src, upc_op_t op, size_t nelems, size_t blk_size, TYPE (*func)(TYPE, TYPE), upc_flag_t flags); \
	void upc_all_prefix_reduce##T(shared void *restrict dst, shared const void *restrict src, upc_op_t op, size_t nelems, size_t blk_size, TYPE (*func)(TYPE, TYPE), upc_flag_t flags);
__UPC_REDUCE(C, signed char)
__UPC_REDUCE(UC, unsigned char)
__UPC_REDUCE(S, short)
__UPC_REDUCE(US, unsigned short)
__UPC_REDUCE(I, int)
__UPC_REDUCE(UI, unsigned int)
__UPC_REDUCE(L, long)
__UPC_REDUCE(UL, unsigned long)
__UPC_REDUCE(F, float)
__UPC_REDUCE(D, double)
__UPC_REDUCE(LD, long double)
#undef __UPC_REDUCE

/* One-sided collectives: any one thread calls them; complete for the
   caller on return (or when the _async handle is synchronised), for the
   other threads at the start of the next synchronisation phase.
   src == dst is in place. The _subset forms take the participating
   threads, in order: nthreads entries of threads. */
#define __UPC_ONESIDED(NAME, ARGS) \
	void NAME(shared void *dst, shared const void *src, ARGS); \
	upc_handle_t NAME##_async(shared void *dst, shared const void *src, ARGS); \
	void NAME##_subset(shared void *dst, shared const void *src, ARGS, const int *threads, size_t nthreads); \
	upc_handle_t NAME##_subset_async(shared void *dst, shared const void *src, ARGS, const int *threads, size_t nthreads);
#define __UPC_COMMA ,
__UPC_ONESIDED(upc_broadcast, size_t nbytes)
__UPC_ONESIDED(upc_scatter, size_t nbytes)
__UPC_ONESIDED(upc_gather, size_t nbytes)
__UPC_ONESIDED(upc_exchange, size_t nbytes)
__UPC_ONESIDED(upc_reduce, upc_type_t type __UPC_COMMA upc_op_t op)
__UPC_ONESIDED(upc_prefix_reduce, upc_type_t type __UPC_COMMA upc_op_t op)
__UPC_ONESIDED(upc_xprefix_reduce, upc_type_t type __UPC_COMMA upc_op_t op)
#undef __UPC_COMMA
#undef __UPC_ONESIDED

#endif /* _UPC_COLLECTIVE_H */
