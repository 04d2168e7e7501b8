/* shmem.h: OpenSHMEM for plain C programs built by upcgo. Each UPC thread
   is one PE; shmem_my_pe() is MYTHREAD and shmem_n_pes() THREADS.

   Including this header makes the translation unit's global and static
   variables symmetric (the pragma below): every PE has its copy at the
   same offset of its own shared segment, so the address of a global on
   one PE names every PE's copy. shmem_malloc and friends allocate from the
   symmetric heap. A remote address that is neither is a run-time error
   naming the call and its line, as is a PE number out of range.

   The typed families are declared by the macros at the end, one line per
   type; docs/openshmem.md lists what is provided and what differs from
   the OpenSHMEM 1.5/1.6 specification. */
#ifndef _SHMEM_H
#define _SHMEM_H

#pragma upcgo symmetric

#include <stddef.h>
#include <stdint.h>

#define SHMEM_MAJOR_VERSION 1
#define SHMEM_MINOR_VERSION 5
#define SHMEM_MAX_NAME_LEN 256
#define SHMEM_VENDOR_STRING "upcgo"
#define _SHMEM_MAJOR_VERSION SHMEM_MAJOR_VERSION
#define _SHMEM_MINOR_VERSION SHMEM_MINOR_VERSION

/* Comparison operators (wait_until, test, signal_wait_until). */
#define SHMEM_CMP_EQ 0
#define SHMEM_CMP_NE 1
#define SHMEM_CMP_GT 2
#define SHMEM_CMP_GE 3
#define SHMEM_CMP_LT 4
#define SHMEM_CMP_LE 5
#define _SHMEM_CMP_EQ SHMEM_CMP_EQ
#define _SHMEM_CMP_NE SHMEM_CMP_NE
#define _SHMEM_CMP_GT SHMEM_CMP_GT
#define _SHMEM_CMP_GE SHMEM_CMP_GE
#define _SHMEM_CMP_LT SHMEM_CMP_LT
#define _SHMEM_CMP_LE SHMEM_CMP_LE

/* Signal operators (put_signal). */
#define SHMEM_SIGNAL_SET 0
#define SHMEM_SIGNAL_ADD 1

/* Work arrays of the 1.3 active-set calls: pSync must be symmetric and
   hold SHMEM_SYNC_VALUE everywhere before its first use; upcgo uses its
   first two longs on PE_start (a counter and a generation), so one pSync
   may serve every kind of collective, one call after another. pWrk is
   not used. */
#define SHMEM_SYNC_VALUE 0L
#define SHMEM_BARRIER_SYNC_SIZE 2
#define SHMEM_BCAST_SYNC_SIZE 2
#define SHMEM_REDUCE_SYNC_SIZE 2
#define SHMEM_COLLECT_SYNC_SIZE 2
#define SHMEM_ALLTOALL_SYNC_SIZE 2
#define SHMEM_ALLTOALLS_SYNC_SIZE 2
#define SHMEM_SYNC_SIZE 2
#define SHMEM_REDUCE_MIN_WRKDATA_SIZE 1
#define _SHMEM_SYNC_VALUE SHMEM_SYNC_VALUE
#define _SHMEM_BARRIER_SYNC_SIZE SHMEM_BARRIER_SYNC_SIZE
#define _SHMEM_BCAST_SYNC_SIZE SHMEM_BCAST_SYNC_SIZE
#define _SHMEM_REDUCE_SYNC_SIZE SHMEM_REDUCE_SYNC_SIZE
#define _SHMEM_COLLECT_SYNC_SIZE SHMEM_COLLECT_SYNC_SIZE
#define _SHMEM_ALLTOALL_SYNC_SIZE SHMEM_ALLTOALL_SYNC_SIZE
#define _SHMEM_ALLTOALLS_SYNC_SIZE SHMEM_ALLTOALLS_SYNC_SIZE
#define _SHMEM_REDUCE_MIN_WRKDATA_SIZE SHMEM_REDUCE_MIN_WRKDATA_SIZE

/* Threading levels: a PE is one UPC thread, so SINGLE is what there is. */
#define SHMEM_THREAD_SINGLE 0
#define SHMEM_THREAD_FUNNELED 1
#define SHMEM_THREAD_SERIALIZED 2
#define SHMEM_THREAD_MULTIPLE 3

/* Teams: SHMEM_TEAM_WORLD and the strided teams split from it (a
   team's PEs are start, start + stride, ...). A handle encodes its team;
   teams hold no resources. */
typedef long shmem_team_t;
#define SHMEM_TEAM_WORLD 0L
#define SHMEM_TEAM_INVALID (-1L)
typedef struct {
    int num_contexts;
} shmem_team_config_t;
#define SHMEM_TEAM_NUM_CONTEXTS 1L

/* Contexts: every context is the default one, so shmem_ctx_* calls are
   the plain calls (ordered with them, completed by shmem_quiet too). */
typedef struct __shmem_ctx *shmem_ctx_t;
#define SHMEM_CTX_DEFAULT ((shmem_ctx_t)1)
#define SHMEM_CTX_INVALID ((shmem_ctx_t)0)
#define SHMEM_CTX_SERIALIZED 1L
#define SHMEM_CTX_PRIVATE 2L
#define SHMEM_CTX_NOSTORE 4L

