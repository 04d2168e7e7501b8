/* bupc_extensions.h: Berkeley UPC's names for the memcpy extension
   library of <upc_nb.h> (LBNL-56495 as Berkeley UPC 2.4 and later ship
   it): bupc_handle_t, BUPC_COMPLETE_HANDLE, bupc_pmemvec_t,
   bupc_smemvec_t and the bupc_ functions. They are the same types and
   operations as the upc_ ones, so the spellings mix freely. (Berkeley UPC
   makes these visible without an #include; with upcgo, include this
   header or <upc_nb.h>.) */
#ifndef _BUPC_EXTENSIONS_H
#define _BUPC_EXTENSIONS_H

#include <upc.h>
#include <upc_nb.h>
#include <upc_atomic.h> /* bupc_atomic* */

/* Berkeley UPC's timer, which it declares in upc.h: ticks are
   upc_tick.h's nanoseconds, so the granularity is 0.001 microseconds. */
#include <upc_tick.h>
typedef upc_tick_t bupc_tick_t;
#define BUPC_TICK_MIN ((bupc_tick_t)0)
#define BUPC_TICK_MAX ((bupc_tick_t)-1)
#define bupc_ticks_now() upc_ticks_now()
#define bupc_ticks_to_ns(ticks) upc_ticks_to_ns(ticks)
#define bupc_ticks_to_us(ticks) (upc_ticks_to_ns(ticks) / 1000)
#define bupc_tick_granularityus() 0.001
/* The microseconds one bupc_ticks_now takes, measured once. */
double bupc_tick_overheadus(void);

/* bupc_poll: upc_fence, and a chance for the runtime to make progress. */
void bupc_poll(void);

/* How far thread threadX is from threadY's memory (symmetric, the same on
   every thread): BUPC_THREADS_SAME, VERYNEAR (the same process), NEAR
   (another process whose memory is loaded and stored directly) or FAR
   (through the network). */
#define BUPC_THREADS_SAME 0
#define BUPC_THREADS_VERYNEAR 100
#define BUPC_THREADS_NEAR 200
#define BUPC_THREADS_FAR 300
#define BUPC_THREADS_VERYFAR 400
unsigned int bupc_thread_distance(int threadX, int threadY);

/* p + elemincr for a pointer to shared [blockelems] elements of elemsz
   bytes, when the block size is not a constant (0: indefinite). */
shared void *bupc_ptradd(shared void *p, size_t blockelems, size_t elemsz, long elemincr); /* ptrdiff_t */

/* Semaphores and signalling puts: a bupc_sem_t lives with the thread that
   allocates it (not collectively), with value 0; post adds, wait waits
   until the value is enough and takes it, try takes it if it is there (1)
   or not (0); the N forms take counts (integer semaphores only). Each
   implies a upc_fence. bupc_memput_signal copies nbytes to dst, which has
   the semaphore's affinity, then posts it n times; the _async form is the
   same (it may return before the copy is done; upcgo's never does). */
#define BUPC_SEM_BOOLEAN 1
#define BUPC_SEM_INTEGER 2
#define BUPC_SEM_SPRODUCER 4
#define BUPC_SEM_MPRODUCER 8
#define BUPC_SEM_SCONSUMER 16
#define BUPC_SEM_MCONSUMER 32
#define BUPC_SEM_MAXVALUE 65535
struct bupc_sem_S;
typedef shared struct bupc_sem_S bupc_sem_t;
bupc_sem_t *bupc_sem_alloc(int flags);
void bupc_sem_free(bupc_sem_t *s);
void bupc_sem_post(bupc_sem_t *s);
void bupc_sem_postN(bupc_sem_t *s, size_t n);
void bupc_sem_wait(bupc_sem_t *s);
void bupc_sem_waitN(bupc_sem_t *s, size_t n);
int bupc_sem_try(bupc_sem_t *s);
int bupc_sem_tryN(bupc_sem_t *s, size_t n);
void bupc_memput_signal(shared void *dst, const void *src, size_t nbytes, bupc_sem_t *s, size_t n);
void bupc_memput_signal_async(shared void *dst, const void *src, size_t nbytes, bupc_sem_t *s, size_t n);

typedef upc_handle_t bupc_handle_t;
#define BUPC_COMPLETE_HANDLE UPC_COMPLETE_HANDLE

typedef upc_pmemvec_t bupc_pmemvec_t;
typedef upc_smemvec_t bupc_smemvec_t;

/* The designs Berkeley UPC implements, for programs that test them. */
#define BUPC_SG_DESIGN_A 1
#define BUPC_SG_DESIGN_B 1
#define BUPC_STRIDED_DESIGN_A 1
#define BUPC_STRIDED_DESIGN_B 1

