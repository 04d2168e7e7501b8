/* upc_atomic.h: UPC 1.3 atomic memory operations (UPC Optional Library
   Specifications 7.4), and Berkeley UPC's bupc_atomic* functions, which
   real programs still call. Every operation is checked against its
   domain: an operation the domain was not created for, or a pointer to
   another type than the domain's, is a runtime error. */
#ifndef _UPC_ATOMIC_H
#define _UPC_ATOMIC_H

#include <upc_types.h>

/* The operations beyond upc_types.h's (which UPC_ADD, UPC_MULT, UPC_AND,
   UPC_OR, UPC_XOR, UPC_MIN and UPC_MAX also name): bits, like those. */
#define UPC_GET (1 << 9)
#define UPC_SET (1 << 10)
#define UPC_CSWAP (1 << 11)
#define UPC_SUB (1 << 12)
#define UPC_INC (1 << 13)
#define UPC_DEC (1 << 14)

typedef int upc_atomichint_t;

#define UPC_ATOMIC_HINT_DEFAULT 0
#define UPC_ATOMIC_HINT_LATENCY 1
#define UPC_ATOMIC_HINT_THROUGHPUT 2

typedef shared struct upc_atomicdomain_struct upc_atomicdomain_t;

upc_atomicdomain_t *upc_all_atomicdomain_alloc(upc_type_t type, upc_op_t ops, upc_atomichint_t hints);
void upc_all_atomicdomain_free(upc_atomicdomain_t *domain);
void upc_atomic_strict(upc_atomicdomain_t *domain, void *restrict fetch_ptr, upc_op_t op, shared void *restrict target, const void *restrict operand1, const void *restrict operand2);
void upc_atomic_relaxed(upc_atomicdomain_t *domain, void *restrict fetch_ptr, upc_op_t op, shared void *restrict target, const void *restrict operand1, const void *restrict operand2);
int upc_atomic_isfast(upc_type_t type, upc_op_t ops, shared void *addr);

/* Berkeley UPC: bupc_atomicX_OP_MODE for X in I64 (int64_t), U64, I32,
   U32, I (int), UI, L (long), UL. */
#define __BUPC_ATOMIC_MODE(X, T, M) \
	T bupc_atomic##X##_read_##M(shared void *ptr); \
	void bupc_atomic##X##_set_##M(shared void *ptr, T val); \
	T bupc_atomic##X##_swap_##M(shared void *ptr, T val); \
	T bupc_atomic##X##_cswap_##M(shared void *ptr, T oldval, T newval); \
	T bupc_atomic##X##_fetchadd_##M(shared void *ptr, T op); \
	T bupc_atomic##X##_fetchand_##M(shared void *ptr, T op); \
	T bupc_atomic##X##_fetchor_##M(shared void *ptr, T op); \
	T bupc_atomic##X##_fetchxor_##M(shared void *ptr, T op); \
	T bupc_atomic##X##_fetchnot_##M(shared void *ptr);
#define __BUPC_ATOMIC(X, T) __BUPC_ATOMIC_MODE(X, T, strict) __BUPC_ATOMIC_MODE(X, T, relaxed)
__BUPC_ATOMIC(I64, long)
__BUPC_ATOMIC(U64, unsigned long)
__BUPC_ATOMIC(I32, int)
__BUPC_ATOMIC(U32, unsigned int)
__BUPC_ATOMIC(I, int)
__BUPC_ATOMIC(UI, unsigned int)
__BUPC_ATOMIC(L, long)
__BUPC_ATOMIC(UL, unsigned long)
#undef __BUPC_ATOMIC
#undef __BUPC_ATOMIC_MODE

#endif /* _UPC_ATOMIC_H */
