/* upc_nb.h: the UPC memcpy extension library. It holds three things:

   - UPC 1.3's non-blocking transfers (UPC 1.3 §7.4): upc_memcpy_nb,
     upc_memget_nb, upc_memput_nb, upc_memset_nb, upc_sync and
     upc_sync_attempt; upc_mem*_nbi, upc_synci and upc_synci_attempt;
   - every function of "Proposal for Extending the UPC Memory Copy Library
     Functions" (LBNL-56495 v2.0) under its upc_ name: explicit-handle
     (_async), implicit-handle (_asynci) and access-region transfers, and
     vector (vlist), indexed (ilist) and strided (fstrided, strided)
     transfers, each also as _asynci (an extension);
   - extensions from that proposal's appendix: 2-d and 3-d strided
     wrappers, transposing copies, and reblocking copies over
     block-distributed arrays.

   UPC 1.3's names and the proposal's are the same operations (upc_sync is
   upc_waitsync, upc_memcpy_nbi is upc_memcpy_asynci, ...), and
   <bupc_extensions.h> spells them as Berkeley UPC does. docs/memcpy.md
   describes the semantics and the errors reported. */
#ifndef _UPC_NB_H
#define _UPC_NB_H

#include <stddef.h>

/* An explicit-handle operation in flight; UPC_COMPLETE_HANDLE (all bits
   zero) stands for one already complete. */
typedef unsigned long upc_handle_t;
#define UPC_COMPLETE_HANDLE 0UL

/* Explicit-handle operations a thread may have in flight. */
#define UPC_MAX_ASYNC_INFLIGHT 1048575

/* UPC 1.3 */
upc_handle_t upc_memcpy_nb(shared void *restrict dst,
                           shared const void *restrict src, size_t n);
upc_handle_t upc_memget_nb(void *restrict dst,
                           shared const void *restrict src, size_t n);
upc_handle_t upc_memput_nb(shared void *restrict dst,
                           const void *restrict src, size_t n);
upc_handle_t upc_memset_nb(shared void *dst, int c, size_t n);
int upc_sync_attempt(upc_handle_t handle);
void upc_sync(upc_handle_t handle);

void upc_memcpy_nbi(shared void *restrict dst,
                    shared const void *restrict src, size_t n);
void upc_memget_nbi(void *restrict dst, shared const void *restrict src,
                    size_t n);
void upc_memput_nbi(shared void *restrict dst, const void *restrict src,
                    size_t n);
void upc_memset_nbi(shared void *dst, int c, size_t n);
int upc_synci_attempt(void);
void upc_synci(void);

/* LBNL-56495 §2-4: contiguous non-blocking transfers and synchronisation. */
upc_handle_t upc_memcpy_async(shared void *dst, shared const void *src,
                              size_t n);
upc_handle_t upc_memget_async(void *dst, shared const void *src, size_t n);
upc_handle_t upc_memput_async(shared void *dst, const void *src, size_t n);
upc_handle_t upc_memset_async(shared void *dst, int c, size_t n);

void upc_memcpy_asynci(shared void *dst, shared const void *src, size_t n);
void upc_memget_asynci(void *dst, shared const void *src, size_t n);
void upc_memput_asynci(shared void *dst, const void *src, size_t n);
void upc_memset_asynci(shared void *dst, int c, size_t n);

void upc_waitsync(upc_handle_t handle);
int upc_trysync(upc_handle_t handle);
void upc_waitsync_all(upc_handle_t *ph, size_t numhandles);
int upc_trysync_all(upc_handle_t *ph, size_t numhandles);
void upc_waitsync_some(upc_handle_t *ph, size_t numhandles);
int upc_trysync_some(upc_handle_t *ph, size_t numhandles);

void upc_waitsynci(void);
int upc_trysynci(void);

void upc_begin_accessregion(void);
upc_handle_t upc_end_accessregion(void);

/* LBNL-56495 §5: vector (design A) and indexed (design B) transfers. A
   upc_smemvec_t's address is treated as (shared [] char *): no wrapping. */
typedef struct upc_pmemvec_S {
    void *addr;
    size_t len;
} upc_pmemvec_t;

typedef struct upc_smemvec_S {
    shared void *addr;
    size_t len;
} upc_smemvec_t;

void upc_memcpy_vlist(size_t dstcount, upc_smemvec_t const dstlist[],
                      size_t srccount, upc_smemvec_t const srclist[]);
upc_handle_t upc_memcpy_vlist_async(size_t dstcount,
                                    upc_smemvec_t const dstlist[],
                                    size_t srccount,
                                    upc_smemvec_t const srclist[]);
