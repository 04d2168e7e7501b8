/* upc_matrix.h: matrix-strided (block-strided) transfers between private
   memory and ONE thread's shared memory, after the OpenSHMEM APUT/AGET
   proposal ("Towards a matrix-oriented strided interface in OpenSHMEM").

   blockcount blocks of blockelems contiguous elements of elemsize bytes
   move; the starts of consecutive blocks are dst_stride elements apart on
   the destination and src_stride elements apart on the source. The shared
   side is the bytes of upc_threadof(p)'s memory from p on, as for
   upc_memput; a section that leaves that thread's memory is a run-time
   error naming the call and its line. Blocks at least one block apart
   move as one strided operation; other strides (negative, overlapping)
   are allowed and move block by block, and overlapping writes leave an
   undefined result, as in the proposal.

   A row-major sub-matrix of rows x cols elements at column c0 of row r0
   of a matrix with ld elements per row:
       upc_memput_blocks(&A[r0*ld + c0], buf, sizeof(double), ld, cols, cols, rows);

   The _async forms return a handle for upc_waitsync (upc_nb.h), the
   _asynci forms join the implicit set (upc_waitsynci). The typed forms
   upc_memput_blocks_<N> / upc_memget_blocks_<N> take the element type from
   their name, N as in OpenSHMEM's RMA types (double, int, uint64, ...).
   docs/matrix.md has the details. */
#ifndef _UPC_MATRIX_H
#define _UPC_MATRIX_H

#include <stddef.h>
#include <stdint.h>
#include <upc_nb.h>

void upc_memput_blocks(shared void *dst, const void *src, size_t elemsize, ptrdiff_t dst_stride,
                       ptrdiff_t src_stride, size_t blockelems, size_t blockcount);
void upc_memget_blocks(void *dst, shared const void *src, size_t elemsize, ptrdiff_t dst_stride,
                       ptrdiff_t src_stride, size_t blockelems, size_t blockcount);
upc_handle_t upc_memput_blocks_async(shared void *dst, const void *src, size_t elemsize,
                                     ptrdiff_t dst_stride, ptrdiff_t src_stride, size_t blockelems,
                                     size_t blockcount);
upc_handle_t upc_memget_blocks_async(void *dst, shared const void *src, size_t elemsize,
                                     ptrdiff_t dst_stride, ptrdiff_t src_stride, size_t blockelems,
                                     size_t blockcount);
void upc_memput_blocks_asynci(shared void *dst, const void *src, size_t elemsize, ptrdiff_t dst_stride,
                              ptrdiff_t src_stride, size_t blockelems, size_t blockcount);
void upc_memget_blocks_asynci(void *dst, shared const void *src, size_t elemsize, ptrdiff_t dst_stride,
                              ptrdiff_t src_stride, size_t blockelems, size_t blockcount);

#define __UPC_BLOCKS(T, N)                                                                         \
    void upc_memput_blocks_##N(shared void *dst, const T *src, ptrdiff_t dst_stride,               \
                               ptrdiff_t src_stride, size_t blockelems, size_t blockcount);        \
    void upc_memget_blocks_##N(T *dst, shared const void *src, ptrdiff_t dst_stride,               \
                               ptrdiff_t src_stride, size_t blockelems, size_t blockcount);
__UPC_BLOCKS(float, float)
__UPC_BLOCKS(double, double)
__UPC_BLOCKS(long double, longdouble)
__UPC_BLOCKS(char, char)
__UPC_BLOCKS(signed char, schar)
__UPC_BLOCKS(short, short)
__UPC_BLOCKS(int, int)
__UPC_BLOCKS(long, long)
__UPC_BLOCKS(long long, longlong)
__UPC_BLOCKS(unsigned char, uchar)
__UPC_BLOCKS(unsigned short, ushort)
__UPC_BLOCKS(unsigned int, uint)
__UPC_BLOCKS(unsigned long, ulong)
__UPC_BLOCKS(unsigned long long, ulonglong)
__UPC_BLOCKS(int8_t, int8)
__UPC_BLOCKS(int16_t, int16)
__UPC_BLOCKS(int32_t, int32)
__UPC_BLOCKS(int64_t, int64)
__UPC_BLOCKS(uint8_t, uint8)
__UPC_BLOCKS(uint16_t, uint16)
__UPC_BLOCKS(uint32_t, uint32)
__UPC_BLOCKS(uint64_t, uint64)
__UPC_BLOCKS(size_t, size)
__UPC_BLOCKS(ptrdiff_t, ptrdiff)
#undef __UPC_BLOCKS

#endif