/* Setup, query, exit. */
void shmem_init(void);
void shmem_finalize(void);
int shmem_my_pe(void);
int shmem_n_pes(void);
void shmem_global_exit(int status);
int shmem_pe_accessible(int pe);
int shmem_addr_accessible(const void *addr, int pe);
void *shmem_ptr(const void *dest, int pe);
void shmem_info_get_version(int *major, int *minor);
void shmem_info_get_name(char *name);
int shmem_init_thread(int requested, int *provided);
void shmem_query_thread(int *provided);

/* Synchronisation and ordering. */
void shmem_barrier_all(void);
void shmem_sync_all(void);
void shmem_quiet(void);
void shmem_fence(void);

/* Symmetric heap. */
void *shmem_malloc(size_t size);
void *shmem_calloc(size_t count, size_t size);
void *shmem_align(size_t alignment, size_t size);
void *shmem_realloc(void *ptr, size_t size);
void shmem_free(void *ptr);

/* Teams and contexts. */
int shmem_team_my_pe(shmem_team_t team);
int shmem_team_n_pes(shmem_team_t team);
int shmem_team_sync(shmem_team_t team);
int shmem_team_translate_pe(shmem_team_t src_team, int src_pe, shmem_team_t dest_team);
int shmem_team_split_strided(shmem_team_t parent_team, int start, int stride, int size,
                             const shmem_team_config_t *config, long config_mask, shmem_team_t *new_team);
int shmem_team_split_2d(shmem_team_t parent_team, int xrange, const shmem_team_config_t *xaxis_config,
                        long xaxis_mask, shmem_team_t *xaxis_team, const shmem_team_config_t *yaxis_config,
                        long yaxis_mask, shmem_team_t *yaxis_team);
void shmem_team_destroy(shmem_team_t team);
int shmem_team_get_config(shmem_team_t team, long config_mask, shmem_team_config_t *config);
int shmem_ctx_create(long options, shmem_ctx_t *ctx);
int shmem_team_create_ctx(shmem_team_t team, long options, shmem_ctx_t *ctx);
void shmem_ctx_destroy(shmem_ctx_t ctx);
int shmem_ctx_get_team(shmem_ctx_t ctx, shmem_team_t *team);
void shmem_ctx_quiet(shmem_ctx_t ctx);
void shmem_ctx_fence(shmem_ctx_t ctx);

/* Distributed locks on a symmetric long, 0 on every PE before first use;
   served in the order asked. */
void shmem_set_lock(long *lock);
void shmem_clear_lock(long *lock);
int shmem_test_lock(long *lock);

/* Untyped RMA: bytes (mem) and 8..128-bit elements. */
void shmem_putmem(void *dest, const void *source, size_t nelems, int pe);
void shmem_getmem(void *dest, const void *source, size_t nelems, int pe);
void shmem_putmem_nbi(void *dest, const void *source, size_t nelems, int pe);
void shmem_getmem_nbi(void *dest, const void *source, size_t nelems, int pe);
void shmem_putmem_signal(void *dest, const void *source, size_t nelems,
                         uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_putmem_signal_nbi(void *dest, const void *source, size_t nelems,
                             uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_putmem(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems, int pe);
void shmem_ctx_getmem(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems, int pe);
void shmem_ctx_putmem_nbi(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems, int pe);
void shmem_ctx_getmem_nbi(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems, int pe);
void shmem_ctx_putmem_signal(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems,
                             uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_ctx_putmem_signal_nbi(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems,
                                 uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
#define __SHMEM_SIZED(S)                                                                              \
    void shmem_put##S(void *dest, const void *source, size_t nelems, int pe);                         \
    void shmem_get##S(void *dest, const void *source, size_t nelems, int pe);                         \
    void shmem_put##S##_nbi(void *dest, const void *source, size_t nelems, int pe);                   \
    void shmem_get##S##_nbi(void *dest, const void *source, size_t nelems, int pe);                   \
    void shmem_iput##S(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,   \
                       int pe);                                                                       \
    void shmem_iget##S(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,   \
                       int pe);                                                                       \
    void shmem_ibput##S(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,   \
                        size_t nblocks, int pe);                                                      \
    void shmem_ibget##S(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,   \
                        size_t nblocks, int pe);                                                      \
    void shmem_put##S##_signal(void *dest, const void *source, size_t nelems, uint64_t *sig_addr,     \
                               uint64_t signal, int sig_op, int pe);                                  \
    void shmem_put##S##_signal_nbi(void *dest, const void *source, size_t nelems, uint64_t *sig_addr, \
                                   uint64_t signal, int sig_op, int pe);                              \
    void shmem_ctx_put##S(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems, int pe);    \
    void shmem_ctx_get##S(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems, int pe);    \
    void shmem_ctx_put##S##_nbi(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems,       \
                                int pe);                                                              \
    void shmem_ctx_get##S##_nbi(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems,       \
                                int pe);                                                              \
    void shmem_ctx_iput##S(shmem_ctx_t ctx, void *dest, const void *source, ptrdiff_t dst,            \
                           ptrdiff_t sst, size_t nelems, int pe);                                     \
    void shmem_ctx_iget##S(shmem_ctx_t ctx, void *dest, const void *source, ptrdiff_t dst,            \
                           ptrdiff_t sst, size_t nelems, int pe);                                     \
    void shmem_ctx_ibput##S(shmem_ctx_t ctx, void *dest, const void *source, ptrdiff_t dst,           \
                            ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);                     \
    void shmem_ctx_ibget##S(shmem_ctx_t ctx, void *dest, const void *source, ptrdiff_t dst,           \
                            ptrdiff_t sst, size_t bsize, size_t nblocks, int pe);                     \
    void shmem_ctx_put##S##_signal(shmem_ctx_t ctx, void *dest, const void *source, size_t nelems,    \
                                   uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);          \
    void shmem_ctx_put##S##_signal_nbi(shmem_ctx_t ctx, void *dest, const void *source,               \
                                       size_t nelems, uint64_t *sig_addr, uint64_t signal,            \
                                       int sig_op, int pe);