void upc_memcpy_vlist_asynci(size_t dstcount, upc_smemvec_t const dstlist[],
                             size_t srccount, upc_smemvec_t const srclist[]);

void upc_memput_vlist(size_t dstcount, upc_smemvec_t const dstlist[],
                      size_t srccount, upc_pmemvec_t const srclist[]);
upc_handle_t upc_memput_vlist_async(size_t dstcount,
                                    upc_smemvec_t const dstlist[],
                                    size_t srccount,
                                    upc_pmemvec_t const srclist[]);
void upc_memput_vlist_asynci(size_t dstcount, upc_smemvec_t const dstlist[],
                             size_t srccount, upc_pmemvec_t const srclist[]);

void upc_memget_vlist(size_t dstcount, upc_pmemvec_t const dstlist[],
                      size_t srccount, upc_smemvec_t const srclist[]);
upc_handle_t upc_memget_vlist_async(size_t dstcount,
                                    upc_pmemvec_t const dstlist[],
                                    size_t srccount,
                                    upc_smemvec_t const srclist[]);
void upc_memget_vlist_asynci(size_t dstcount, upc_pmemvec_t const dstlist[],
                             size_t srccount, upc_smemvec_t const srclist[]);

void upc_memcpy_ilist(size_t dstcount, shared void *const dstlist[],
                      size_t dstlen, size_t srccount,
                      shared const void *const srclist[], size_t srclen);
upc_handle_t upc_memcpy_ilist_async(size_t dstcount,
                                    shared void *const dstlist[],
                                    size_t dstlen, size_t srccount,
                                    shared const void *const srclist[],
                                    size_t srclen);
void upc_memcpy_ilist_asynci(size_t dstcount, shared void *const dstlist[],
                             size_t dstlen, size_t srccount,
                             shared const void *const srclist[],
                             size_t srclen);

void upc_memput_ilist(size_t dstcount, shared void *const dstlist[],
                      size_t dstlen, size_t srccount,
                      const void *const srclist[], size_t srclen);
upc_handle_t upc_memput_ilist_async(size_t dstcount,
                                    shared void *const dstlist[],
                                    size_t dstlen, size_t srccount,
                                    const void *const srclist[],
                                    size_t srclen);
void upc_memput_ilist_asynci(size_t dstcount, shared void *const dstlist[],
                             size_t dstlen, size_t srccount,
                             const void *const srclist[], size_t srclen);

void upc_memget_ilist(size_t dstcount, void *const dstlist[], size_t dstlen,
                      size_t srccount, shared const void *const srclist[],
                      size_t srclen);
upc_handle_t upc_memget_ilist_async(size_t dstcount, void *const dstlist[],
                                    size_t dstlen, size_t srccount,
                                    shared const void *const srclist[],
                                    size_t srclen);
void upc_memget_ilist_asynci(size_t dstcount, void *const dstlist[],
                             size_t dstlen, size_t srccount,
                             shared const void *const srclist[],
                             size_t srclen);
/* LBNL-56495 §6: fixed-stride (design A) and N-d strided (design B)
   transfers. */
void upc_memcpy_fstrided(shared void *dstaddr, size_t dstchunklen,
                         size_t dstchunkstride, size_t dstchunkcount,
                         shared void *srcaddr, size_t srcchunklen,
                         size_t srcchunkstride, size_t srcchunkcount);
upc_handle_t upc_memcpy_fstrided_async(shared void *dstaddr,
                                       size_t dstchunklen,
                                       size_t dstchunkstride,
                                       size_t dstchunkcount,
                                       shared void *srcaddr,
                                       size_t srcchunklen,
                                       size_t srcchunkstride,
                                       size_t srcchunkcount);
void upc_memcpy_fstrided_asynci(shared void *dstaddr, size_t dstchunklen,
                                size_t dstchunkstride, size_t dstchunkcount,
                                shared void *srcaddr, size_t srcchunklen,
                                size_t srcchunkstride, size_t srcchunkcount);

void upc_memput_fstrided(shared void *dstaddr, size_t dstchunklen,
                         size_t dstchunkstride, size_t dstchunkcount,
                         void *srcaddr, size_t srcchunklen,
                         size_t srcchunkstride, size_t srcchunkcount);
upc_handle_t upc_memput_fstrided_async(shared void *dstaddr,
                                       size_t dstchunklen,
                                       size_t dstchunkstride,
                                       size_t dstchunkcount, void *srcaddr,
                                       size_t srcchunklen,
                                       size_t srcchunkstride,
                                       size_t srcchunkcount);
