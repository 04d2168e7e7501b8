/* upc_types.h: the types the UPC 1.3 libraries share: reduction
   operators, element types and synchronisation flags. */
#ifndef _UPC_TYPES_H
#define _UPC_TYPES_H

typedef int upc_op_t;

/* The operators are distinct bits, so that a set of operations is their
   bitwise or, as upc_all_atomicdomain_alloc takes it (UPC 1.3's reference
   upc_types.h and Berkeley UPC do the same). upc_atomic.h adds UPC_GET ...
   UPC_DEC on bits 9 to 14. */
#define UPC_ADD (1 << 0)
#define UPC_MULT (1 << 1)
#define UPC_AND (1 << 2)
#define UPC_OR (1 << 3)
#define UPC_XOR (1 << 4)
#define UPC_LOGAND (1 << 5)
#define UPC_LOGOR (1 << 6)
#define UPC_MIN (1 << 7)
#define UPC_MAX (1 << 8)
#define UPC_FUNC (1 << 16)
#define UPC_NONCOMM_FUNC (1 << 17)

typedef int upc_type_t;

#define UPC_CHAR 0
#define UPC_UCHAR 1
#define UPC_SHORT 2
#define UPC_USHORT 3
#define UPC_INT 4
#define UPC_UINT 5
#define UPC_LONG 6
#define UPC_ULONG 7
#define UPC_LLONG 8
#define UPC_ULLONG 9
#define UPC_INT8 10
#define UPC_UINT8 11
#define UPC_INT16 12
#define UPC_UINT16 13
#define UPC_INT32 14
#define UPC_UINT32 15
#define UPC_INT64 16
#define UPC_UINT64 17
#define UPC_FLOAT 18
#define UPC_DOUBLE 19
#define UPC_LDOUBLE 20
#define UPC_PTS 21 /* shared void *: the atomics' access operations only */

typedef int upc_flag_t;

/* Every mode is a non-zero bit (UPC 1.3 7.3.1), with Berkeley UPC's
   values: NOSYNC and MYSYNC keep their values from before 1.3, the
   ALLSYNC modes take the next bits. A side given no mode is ALLSYNC, so 0
   is still ALLSYNC on both sides. UPC-IO's UPC_ASYNC (upc_io.h) is the
   next bit. */
#define UPC_IN_NOSYNC (1 << 0)
#define UPC_IN_MYSYNC (1 << 1)
#define UPC_OUT_NOSYNC (1 << 2)
#define UPC_OUT_MYSYNC (1 << 3)
#define UPC_IN_ALLSYNC (1 << 4)
#define UPC_OUT_ALLSYNC (1 << 5)

#endif /* _UPC_TYPES_H */