__SHMEM_SIZED(8)
__SHMEM_SIZED(16)
__SHMEM_SIZED(32)
__SHMEM_SIZED(64)
__SHMEM_SIZED(128)
#undef __SHMEM_SIZED

/* Typed RMA over the standard RMA types: shmem_<N>_put, _get, _put_nbi,
   _get_nbi, _p, _g, _iput, _iget, _ibput, _ibget (1.6), _put_signal,
   _put_signal_nbi, their shmem_ctx_<N>_ forms, and the team collectives
   _broadcast, _collect, _fcollect, _alltoall and _alltoalls (1.5). dst and sst are strides in
   elements; ibput/ibget move nblocks blocks of bsize elements whose
   starts are dst and sst elements apart. */
#define __SHMEM_RMA(T, N)                                                                               \
    void shmem_##N##_put(T *dest, const T *source, size_t nelems, int pe);                              \
    void shmem_##N##_get(T *dest, const T *source, size_t nelems, int pe);                              \
    void shmem_##N##_put_nbi(T *dest, const T *source, size_t nelems, int pe);                          \
    void shmem_##N##_get_nbi(T *dest, const T *source, size_t nelems, int pe);                          \
    void shmem_##N##_p(T *dest, T value, int pe);                                                       \
    T shmem_##N##_g(const T *source, int pe);                                                           \
    void shmem_##N##_iput(T *dest, const T *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,        \
                          int pe);                                                                      \
    void shmem_##N##_iget(T *dest, const T *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems,        \
                          int pe);                                                                      \
    void shmem_##N##_ibput(T *dest, const T *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,        \
                           size_t nblocks, int pe);                                                     \
    void shmem_##N##_ibget(T *dest, const T *source, ptrdiff_t dst, ptrdiff_t sst, size_t bsize,        \
                           size_t nblocks, int pe);                                                     \
    void shmem_##N##_put_signal(T *dest, const T *source, size_t nelems, uint64_t *sig_addr,            \
                                uint64_t signal, int sig_op, int pe);                                   \
    void shmem_##N##_put_signal_nbi(T *dest, const T *source, size_t nelems, uint64_t *sig_addr,        \
                                    uint64_t signal, int sig_op, int pe);                               \
    int shmem_##N##_broadcast(shmem_team_t team, T *dest, const T *source, size_t nelems, int PE_root); \
    int shmem_##N##_collect(shmem_team_t team, T *dest, const T *source, size_t nelems);               \
    int shmem_##N##_fcollect(shmem_team_t team, T *dest, const T *source, size_t nelems);              \
    int shmem_##N##_alltoall(shmem_team_t team, T *dest, const T *source, size_t nelems);              \
    int shmem_##N##_alltoalls(shmem_team_t team, T *dest, const T *source, ptrdiff_t dst,              \
                              ptrdiff_t sst, size_t nelems);                                            \
    void shmem_ctx_##N##_put(shmem_ctx_t ctx, T *dest, const T *source, size_t nelems, int pe);         \
    void shmem_ctx_##N##_get(shmem_ctx_t ctx, T *dest, const T *source, size_t nelems, int pe);         \
    void shmem_ctx_##N##_put_nbi(shmem_ctx_t ctx, T *dest, const T *source, size_t nelems, int pe);     \
    void shmem_ctx_##N##_get_nbi(shmem_ctx_t ctx, T *dest, const T *source, size_t nelems, int pe);     \
    void shmem_ctx_##N##_p(shmem_ctx_t ctx, T *dest, T value, int pe);                                  \
    T shmem_ctx_##N##_g(shmem_ctx_t ctx, const T *source, int pe);                                      \
    void shmem_ctx_##N##_iput(shmem_ctx_t ctx, T *dest, const T *source, ptrdiff_t dst, ptrdiff_t sst,  \
                              size_t nelems, int pe);                                                   \
    void shmem_ctx_##N##_iget(shmem_ctx_t ctx, T *dest, const T *source, ptrdiff_t dst, ptrdiff_t sst,  \
                              size_t nelems, int pe);                                                   \
    void shmem_ctx_##N##_ibput(shmem_ctx_t ctx, T *dest, const T *source, ptrdiff_t dst, ptrdiff_t sst, \
                               size_t bsize, size_t nblocks, int pe);                                   \
    void shmem_ctx_##N##_ibget(shmem_ctx_t ctx, T *dest, const T *source, ptrdiff_t dst, ptrdiff_t sst, \
                               size_t bsize, size_t nblocks, int pe);                                   \
    void shmem_ctx_##N##_put_signal(shmem_ctx_t ctx, T *dest, const T *source, size_t nelems,           \
                                    uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);           \
    void shmem_ctx_##N##_put_signal_nbi(shmem_ctx_t ctx, T *dest, const T *source, size_t nelems,       \
                                        uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
