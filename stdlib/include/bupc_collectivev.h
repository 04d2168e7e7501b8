/* bupc_collectivev.h: Berkeley UPC's value-based collectives (interface
   version 1.2): one scalar (or struct, for data movement) per thread, in
   a private lvalue, in and out. They are collective like the UPC 1.3
   collectives: every thread calls each one, in the same order; TYPE and
   the root thread are single-valued. The reductions take UPC_ADD ...
   UPC_MAX (not UPC_FUNC) and fold in thread order. */
#ifndef _BUPC_COLLECTIVEV_H
#define _BUPC_COLLECTIVEV_H

#include <upc.h>
#include <upc_collective.h>

#define BUPC_COLLECTIVEV_VERSION_MAJOR 1
#define BUPC_COLLECTIVEV_VERSION_MINOR 2

/* The runtime's entry: which collective, the value, its size, the root
   (-1: every thread), the operator and the kind of a reduction's TYPE
   (0 unsigned, 1 signed, 2 floating), and a gather's destination. It
   returns where the result is: a temporary in the caller's frame, or the
   destination. */
void *__bupc_allv(int which, const void *value, size_t size, int root, upc_op_t op, int kind, void *dest);
#define __BUPC_ALLV_KIND(TYPE) (((TYPE)0.5) != ((TYPE)0) ? 2 : ((TYPE)-1) < ((TYPE)0) ? 1 : 0)

#define bupc_allv_broadcast(TYPE, value, rootthread) \
	(*(TYPE *)__bupc_allv(0, &(value), sizeof(TYPE), (rootthread), 0, 0, NULL))
#define bupc_allv_scatter(TYPE, rootthread, rootsrcarray) \
	(*(TYPE *)__bupc_allv(1, (rootsrcarray), sizeof(TYPE), (rootthread), 0, 0, NULL))
#define bupc_allv_gather(TYPE, value, rootthread, rootdestarray) \
	((TYPE *)__bupc_allv(2, &(value), sizeof(TYPE), (rootthread), 0, 0, (rootdestarray)))
#define bupc_allv_gather_all(TYPE, value, destarray) \
	((TYPE *)__bupc_allv(2, &(value), sizeof(TYPE), -1, 0, 0, (destarray)))
#define bupc_allv_permute(TYPE, value, tothreadid) \
	(*(TYPE *)__bupc_allv(3, &(value), sizeof(TYPE), (tothreadid), 0, 0, NULL))
#define bupc_allv_reduce(TYPE, value, rootthread, reductionop) \
	(*(TYPE *)__bupc_allv(4, &(value), sizeof(TYPE), (rootthread), (reductionop), __BUPC_ALLV_KIND(TYPE), NULL))
#define bupc_allv_reduce_all(TYPE, value, reductionop) \
	(*(TYPE *)__bupc_allv(4, &(value), sizeof(TYPE), -1, (reductionop), __BUPC_ALLV_KIND(TYPE), NULL))
#define bupc_allv_prefix_reduce(TYPE, value, reductionop) \
	(*(TYPE *)__bupc_allv(5, &(value), sizeof(TYPE), -1, (reductionop), __BUPC_ALLV_KIND(TYPE), NULL))

#endif /* _BUPC_COLLECTIVEV_H */
