/* stddef.h: common definitions (C99 7.17), with gcc's x86-64 LP64 types. */
#ifndef _STDDEF_H
#define _STDDEF_H

#ifndef NULL
#define NULL ((void *)0)
#endif

#ifndef __upcgo_size_t
#define __upcgo_size_t
typedef unsigned long size_t;
#endif

#ifndef __upcgo_ptrdiff_t
#define __upcgo_ptrdiff_t
typedef long ptrdiff_t;
#endif

#ifndef __upcgo_wchar_t
#define __upcgo_wchar_t
typedef int wchar_t;
#endif

#define offsetof(type, member) __builtin_offsetof(type, member)

#endif /* _STDDEF_H */