__SHMEM_RMA(float, float)
__SHMEM_RMA(double, double)
__SHMEM_RMA(long double, longdouble)
__SHMEM_RMA(char, char)
__SHMEM_RMA(signed char, schar)
__SHMEM_RMA(short, short)
__SHMEM_RMA(int, int)
__SHMEM_RMA(long, long)
__SHMEM_RMA(long long, longlong)
__SHMEM_RMA(unsigned char, uchar)
__SHMEM_RMA(unsigned short, ushort)
__SHMEM_RMA(unsigned int, uint)
__SHMEM_RMA(unsigned long, ulong)
__SHMEM_RMA(unsigned long long, ulonglong)
__SHMEM_RMA(int8_t, int8)
__SHMEM_RMA(int16_t, int16)
__SHMEM_RMA(int32_t, int32)
__SHMEM_RMA(int64_t, int64)
__SHMEM_RMA(uint8_t, uint8)
__SHMEM_RMA(uint16_t, uint16)
__SHMEM_RMA(uint32_t, uint32)
__SHMEM_RMA(uint64_t, uint64)
__SHMEM_RMA(size_t, size)
__SHMEM_RMA(ptrdiff_t, ptrdiff)
#undef __SHMEM_RMA

int shmem_broadcastmem(shmem_team_t team, void *dest, const void *source, size_t nelems, int PE_root);
int shmem_collectmem(shmem_team_t team, void *dest, const void *source, size_t nelems);
int shmem_fcollectmem(shmem_team_t team, void *dest, const void *source, size_t nelems);
int shmem_alltoallmem(shmem_team_t team, void *dest, const void *source, size_t nelems);
int shmem_alltoallsmem(shmem_team_t team, void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst,
                       size_t nelems);

/* The 1.3 active-set collectives over PE_start, PE_start +
   2^logPE_stride, ... (PE_size PEs): the PEs outside it do not call. The
   root of a broadcast is a number in the set; its dest is not written. */
#define __SHMEM_COLL13(S)                                                                                \
    void shmem_broadcast##S(void *dest, const void *source, size_t nelems, int PE_root, int PE_start,   \
                            int logPE_stride, int PE_size, long *pSync);                                 \
    void shmem_collect##S(void *dest, const void *source, size_t nelems, int PE_start, int logPE_stride, \
                          int PE_size, long *pSync);                                                     \
    void shmem_fcollect##S(void *dest, const void *source, size_t nelems, int PE_start,                  \
                           int logPE_stride, int PE_size, long *pSync);                                  \
    void shmem_alltoall##S(void *dest, const void *source, size_t nelems, int PE_start,                  \
                           int logPE_stride, int PE_size, long *pSync);                                  \
    void shmem_alltoalls##S(void *dest, const void *source, ptrdiff_t dst, ptrdiff_t sst, size_t nelems, \
                            int PE_start, int logPE_stride, int PE_size, long *pSync);
__SHMEM_COLL13(32)
__SHMEM_COLL13(64)
#undef __SHMEM_COLL13

/* Signals. */
uint64_t shmem_signal_fetch(const uint64_t *sig_addr);
uint64_t shmem_signal_wait_until(uint64_t *sig_addr, int cmp, uint64_t cmp_value);

/* Atomics on the standard AMO types, with the 1.3 names for int, long and
   long long (fadd, finc, add, inc, swap, cswap, fetch, set). */
#define __SHMEM_AMO(T, N)                                                      \
    T shmem_##N##_atomic_fetch(const T *source, int pe);                       \
    void shmem_##N##_atomic_set(T *dest, T value, int pe);                     \
    T shmem_##N##_atomic_swap(T *dest, T value, int pe);                       \
    T shmem_##N##_atomic_compare_swap(T *dest, T cond, T value, int pe);       \
    T shmem_##N##_atomic_fetch_add(T *dest, T value, int pe);                  \
    void shmem_##N##_atomic_add(T *dest, T value, int pe);                     \
    T shmem_##N##_atomic_fetch_inc(T *dest, int pe);                           \
    void shmem_##N##_atomic_inc(T *dest, int pe);                              \
    T shmem_ctx_##N##_atomic_fetch(shmem_ctx_t ctx, const T *source, int pe);  \
    void shmem_ctx_##N##_atomic_set(shmem_ctx_t ctx, T *dest, T value, int pe); \
    T shmem_ctx_##N##_atomic_swap(shmem_ctx_t ctx, T *dest, T value, int pe);  \
    T shmem_ctx_##N##_atomic_compare_swap(shmem_ctx_t ctx, T *dest, T cond, T value, int pe); \
    T shmem_ctx_##N##_atomic_fetch_add(shmem_ctx_t ctx, T *dest, T value, int pe); \
    void shmem_ctx_##N##_atomic_add(shmem_ctx_t ctx, T *dest, T value, int pe); \
    T shmem_ctx_##N##_atomic_fetch_inc(shmem_ctx_t ctx, T *dest, int pe);      \
    void shmem_ctx_##N##_atomic_inc(shmem_ctx_t ctx, T *dest, int pe);
