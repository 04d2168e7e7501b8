/* assert.h: diagnostics (C99 7.2). Deliberately without an include guard
   around assert itself: C99 requires assert to follow the NDEBUG in effect
   at each inclusion. The failure message is glibc's, printed by
   __assert_fail, which then aborts. */
#ifndef _ASSERT_H_DECLS
#define _ASSERT_H_DECLS
void __assert_fail(const char *expr, const char *file, unsigned int line, const char *func);
#endif

#undef assert
#ifdef NDEBUG
#define assert(expr) ((void)0)
#else
#define assert(expr) ((expr) ? (void)0 : __assert_fail(#expr, __FILE__, __LINE__, __func__))
#endif
