/* stdarg.h: variable arguments (C99 7.15). The compiler implements the
   __builtin_va_* forms, as gcc does. */
#ifndef _STDARG_H
#define _STDARG_H

typedef __builtin_va_list va_list;

#define va_start(ap, last) __builtin_va_start(ap, last)
#define va_arg(ap, type) __builtin_va_arg(ap, type)
#define va_end(ap) __builtin_va_end(ap)
#define va_copy(dest, src) __builtin_va_copy(dest, src)
/* The pre-C99 spelling that glibc and gcc still provide. */
#define __va_copy(dest, src) __builtin_va_copy(dest, src)

#endif /* _STDARG_H */