#define __SHMEM_AMO13(T, N)                                                    \
    T shmem_##N##_fetch(const T *source, int pe);                              \
    void shmem_##N##_set(T *dest, T value, int pe);                            \
    T shmem_##N##_swap(T *dest, T value, int pe);                              \
    T shmem_##N##_cswap(T *dest, T cond, T value, int pe);                     \
    T shmem_##N##_fadd(T *dest, T value, int pe);                              \
    void shmem_##N##_add(T *dest, T value, int pe);                            \
    T shmem_##N##_finc(T *dest, int pe);                                       \
    void shmem_##N##_inc(T *dest, int pe);
#define __SHMEM_BITWISE(T, N)                                                  \
    T shmem_##N##_atomic_fetch_and(T *dest, T value, int pe);                  \
    void shmem_##N##_atomic_and(T *dest, T value, int pe);                     \
    T shmem_##N##_atomic_fetch_or(T *dest, T value, int pe);                   \
    void shmem_##N##_atomic_or(T *dest, T value, int pe);                      \
    T shmem_##N##_atomic_fetch_xor(T *dest, T value, int pe);                  \
    void shmem_##N##_atomic_xor(T *dest, T value, int pe);                     \
    T shmem_ctx_##N##_atomic_fetch_and(shmem_ctx_t ctx, T *dest, T value, int pe); \
    void shmem_ctx_##N##_atomic_and(shmem_ctx_t ctx, T *dest, T value, int pe); \
    T shmem_ctx_##N##_atomic_fetch_or(shmem_ctx_t ctx, T *dest, T value, int pe); \
    void shmem_ctx_##N##_atomic_or(shmem_ctx_t ctx, T *dest, T value, int pe);  \
    T shmem_ctx_##N##_atomic_fetch_xor(shmem_ctx_t ctx, T *dest, T value, int pe); \
    void shmem_ctx_##N##_atomic_xor(shmem_ctx_t ctx, T *dest, T value, int pe);
__SHMEM_AMO(int, int)
__SHMEM_AMO(long, long)
__SHMEM_AMO(long long, longlong)
__SHMEM_AMO(unsigned int, uint)
__SHMEM_AMO(unsigned long, ulong)
__SHMEM_AMO(unsigned long long, ulonglong)
__SHMEM_AMO(int32_t, int32)
__SHMEM_AMO(int64_t, int64)
__SHMEM_AMO(uint32_t, uint32)
__SHMEM_AMO(uint64_t, uint64)
__SHMEM_AMO(size_t, size)
__SHMEM_AMO(ptrdiff_t, ptrdiff)
__SHMEM_AMO13(int, int)
__SHMEM_AMO13(long, long)
__SHMEM_AMO13(long long, longlong)
__SHMEM_BITWISE(unsigned int, uint)
__SHMEM_BITWISE(unsigned long, ulong)
__SHMEM_BITWISE(unsigned long long, ulonglong)
__SHMEM_BITWISE(int32_t, int32)
__SHMEM_BITWISE(int64_t, int64)
__SHMEM_BITWISE(uint32_t, uint32)
__SHMEM_BITWISE(uint64_t, uint64)
#undef __SHMEM_AMO
#undef __SHMEM_AMO13
#undef __SHMEM_BITWISE

/* The extended AMO types (float, double): fetch, set, swap. */
#define __SHMEM_FAMO(T, N)                                 \
    T shmem_##N##_atomic_fetch(const T *source, int pe);   \
    void shmem_##N##_atomic_set(T *dest, T value, int pe); \
    T shmem_##N##_atomic_swap(T *dest, T value, int pe);   \
    T shmem_##N##_fetch(const T *source, int pe);          \
    void shmem_##N##_set(T *dest, T value, int pe);        \
    T shmem_##N##_swap(T *dest, T value, int pe);          \
    T shmem_ctx_##N##_atomic_fetch(shmem_ctx_t ctx, const T *source, int pe);   \
    void shmem_ctx_##N##_atomic_set(shmem_ctx_t ctx, T *dest, T value, int pe); \
    T shmem_ctx_##N##_atomic_swap(shmem_ctx_t ctx, T *dest, T value, int pe);
__SHMEM_FAMO(float, float)
__SHMEM_FAMO(double, double)
#undef __SHMEM_FAMO

/* Point-to-point synchronisation on this PE's symmetric ivar (or ivars:
   status, if not NULL, leaves out the variables whose entry is not 0;
   _any returns SIZE_MAX and _some 0 when none is left). */
