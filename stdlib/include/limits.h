/* limits.h: sizes of integer types (C99 7.10.5.2), gcc's values on
   x86-64 Linux: char is signed, long is 64 bits. */
#ifndef _LIMITS_H
#define _LIMITS_H

#define CHAR_BIT 8
#define MB_LEN_MAX 16

#define SCHAR_MIN (-128)
#define SCHAR_MAX 127
#define UCHAR_MAX 255
#define CHAR_MIN SCHAR_MIN
#define CHAR_MAX SCHAR_MAX

#define SHRT_MIN (-32768)
#define SHRT_MAX 32767
#define USHRT_MAX 65535

/* INT_MIN is written as an expression because 2147483648 alone does not
   fit in int and would have type long. */
#define INT_MIN (-INT_MAX - 1)
#define INT_MAX 2147483647
#define UINT_MAX 4294967295U

#define LONG_MIN (-LONG_MAX - 1L)
#define LONG_MAX 9223372036854775807L
#define ULONG_MAX 18446744073709551615UL

#define LLONG_MIN (-LLONG_MAX - 1LL)
#define LLONG_MAX 9223372036854775807LL
#define ULLONG_MAX 18446744073709551615ULL

/* POSIX limits that glibc's limits.h also provides and programs size
   buffers with. */
#define SSIZE_MAX LONG_MAX
#define PATH_MAX 4096

#endif /* _LIMITS_H */