void upc_memput_fstrided_asynci(shared void *dstaddr, size_t dstchunklen,
                                size_t dstchunkstride, size_t dstchunkcount,
                                void *srcaddr, size_t srcchunklen,
                                size_t srcchunkstride, size_t srcchunkcount);

void upc_memget_fstrided(void *dstaddr, size_t dstchunklen,
                         size_t dstchunkstride, size_t dstchunkcount,
                         shared void *srcaddr, size_t srcchunklen,
                         size_t srcchunkstride, size_t srcchunkcount);
upc_handle_t upc_memget_fstrided_async(void *dstaddr, size_t dstchunklen,
                                       size_t dstchunkstride,
                                       size_t dstchunkcount,
                                       shared void *srcaddr,
                                       size_t srcchunklen,
                                       size_t srcchunkstride,
                                       size_t srcchunkcount);
void upc_memget_fstrided_asynci(void *dstaddr, size_t dstchunklen,
                                size_t dstchunkstride, size_t dstchunkcount,
                                shared void *srcaddr, size_t srcchunklen,
                                size_t srcchunkstride, size_t srcchunkcount);

void upc_memcpy_strided(shared void *dstaddr, const size_t dststrides[],
                        shared const void *srcaddr,
                        const size_t srcstrides[], const size_t count[],
                        size_t stridelevels);
upc_handle_t upc_memcpy_strided_async(shared void *dstaddr,
                                      const size_t dststrides[],
                                      shared const void *srcaddr,
                                      const size_t srcstrides[],
                                      const size_t count[],
                                      size_t stridelevels);
void upc_memcpy_strided_asynci(shared void *dstaddr,
                               const size_t dststrides[],
                               shared const void *srcaddr,
                               const size_t srcstrides[],
                               const size_t count[], size_t stridelevels);

void upc_memput_strided(shared void *dstaddr, const size_t dststrides[],
                        const void *srcaddr, const size_t srcstrides[],
                        const size_t count[], size_t stridelevels);
upc_handle_t upc_memput_strided_async(shared void *dstaddr,
                                      const size_t dststrides[],
                                      const void *srcaddr,
                                      const size_t srcstrides[],
                                      const size_t count[],
                                      size_t stridelevels);
void upc_memput_strided_asynci(shared void *dstaddr,
                               const size_t dststrides[],
                               const void *srcaddr,
                               const size_t srcstrides[],
                               const size_t count[], size_t stridelevels);

void upc_memget_strided(void *dstaddr, const size_t dststrides[],
                        shared const void *srcaddr,
                        const size_t srcstrides[], const size_t count[],
                        size_t stridelevels);
upc_handle_t upc_memget_strided_async(void *dstaddr,
                                      const size_t dststrides[],
                                      shared const void *srcaddr,
                                      const size_t srcstrides[],
                                      const size_t count[],
                                      size_t stridelevels);
void upc_memget_strided_asynci(void *dstaddr, const size_t dststrides[],
                               shared const void *srcaddr,
                               const size_t srcstrides[],
                               const size_t count[], size_t stridelevels);
/* Appendix item 9: 2-d and 3-d strided copies with the strides and
   extents as values: width contiguous bytes per row, height rows (and
   depth planes), rows and planes the given byte strides apart. */
void upc_memcpy_strided2d(shared void *dst, size_t dststride,
                          shared const void *src, size_t srcstride,
                          size_t width, size_t height);
upc_handle_t upc_memcpy_strided2d_async(shared void *dst, size_t dststride,
                                        shared const void *src,
                                        size_t srcstride, size_t width,
                                        size_t height);
void upc_memcpy_strided2d_asynci(shared void *dst, size_t dststride,
                                 shared const void *src, size_t srcstride,
                                 size_t width, size_t height);

void upc_memput_strided2d(shared void *dst, size_t dststride,
                          const void *src, size_t srcstride, size_t width,
                          size_t height);
upc_handle_t upc_memput_strided2d_async(shared void *dst, size_t dststride,
                                        const void *src, size_t srcstride,
                                        size_t width, size_t height);
void upc_memput_strided2d_asynci(shared void *dst, size_t dststride,
                                 const void *src, size_t srcstride,
                                 size_t width, size_t height);

void upc_memget_strided2d(void *dst, size_t dststride,
                          shared const void *src, size_t srcstride,
                          size_t width, size_t height);
upc_handle_t upc_memget_strided2d_async(void *dst, size_t dststride,
                                        shared const void *src,
                                        size_t srcstride, size_t width,
                                        size_t height);
void upc_memget_strided2d_asynci(void *dst, size_t dststride,
                                 shared const void *src, size_t srcstride,
                                 size_t width, size_t height);