#define __SHMEM_WAIT(T, N)                                                                                    \
    void shmem_##N##_wait_until(T *ivar, int cmp, T cmp_value);                                              \
    int shmem_##N##_test(T *ivar, int cmp, T cmp_value);                                                     \
    void shmem_##N##_wait(T *ivar, T cmp_value);                                                             \
    void shmem_##N##_wait_until_all(T *ivars, size_t nelems, const int *status, int cmp, T cmp_value);       \
    size_t shmem_##N##_wait_until_any(T *ivars, size_t nelems, const int *status, int cmp, T cmp_value);     \
    size_t shmem_##N##_wait_until_some(T *ivars, size_t nelems, size_t *indices, const int *status, int cmp, \
                                       T cmp_value);                                                         \
    void shmem_##N##_wait_until_all_vector(T *ivars, size_t nelems, const int *status, int cmp,              \
                                           T *cmp_values);                                                   \
    size_t shmem_##N##_wait_until_any_vector(T *ivars, size_t nelems, const int *status, int cmp,            \
                                             T *cmp_values);                                                 \
    size_t shmem_##N##_wait_until_some_vector(T *ivars, size_t nelems, size_t *indices, const int *status,   \
                                              int cmp, T *cmp_values);                                       \
    int shmem_##N##_test_all(T *ivars, size_t nelems, const int *status, int cmp, T cmp_value);              \
    size_t shmem_##N##_test_any(T *ivars, size_t nelems, const int *status, int cmp, T cmp_value);           \
    size_t shmem_##N##_test_some(T *ivars, size_t nelems, size_t *indices, const int *status, int cmp,       \
                                 T cmp_value);                                                               \
    int shmem_##N##_test_all_vector(T *ivars, size_t nelems, const int *status, int cmp, T *cmp_values);     \
    size_t shmem_##N##_test_any_vector(T *ivars, size_t nelems, const int *status, int cmp, T *cmp_values);  \
    size_t shmem_##N##_test_some_vector(T *ivars, size_t nelems, size_t *indices, const int *status,         \
                                        int cmp, T *cmp_values);
__SHMEM_WAIT(short, short)
__SHMEM_WAIT(unsigned short, ushort)
__SHMEM_WAIT(int, int)
__SHMEM_WAIT(long, long)
__SHMEM_WAIT(long long, longlong)
__SHMEM_WAIT(unsigned int, uint)
__SHMEM_WAIT(unsigned long, ulong)
__SHMEM_WAIT(unsigned long long, ulonglong)
__SHMEM_WAIT(int32_t, int32)
__SHMEM_WAIT(int64_t, int64)
__SHMEM_WAIT(uint32_t, uint32)
__SHMEM_WAIT(uint64_t, uint64)
__SHMEM_WAIT(size_t, size)
__SHMEM_WAIT(ptrdiff_t, ptrdiff)
#undef __SHMEM_WAIT

/* Reductions on SHMEM_TEAM_WORLD (1.5): dest[i] = source[i] of every PE
   combined; dest may be source. They return 0. */
#define __SHMEM_ARITH_REDUCE(T, N)                                                                \
    int shmem_##N##_sum_reduce(shmem_team_t team, T *dest, const T *source, size_t nreduce);     \
    int shmem_##N##_prod_reduce(shmem_team_t team, T *dest, const T *source, size_t nreduce);    \
    int shmem_##N##_min_reduce(shmem_team_t team, T *dest, const T *source, size_t nreduce);     \
    int shmem_##N##_max_reduce(shmem_team_t team, T *dest, const T *source, size_t nreduce);
#define __SHMEM_BIT_REDUCE(T, N)                                                                  \
    int shmem_##N##_and_reduce(shmem_team_t team, T *dest, const T *source, size_t nreduce);     \
    int shmem_##N##_or_reduce(shmem_team_t team, T *dest, const T *source, size_t nreduce);      \
    int shmem_##N##_xor_reduce(shmem_team_t team, T *dest, const T *source, size_t nreduce);
