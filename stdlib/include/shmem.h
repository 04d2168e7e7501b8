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
   hold SHMEM_SYNC_VALUE everywhere before its first use. */
#define SHMEM_SYNC_VALUE 0L
#define SHMEM_BARRIER_SYNC_SIZE 2
#define SHMEM_BCAST_SYNC_SIZE 2
#define SHMEM_REDUCE_SYNC_SIZE 2
#define SHMEM_REDUCE_MIN_WRKDATA_SIZE 1
#define _SHMEM_SYNC_VALUE SHMEM_SYNC_VALUE
#define _SHMEM_BARRIER_SYNC_SIZE SHMEM_BARRIER_SYNC_SIZE

/* Threading levels: a PE is one UPC thread, so SINGLE is what there is. */
#define SHMEM_THREAD_SINGLE 0
#define SHMEM_THREAD_FUNNELED 1
#define SHMEM_THREAD_SERIALIZED 2
#define SHMEM_THREAD_MULTIPLE 3

/* Teams: only SHMEM_TEAM_WORLD. */
typedef int shmem_team_t;
#define SHMEM_TEAM_WORLD 0
#define SHMEM_TEAM_INVALID (-1)

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

/* Teams. */
int shmem_team_my_pe(shmem_team_t team);
int shmem_team_n_pes(shmem_team_t team);
int shmem_team_sync(shmem_team_t team);

/* Untyped RMA: bytes (mem) and 8..128-bit elements. */
void shmem_putmem(void *dest, const void *source, size_t nelems, int pe);
void shmem_getmem(void *dest, const void *source, size_t nelems, int pe);
void shmem_putmem_nbi(void *dest, const void *source, size_t nelems, int pe);
void shmem_getmem_nbi(void *dest, const void *source, size_t nelems, int pe);
void shmem_putmem_signal(void *dest, const void *source, size_t nelems,
                         uint64_t *sig_addr, uint64_t signal, int sig_op, int pe);
void shmem_putmem_signal_nbi(void *dest, const void *source, size_t nelems,
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
                                   uint64_t signal, int sig_op, int pe);
__SHMEM_SIZED(8)
__SHMEM_SIZED(16)
__SHMEM_SIZED(32)
__SHMEM_SIZED(64)
__SHMEM_SIZED(128)
#undef __SHMEM_SIZED

/* Typed RMA over the standard RMA types: shmem_<N>_put, _get, _put_nbi,
   _get_nbi, _p, _g, _iput, _iget, _ibput, _ibget (1.6), _put_signal,
   _put_signal_nbi and _broadcast (1.5, teams). dst and sst are strides in
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
    int shmem_##N##_broadcast(shmem_team_t team, T *dest, const T *source, size_t nelems, int PE_root);
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
    void shmem_##N##_atomic_inc(T *dest, int pe);
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
    void shmem_##N##_atomic_xor(T *dest, T value, int pe);
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
    T shmem_##N##_swap(T *dest, T value, int pe);
__SHMEM_FAMO(float, float)
__SHMEM_FAMO(double, double)
#undef __SHMEM_FAMO

/* Point-to-point synchronisation on this PE's symmetric ivar. */
#define __SHMEM_WAIT(T, N)                                       \
    void shmem_##N##_wait_until(T *ivar, int cmp, T cmp_value); \
    int shmem_##N##_test(T *ivar, int cmp, T cmp_value);        \
    void shmem_##N##_wait(T *ivar, T cmp_value);
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
void shmem_wait_until(long *ivar, int cmp, long cmp_value);
void shmem_wait(long *ivar, long cmp_value);

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

/* OpenSHMEM 1.3 names. */
void start_pes(int npes);
int _my_pe(void);
int _num_pes(void);
void shmem_barrier(int PE_start, int logPE_stride, int PE_size, long *pSync);
void *shmalloc(size_t size);
void shfree(void *ptr);
void *shrealloc(void *ptr, size_t size);
void *shmemalign(size_t alignment, size_t size);

#include <shmemx.h>

#endif
