/* gccshim.h: lets gcc compile a suite program marked "// gcc: yes" as
   plain C with one UPC thread (MYTHREAD 0, THREADS 1), so that its expected
   output is checked against a compiler other than upcgo. It covers the UPC
   that such programs may use: the qualifiers without a layout, barriers
   and fences as statements, and the upc.h functions that are trivial with
   one thread. Programs that use upc_forall, layout qualifiers (shared [N])
   or split-phase barriers inside if/else without braces are not for gcc. */
#ifndef GCCSHIM_H
#define GCCSHIM_H

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#define shared
#define relaxed
#define strict
#define MYTHREAD 0
#define THREADS 1
#define UPC_MAX_BLOCK_SIZE 4294967295UL

/* "upc_barrier;" and "upc_barrier 3;" both become statements. */
#define upc_barrier ;
#define upc_notify ;
#define upc_wait ;
#define upc_fence ;

#define upc_localsizeof(x) sizeof(x)
#define upc_elemsizeof(x) sizeof(x)

typedef int upc_lock_t;

static inline void upc_global_exit(int status) { exit(status); }
static inline void *upc_alloc(size_t n) { return malloc(n); }
static inline void *upc_global_alloc(size_t nblocks, size_t n) { return calloc(nblocks ? nblocks : 1, n ? n : 1); }
static inline void *upc_all_alloc(size_t nblocks, size_t n) { return calloc(nblocks ? nblocks : 1, n ? n : 1); }
static inline void upc_free(void *p) { free(p); }
static inline void upc_all_free(void *p) { free(p); }
static inline size_t upc_threadof(void *p) { (void)p; return 0; }
static inline size_t upc_phaseof(void *p) { (void)p; return 0; }
static inline void *upc_resetphase(void *p) { return p; }
static inline size_t upc_affinitysize(size_t total, size_t nbytes, size_t thread) { (void)nbytes; (void)thread; return total; }
static inline upc_lock_t *upc_global_lock_alloc(void) { return calloc(1, sizeof(upc_lock_t)); }
static inline upc_lock_t *upc_all_lock_alloc(void) { return calloc(1, sizeof(upc_lock_t)); }
static inline void upc_lock_free(upc_lock_t *l) { free(l); }
static inline void upc_all_lock_free(upc_lock_t *l) { free(l); }
static inline void upc_lock(upc_lock_t *l) { *l = 1; }
static inline int upc_lock_attempt(upc_lock_t *l) { if (*l) return 0; *l = 1; return 1; }
static inline void upc_unlock(upc_lock_t *l) { *l = 0; }
static inline void upc_memcpy(void *d, const void *s, size_t n) { memcpy(d, s, n); }
static inline void upc_memget(void *d, const void *s, size_t n) { memcpy(d, s, n); }
static inline void upc_memput(void *d, const void *s, size_t n) { memcpy(d, s, n); }
static inline void upc_memset(void *d, int c, size_t n) { memset(d, c, n); }

#endif