__SHMEM_ARITH_REDUCE(char, char)
__SHMEM_ARITH_REDUCE(signed char, schar)
__SHMEM_ARITH_REDUCE(short, short)
__SHMEM_ARITH_REDUCE(int, int)
__SHMEM_ARITH_REDUCE(long, long)
__SHMEM_ARITH_REDUCE(long long, longlong)
__SHMEM_ARITH_REDUCE(ptrdiff_t, ptrdiff)
__SHMEM_ARITH_REDUCE(unsigned char, uchar)
__SHMEM_ARITH_REDUCE(unsigned short, ushort)
__SHMEM_ARITH_REDUCE(unsigned int, uint)
__SHMEM_ARITH_REDUCE(unsigned long, ulong)
__SHMEM_ARITH_REDUCE(unsigned long long, ulonglong)
__SHMEM_ARITH_REDUCE(int8_t, int8)
__SHMEM_ARITH_REDUCE(int16_t, int16)
__SHMEM_ARITH_REDUCE(int32_t, int32)
__SHMEM_ARITH_REDUCE(int64_t, int64)
__SHMEM_ARITH_REDUCE(uint8_t, uint8)
__SHMEM_ARITH_REDUCE(uint16_t, uint16)
__SHMEM_ARITH_REDUCE(uint32_t, uint32)
__SHMEM_ARITH_REDUCE(uint64_t, uint64)
__SHMEM_ARITH_REDUCE(size_t, size)
__SHMEM_ARITH_REDUCE(float, float)
__SHMEM_ARITH_REDUCE(double, double)
__SHMEM_ARITH_REDUCE(long double, longdouble)
__SHMEM_BIT_REDUCE(short, short) /* short, int, long, long long: as Sandia OpenSHMEM */
__SHMEM_BIT_REDUCE(int, int)
__SHMEM_BIT_REDUCE(long, long)
__SHMEM_BIT_REDUCE(long long, longlong)
__SHMEM_BIT_REDUCE(unsigned char, uchar)
__SHMEM_BIT_REDUCE(unsigned short, ushort)
__SHMEM_BIT_REDUCE(unsigned int, uint)
__SHMEM_BIT_REDUCE(unsigned long, ulong)
__SHMEM_BIT_REDUCE(unsigned long long, ulonglong)
__SHMEM_BIT_REDUCE(int8_t, int8)
__SHMEM_BIT_REDUCE(int16_t, int16)
__SHMEM_BIT_REDUCE(int32_t, int32)
__SHMEM_BIT_REDUCE(int64_t, int64)
__SHMEM_BIT_REDUCE(uint8_t, uint8)
__SHMEM_BIT_REDUCE(uint16_t, uint16)
__SHMEM_BIT_REDUCE(uint32_t, uint32)
__SHMEM_BIT_REDUCE(uint64_t, uint64)
__SHMEM_BIT_REDUCE(size_t, size)
#undef __SHMEM_ARITH_REDUCE
#undef __SHMEM_BIT_REDUCE

/* The 1.3 reductions over an active set: dest[i] = source[i] of every PE
   of the set combined, in the set's order. */
#define __SHMEM_TO_ALL(T, N, OP)                                                                       \
    void shmem_##N##_##OP##_to_all(T *dest, const T *source, int nreduce, int PE_start, int logPE_stride, \
                                    int PE_size, T *pWrk, long *pSync);
#define __SHMEM_ARITH_TO_ALL(T, N) \
    __SHMEM_TO_ALL(T, N, sum)      \
    __SHMEM_TO_ALL(T, N, prod)     \
    __SHMEM_TO_ALL(T, N, min)      \
    __SHMEM_TO_ALL(T, N, max)
#define __SHMEM_BIT_TO_ALL(T, N) \
    __SHMEM_TO_ALL(T, N, and)    \
    __SHMEM_TO_ALL(T, N, or)     \
    __SHMEM_TO_ALL(T, N, xor)
__SHMEM_ARITH_TO_ALL(short, short)
__SHMEM_ARITH_TO_ALL(int, int)
__SHMEM_ARITH_TO_ALL(long, long)
__SHMEM_ARITH_TO_ALL(long long, longlong)
__SHMEM_ARITH_TO_ALL(float, float)
__SHMEM_ARITH_TO_ALL(double, double)
__SHMEM_ARITH_TO_ALL(long double, longdouble)
__SHMEM_BIT_TO_ALL(short, short)
__SHMEM_BIT_TO_ALL(int, int)
__SHMEM_BIT_TO_ALL(long, long)
__SHMEM_BIT_TO_ALL(long long, longlong)
#undef __SHMEM_TO_ALL
#undef __SHMEM_ARITH_TO_ALL
#undef __SHMEM_BIT_TO_ALL

/* OpenSHMEM 1.3 names. */
void start_pes(int npes);
int _my_pe(void);
int _num_pes(void);
void shmem_barrier(int PE_start, int logPE_stride, int PE_size, long *pSync);
void *shmalloc(size_t size);
void shfree(void *ptr);
void *shrealloc(void *ptr, size_t size);
void *shmemalign(size_t alignment, size_t size);

/* The C11 generic names: the compiler picks shmem_<T>_ (or
   shmem_ctx_<T>_ with a context first) from the type the first pointer
   argument points to (dest of the team collectives), and says so if
   that is not a type of the family. */