void upc_memcpy_strided3d(shared void *dst, size_t dstrowstride,
                          size_t dstplanestride, shared const void *src,
                          size_t srcrowstride, size_t srcplanestride,
                          size_t width, size_t height, size_t depth);
upc_handle_t upc_memcpy_strided3d_async(shared void *dst,
                                        size_t dstrowstride,
                                        size_t dstplanestride,
                                        shared const void *src,
                                        size_t srcrowstride,
                                        size_t srcplanestride, size_t width,
                                        size_t height, size_t depth);
void upc_memcpy_strided3d_asynci(shared void *dst, size_t dstrowstride,
                                 size_t dstplanestride,
                                 shared const void *src, size_t srcrowstride,
                                 size_t srcplanestride, size_t width,
                                 size_t height, size_t depth);

void upc_memput_strided3d(shared void *dst, size_t dstrowstride,
                          size_t dstplanestride, const void *src,
                          size_t srcrowstride, size_t srcplanestride,
                          size_t width, size_t height, size_t depth);
upc_handle_t upc_memput_strided3d_async(shared void *dst,
                                        size_t dstrowstride,
                                        size_t dstplanestride,
                                        const void *src, size_t srcrowstride,
                                        size_t srcplanestride, size_t width,
                                        size_t height, size_t depth);
void upc_memput_strided3d_asynci(shared void *dst, size_t dstrowstride,
                                 size_t dstplanestride, const void *src,
                                 size_t srcrowstride, size_t srcplanestride,
                                 size_t width, size_t height, size_t depth);

void upc_memget_strided3d(void *dst, size_t dstrowstride,
                          size_t dstplanestride, shared const void *src,
                          size_t srcrowstride, size_t srcplanestride,
                          size_t width, size_t height, size_t depth);
upc_handle_t upc_memget_strided3d_async(void *dst, size_t dstrowstride,
                                        size_t dstplanestride,
                                        shared const void *src,
                                        size_t srcrowstride,
                                        size_t srcplanestride, size_t width,
                                        size_t height, size_t depth);
void upc_memget_strided3d_asynci(void *dst, size_t dstrowstride,
                                 size_t dstplanestride,
                                 shared const void *src, size_t srcrowstride,
                                 size_t srcplanestride, size_t width,
                                 size_t height, size_t depth);
/* Appendix item 8: transposing copies. count[0..stridelevels] elements
   of elemsize bytes along each dimension; every dimension, including the
   contiguous one, has a signed byte stride on each side, so permuted
   strides transpose and negative ones reflect. Destination elements must
   not overlap. */
void upc_memcpy_transpose(shared void *dst, const ptrdiff_t dststrides[],
                          shared const void *src,
                          const ptrdiff_t srcstrides[], const size_t count[],
                          size_t stridelevels, size_t elemsize);
upc_handle_t upc_memcpy_transpose_async(shared void *dst,
                                        const ptrdiff_t dststrides[],
                                        shared const void *src,
                                        const ptrdiff_t srcstrides[],
                                        const size_t count[],
                                        size_t stridelevels,
                                        size_t elemsize);
void upc_memcpy_transpose_asynci(shared void *dst,
                                 const ptrdiff_t dststrides[],
                                 shared const void *src,
                                 const ptrdiff_t srcstrides[],
                                 const size_t count[], size_t stridelevels,
                                 size_t elemsize);

void upc_memput_transpose(shared void *dst, const ptrdiff_t dststrides[],
                          const void *src, const ptrdiff_t srcstrides[],
                          const size_t count[], size_t stridelevels,
                          size_t elemsize);
upc_handle_t upc_memput_transpose_async(shared void *dst,
                                        const ptrdiff_t dststrides[],
                                        const void *src,
                                        const ptrdiff_t srcstrides[],
                                        const size_t count[],
                                        size_t stridelevels,
                                        size_t elemsize);
void upc_memput_transpose_asynci(shared void *dst,
                                 const ptrdiff_t dststrides[],
                                 const void *src,
                                 const ptrdiff_t srcstrides[],
                                 const size_t count[], size_t stridelevels,
                                 size_t elemsize);

void upc_memget_transpose(void *dst, const ptrdiff_t dststrides[],
                          shared const void *src,
                          const ptrdiff_t srcstrides[], const size_t count[],
                          size_t stridelevels, size_t elemsize);
upc_handle_t upc_memget_transpose_async(void *dst,
                                        const ptrdiff_t dststrides[],
                                        shared const void *src,
                                        const ptrdiff_t srcstrides[],
                                        const size_t count[],
                                        size_t stridelevels,
                                        size_t elemsize);