bupc_handle_t bupc_memcpy_async(shared void *dst, shared const void *src,
                                size_t n);
bupc_handle_t bupc_memget_async(void *dst, shared const void *src, size_t n);
bupc_handle_t bupc_memput_async(shared void *dst, const void *src, size_t n);
bupc_handle_t bupc_memset_async(shared void *dst, int c, size_t n);

void bupc_memcpy_asynci(shared void *dst, shared const void *src, size_t n);
void bupc_memget_asynci(void *dst, shared const void *src, size_t n);
void bupc_memput_asynci(shared void *dst, const void *src, size_t n);
void bupc_memset_asynci(shared void *dst, int c, size_t n);

void bupc_waitsync(bupc_handle_t handle);
int bupc_trysync(bupc_handle_t handle);
void bupc_waitsync_all(bupc_handle_t *ph, size_t numhandles);
int bupc_trysync_all(bupc_handle_t *ph, size_t numhandles);
void bupc_waitsync_some(bupc_handle_t *ph, size_t numhandles);
int bupc_trysync_some(bupc_handle_t *ph, size_t numhandles);

void bupc_waitsynci(void);
int bupc_trysynci(void);

void bupc_begin_accessregion(void);
bupc_handle_t bupc_end_accessregion(void);

void bupc_memcpy_vlist(size_t dstcount, bupc_smemvec_t const dstlist[],
                       size_t srccount, bupc_smemvec_t const srclist[]);
bupc_handle_t bupc_memcpy_vlist_async(size_t dstcount,
                                      bupc_smemvec_t const dstlist[],
                                      size_t srccount,
                                      bupc_smemvec_t const srclist[]);
void bupc_memcpy_vlist_asynci(size_t dstcount,
                              bupc_smemvec_t const dstlist[],
                              size_t srccount,
                              bupc_smemvec_t const srclist[]);

void bupc_memput_vlist(size_t dstcount, bupc_smemvec_t const dstlist[],
                       size_t srccount, bupc_pmemvec_t const srclist[]);
bupc_handle_t bupc_memput_vlist_async(size_t dstcount,
                                      bupc_smemvec_t const dstlist[],
                                      size_t srccount,
                                      bupc_pmemvec_t const srclist[]);
void bupc_memput_vlist_asynci(size_t dstcount,
                              bupc_smemvec_t const dstlist[],
                              size_t srccount,
                              bupc_pmemvec_t const srclist[]);

void bupc_memget_vlist(size_t dstcount, bupc_pmemvec_t const dstlist[],
                       size_t srccount, bupc_smemvec_t const srclist[]);
bupc_handle_t bupc_memget_vlist_async(size_t dstcount,
                                      bupc_pmemvec_t const dstlist[],
                                      size_t srccount,
                                      bupc_smemvec_t const srclist[]);
void bupc_memget_vlist_asynci(size_t dstcount,
                              bupc_pmemvec_t const dstlist[],
                              size_t srccount,
                              bupc_smemvec_t const srclist[]);

void bupc_memcpy_ilist(size_t dstcount, shared void *const dstlist[],
                       size_t dstlen, size_t srccount,
                       shared const void *const srclist[], size_t srclen);
bupc_handle_t bupc_memcpy_ilist_async(size_t dstcount,
                                      shared void *const dstlist[],
                                      size_t dstlen, size_t srccount,
                                      shared const void *const srclist[],
                                      size_t srclen);
void bupc_memcpy_ilist_asynci(size_t dstcount, shared void *const dstlist[],
                              size_t dstlen, size_t srccount,
                              shared const void *const srclist[],
                              size_t srclen);

void bupc_memput_ilist(size_t dstcount, shared void *const dstlist[],
                       size_t dstlen, size_t srccount,
                       const void *const srclist[], size_t srclen);
bupc_handle_t bupc_memput_ilist_async(size_t dstcount,
                                      shared void *const dstlist[],
                                      size_t dstlen, size_t srccount,
                                      const void *const srclist[],
                                      size_t srclen);
void bupc_memput_ilist_asynci(size_t dstcount, shared void *const dstlist[],
                              size_t dstlen, size_t srccount,
                              const void *const srclist[], size_t srclen);

void bupc_memget_ilist(size_t dstcount, void *const dstlist[], size_t dstlen,
                       size_t srccount, shared const void *const srclist[],
                       size_t srclen);
bupc_handle_t bupc_memget_ilist_async(size_t dstcount, void *const dstlist[],
                                      size_t dstlen, size_t srccount,
                                      shared const void *const srclist[],
                                      size_t srclen);
void bupc_memget_ilist_asynci(size_t dstcount, void *const dstlist[],
                              size_t dstlen, size_t srccount,
                              shared const void *const srclist[],
                              size_t srclen);