#define shmem_put(...) __builtin_shmem_put(__VA_ARGS__)
#define shmem_get(...) __builtin_shmem_get(__VA_ARGS__)
#define shmem_put_nbi(...) __builtin_shmem_put_nbi(__VA_ARGS__)
#define shmem_get_nbi(...) __builtin_shmem_get_nbi(__VA_ARGS__)
#define shmem_p(...) __builtin_shmem_p(__VA_ARGS__)
#define shmem_g(...) __builtin_shmem_g(__VA_ARGS__)
#define shmem_iput(...) __builtin_shmem_iput(__VA_ARGS__)
#define shmem_iget(...) __builtin_shmem_iget(__VA_ARGS__)
#define shmem_ibput(...) __builtin_shmem_ibput(__VA_ARGS__)
#define shmem_ibget(...) __builtin_shmem_ibget(__VA_ARGS__)
#define shmem_put_signal(...) __builtin_shmem_put_signal(__VA_ARGS__)
#define shmem_put_signal_nbi(...) __builtin_shmem_put_signal_nbi(__VA_ARGS__)
#define shmem_atomic_fetch(...) __builtin_shmem_atomic_fetch(__VA_ARGS__)
#define shmem_atomic_set(...) __builtin_shmem_atomic_set(__VA_ARGS__)
#define shmem_atomic_swap(...) __builtin_shmem_atomic_swap(__VA_ARGS__)
#define shmem_atomic_compare_swap(...) __builtin_shmem_atomic_compare_swap(__VA_ARGS__)
#define shmem_atomic_fetch_add(...) __builtin_shmem_atomic_fetch_add(__VA_ARGS__)
#define shmem_atomic_add(...) __builtin_shmem_atomic_add(__VA_ARGS__)
#define shmem_atomic_fetch_inc(...) __builtin_shmem_atomic_fetch_inc(__VA_ARGS__)
#define shmem_atomic_inc(...) __builtin_shmem_atomic_inc(__VA_ARGS__)
#define shmem_atomic_fetch_and(...) __builtin_shmem_atomic_fetch_and(__VA_ARGS__)
#define shmem_atomic_and(...) __builtin_shmem_atomic_and(__VA_ARGS__)
#define shmem_atomic_fetch_or(...) __builtin_shmem_atomic_fetch_or(__VA_ARGS__)
#define shmem_atomic_or(...) __builtin_shmem_atomic_or(__VA_ARGS__)
#define shmem_atomic_fetch_xor(...) __builtin_shmem_atomic_fetch_xor(__VA_ARGS__)
#define shmem_atomic_xor(...) __builtin_shmem_atomic_xor(__VA_ARGS__)
#define shmem_fetch(...) __builtin_shmem_fetch(__VA_ARGS__)
#define shmem_set(...) __builtin_shmem_set(__VA_ARGS__)
#define shmem_swap(...) __builtin_shmem_swap(__VA_ARGS__)
#define shmem_cswap(...) __builtin_shmem_cswap(__VA_ARGS__)
#define shmem_fadd(...) __builtin_shmem_fadd(__VA_ARGS__)
#define shmem_add(...) __builtin_shmem_add(__VA_ARGS__)
#define shmem_finc(...) __builtin_shmem_finc(__VA_ARGS__)
#define shmem_inc(...) __builtin_shmem_inc(__VA_ARGS__)
#define shmem_wait_until(...) __builtin_shmem_wait_until(__VA_ARGS__)
#define shmem_wait(...) __builtin_shmem_wait(__VA_ARGS__)
#define shmem_test(...) __builtin_shmem_test(__VA_ARGS__)
#define shmem_wait_until_all(...) __builtin_shmem_wait_until_all(__VA_ARGS__)
#define shmem_wait_until_any(...) __builtin_shmem_wait_until_any(__VA_ARGS__)
#define shmem_wait_until_some(...) __builtin_shmem_wait_until_some(__VA_ARGS__)
#define shmem_wait_until_all_vector(...) __builtin_shmem_wait_until_all_vector(__VA_ARGS__)
#define shmem_wait_until_any_vector(...) __builtin_shmem_wait_until_any_vector(__VA_ARGS__)
#define shmem_wait_until_some_vector(...) __builtin_shmem_wait_until_some_vector(__VA_ARGS__)
#define shmem_test_all(...) __builtin_shmem_test_all(__VA_ARGS__)
#define shmem_test_any(...) __builtin_shmem_test_any(__VA_ARGS__)
#define shmem_test_some(...) __builtin_shmem_test_some(__VA_ARGS__)
#define shmem_test_all_vector(...) __builtin_shmem_test_all_vector(__VA_ARGS__)
#define shmem_test_any_vector(...) __builtin_shmem_test_any_vector(__VA_ARGS__)
#define shmem_test_some_vector(...) __builtin_shmem_test_some_vector(__VA_ARGS__)
#define shmem_broadcast(...) __builtin_shmem_broadcast(__VA_ARGS__)
#define shmem_collect(...) __builtin_shmem_collect(__VA_ARGS__)
#define shmem_fcollect(...) __builtin_shmem_fcollect(__VA_ARGS__)
#define shmem_alltoall(...) __builtin_shmem_alltoall(__VA_ARGS__)
#define shmem_alltoalls(...) __builtin_shmem_alltoalls(__VA_ARGS__)
#define shmem_sum_reduce(...) __builtin_shmem_sum_reduce(__VA_ARGS__)
#define shmem_prod_reduce(...) __builtin_shmem_prod_reduce(__VA_ARGS__)
#define shmem_min_reduce(...) __builtin_shmem_min_reduce(__VA_ARGS__)
#define shmem_max_reduce(...) __builtin_shmem_max_reduce(__VA_ARGS__)
#define shmem_and_reduce(...) __builtin_shmem_and_reduce(__VA_ARGS__)
#define shmem_or_reduce(...) __builtin_shmem_or_reduce(__VA_ARGS__)
#define shmem_xor_reduce(...) __builtin_shmem_xor_reduce(__VA_ARGS__)

#include <shmemx.h>

#endif
