/* shmemx.h: upcgo's OpenSHMEM extensions. shmemx_<N>_aput and _aget are
   the matrix-oriented (block-strided) put and get of "Towards a
   matrix-oriented strided interface in OpenSHMEM" (Hammond):
   blockcount blocks of blockelems contiguous elements, block starts
   dst_str and src_str ELEMENTS apart. They are the same operation as
   OpenSHMEM 1.6's shmem_<N>_ibput/ibget and move as one strided transfer.
   Included by shmem.h. */
#ifndef _SHMEMX_H
#define _SHMEMX_H

#include <shmem.h>

#define __SHMEMX_APUT(T, N)                                                                   \
    void shmemx_##N##_aput(T *dst, const T *src, ptrdiff_t dst_str, ptrdiff_t src_str,        \
                           size_t blockelems, size_t blockcount, int pe);                     \
    void shmemx_##N##_aget(T *dst, const T *src, ptrdiff_t dst_str, ptrdiff_t src_str,        \
                           size_t blockelems, size_t blockcount, int pe);
__SHMEMX_APUT(float, float)
__SHMEMX_APUT(double, double)
__SHMEMX_APUT(long double, longdouble)
__SHMEMX_APUT(char, char)
__SHMEMX_APUT(signed char, schar)
__SHMEMX_APUT(short, short)
__SHMEMX_APUT(int, int)
__SHMEMX_APUT(long, long)
__SHMEMX_APUT(long long, longlong)
__SHMEMX_APUT(unsigned char, uchar)
__SHMEMX_APUT(unsigned short, ushort)
__SHMEMX_APUT(unsigned int, uint)
__SHMEMX_APUT(unsigned long, ulong)
__SHMEMX_APUT(unsigned long long, ulonglong)
__SHMEMX_APUT(int8_t, int8)
__SHMEMX_APUT(int16_t, int16)
__SHMEMX_APUT(int32_t, int32)
__SHMEMX_APUT(int64_t, int64)
__SHMEMX_APUT(uint8_t, uint8)
__SHMEMX_APUT(uint16_t, uint16)
__SHMEMX_APUT(uint32_t, uint32)
__SHMEMX_APUT(uint64_t, uint64)
__SHMEMX_APUT(size_t, size)
__SHMEMX_APUT(ptrdiff_t, ptrdiff)
#undef __SHMEMX_APUT

#define __SHMEMX_APUT_SIZED(S)                                                                 \
    void shmemx_aput##S(void *dst, const void *src, ptrdiff_t dst_str, ptrdiff_t src_str,      \
                        size_t blockelems, size_t blockcount, int pe);                         \
    void shmemx_aget##S(void *dst, const void *src, ptrdiff_t dst_str, ptrdiff_t src_str,      \
                        size_t blockelems, size_t blockcount, int pe);
__SHMEMX_APUT_SIZED(8)
__SHMEMX_APUT_SIZED(16)
__SHMEMX_APUT_SIZED(32)
__SHMEMX_APUT_SIZED(64)
__SHMEMX_APUT_SIZED(128)
#undef __SHMEMX_APUT_SIZED

#endif