void upc_memget_transpose_asynci(void *dst, const ptrdiff_t dststrides[],
                                 shared const void *src,
                                 const ptrdiff_t srcstrides[],
                                 const size_t count[], size_t stridelevels,
                                 size_t elemsize);
/* Appendix items 1 and 2: reblocking copies. The shared side is a
   block-distributed array of elemsize-byte elements, block size (in
   elements) dstblock or srcblock, 0 for the indefinite layout; the
   pointer's thread and phase say where the copy starts, and offsets and
   strides count bytes in the array's logical order, so one call may span
   every thread's blocks. */
void upc_memcpy_blocked(shared void *dst, size_t dstblock,
                        shared const void *src, size_t srcblock,
                        size_t elemsize, size_t nelems);
upc_handle_t upc_memcpy_blocked_async(shared void *dst, size_t dstblock,
                                      shared const void *src,
                                      size_t srcblock, size_t elemsize,
                                      size_t nelems);
void upc_memcpy_blocked_asynci(shared void *dst, size_t dstblock,
                               shared const void *src, size_t srcblock,
                               size_t elemsize, size_t nelems);

void upc_memput_blocked(shared void *dst, size_t dstblock, const void *src,
                        size_t elemsize, size_t nelems);
upc_handle_t upc_memput_blocked_async(shared void *dst, size_t dstblock,
                                      const void *src, size_t elemsize,
                                      size_t nelems);
void upc_memput_blocked_asynci(shared void *dst, size_t dstblock,
                               const void *src, size_t elemsize,
                               size_t nelems);

void upc_memget_blocked(void *dst, shared const void *src, size_t srcblock,
                        size_t elemsize, size_t nelems);
upc_handle_t upc_memget_blocked_async(void *dst, shared const void *src,
                                      size_t srcblock, size_t elemsize,
                                      size_t nelems);
void upc_memget_blocked_asynci(void *dst, shared const void *src,
                               size_t srcblock, size_t elemsize,
                               size_t nelems);

void upc_memcpy_strided_blocked(shared void *dst, size_t dstblock,
                                const size_t dststrides[],
                                shared const void *src, size_t srcblock,
                                const size_t srcstrides[],
                                const size_t count[], size_t stridelevels,
                                size_t elemsize);
upc_handle_t upc_memcpy_strided_blocked_async(shared void *dst,
                                              size_t dstblock,
                                              const size_t dststrides[],
                                              shared const void *src,
                                              size_t srcblock,
                                              const size_t srcstrides[],
                                              const size_t count[],
                                              size_t stridelevels,
                                              size_t elemsize);
void upc_memcpy_strided_blocked_asynci(shared void *dst, size_t dstblock,
                                       const size_t dststrides[],
                                       shared const void *src,
                                       size_t srcblock,
                                       const size_t srcstrides[],
                                       const size_t count[],
                                       size_t stridelevels, size_t elemsize);

void upc_memput_strided_blocked(shared void *dst, size_t dstblock,
                                const size_t dststrides[], const void *src,
                                const size_t srcstrides[],
                                const size_t count[], size_t stridelevels,
                                size_t elemsize);
upc_handle_t upc_memput_strided_blocked_async(shared void *dst,
                                              size_t dstblock,
                                              const size_t dststrides[],
                                              const void *src,
                                              const size_t srcstrides[],
                                              const size_t count[],
                                              size_t stridelevels,
                                              size_t elemsize);
void upc_memput_strided_blocked_asynci(shared void *dst, size_t dstblock,
                                       const size_t dststrides[],
                                       const void *src,
                                       const size_t srcstrides[],
                                       const size_t count[],
                                       size_t stridelevels, size_t elemsize);

void upc_memget_strided_blocked(void *dst, const size_t dststrides[],
                                shared const void *src, size_t srcblock,
                                const size_t srcstrides[],
                                const size_t count[], size_t stridelevels,
                                size_t elemsize);
upc_handle_t upc_memget_strided_blocked_async(void *dst,
                                              const size_t dststrides[],
                                              shared const void *src,
                                              size_t srcblock,
                                              const size_t srcstrides[],
                                              const size_t count[],
                                              size_t stridelevels,
                                              size_t elemsize);
void upc_memget_strided_blocked_asynci(void *dst, const size_t dststrides[],
                                       shared const void *src,
                                       size_t srcblock,
                                       const size_t srcstrides[],
                                       const size_t count[],
                                       size_t stridelevels, size_t elemsize);

#endif /* _UPC_NB_H */