void bupc_memcpy_fstrided(shared void *dstaddr, size_t dstchunklen,
                          size_t dstchunkstride, size_t dstchunkcount,
                          shared void *srcaddr, size_t srcchunklen,
                          size_t srcchunkstride, size_t srcchunkcount);
bupc_handle_t bupc_memcpy_fstrided_async(shared void *dstaddr,
                                         size_t dstchunklen,
                                         size_t dstchunkstride,
                                         size_t dstchunkcount,
                                         shared void *srcaddr,
                                         size_t srcchunklen,
                                         size_t srcchunkstride,
                                         size_t srcchunkcount);
void bupc_memcpy_fstrided_asynci(shared void *dstaddr, size_t dstchunklen,
                                 size_t dstchunkstride, size_t dstchunkcount,
                                 shared void *srcaddr, size_t srcchunklen,
                                 size_t srcchunkstride,
                                 size_t srcchunkcount);

void bupc_memput_fstrided(shared void *dstaddr, size_t dstchunklen,
                          size_t dstchunkstride, size_t dstchunkcount,
                          void *srcaddr, size_t srcchunklen,
                          size_t srcchunkstride, size_t srcchunkcount);
bupc_handle_t bupc_memput_fstrided_async(shared void *dstaddr,
                                         size_t dstchunklen,
                                         size_t dstchunkstride,
                                         size_t dstchunkcount, void *srcaddr,
                                         size_t srcchunklen,
                                         size_t srcchunkstride,
                                         size_t srcchunkcount);
void bupc_memput_fstrided_asynci(shared void *dstaddr, size_t dstchunklen,
                                 size_t dstchunkstride, size_t dstchunkcount,
                                 void *srcaddr, size_t srcchunklen,
                                 size_t srcchunkstride,
                                 size_t srcchunkcount);

void bupc_memget_fstrided(void *dstaddr, size_t dstchunklen,
                          size_t dstchunkstride, size_t dstchunkcount,
                          shared void *srcaddr, size_t srcchunklen,
                          size_t srcchunkstride, size_t srcchunkcount);
bupc_handle_t bupc_memget_fstrided_async(void *dstaddr, size_t dstchunklen,
                                         size_t dstchunkstride,
                                         size_t dstchunkcount,
                                         shared void *srcaddr,
                                         size_t srcchunklen,
                                         size_t srcchunkstride,
                                         size_t srcchunkcount);
void bupc_memget_fstrided_asynci(void *dstaddr, size_t dstchunklen,
                                 size_t dstchunkstride, size_t dstchunkcount,
                                 shared void *srcaddr, size_t srcchunklen,
                                 size_t srcchunkstride,
                                 size_t srcchunkcount);

void bupc_memcpy_strided(shared void *dstaddr, const size_t dststrides[],
                         shared const void *srcaddr,
                         const size_t srcstrides[], const size_t count[],
                         size_t stridelevels);
bupc_handle_t bupc_memcpy_strided_async(shared void *dstaddr,
                                        const size_t dststrides[],
                                        shared const void *srcaddr,
                                        const size_t srcstrides[],
                                        const size_t count[],
                                        size_t stridelevels);
void bupc_memcpy_strided_asynci(shared void *dstaddr,
                                const size_t dststrides[],
                                shared const void *srcaddr,
                                const size_t srcstrides[],
                                const size_t count[], size_t stridelevels);

void bupc_memput_strided(shared void *dstaddr, const size_t dststrides[],
                         const void *srcaddr, const size_t srcstrides[],
                         const size_t count[], size_t stridelevels);
bupc_handle_t bupc_memput_strided_async(shared void *dstaddr,
                                        const size_t dststrides[],
                                        const void *srcaddr,
                                        const size_t srcstrides[],
                                        const size_t count[],
                                        size_t stridelevels);
void bupc_memput_strided_asynci(shared void *dstaddr,
                                const size_t dststrides[],
                                const void *srcaddr,
                                const size_t srcstrides[],
                                const size_t count[], size_t stridelevels);

void bupc_memget_strided(void *dstaddr, const size_t dststrides[],
                         shared const void *srcaddr,
                         const size_t srcstrides[], const size_t count[],
                         size_t stridelevels);
bupc_handle_t bupc_memget_strided_async(void *dstaddr,
                                        const size_t dststrides[],
                                        shared const void *srcaddr,
                                        const size_t srcstrides[],
                                        const size_t count[],
                                        size_t stridelevels);
void bupc_memget_strided_asynci(void *dstaddr, const size_t dststrides[],
                                shared const void *srcaddr,
                                const size_t srcstrides[],
                                const size_t count[], size_t stridelevels);

#endif /* _BUPC_EXTENSIONS_H */
