/* sys/types.h: the POSIX system data types, with glibc's definitions on
   x86-64 Linux, and the BSD names (u_char, u_int32_t, ...) programs still
   use. */
#ifndef _SYS_TYPES_H
#define _SYS_TYPES_H

#include <stdint.h>

#ifndef __upcgo_size_t
#define __upcgo_size_t
typedef unsigned long size_t;
#endif
#ifndef __upcgo_ssize_t
#define __upcgo_ssize_t
typedef long ssize_t;
#endif
#ifndef __upcgo_time_t
#define __upcgo_time_t
typedef long time_t;
#endif
#ifndef __upcgo_clock_t
#define __upcgo_clock_t
typedef long clock_t;
#endif
#ifndef __upcgo_clockid_t
#define __upcgo_clockid_t
typedef int clockid_t;
#endif
#ifndef __upcgo_pid_t
#define __upcgo_pid_t
typedef int pid_t;
#endif
#ifndef __upcgo_useconds_t
#define __upcgo_useconds_t
typedef unsigned int useconds_t;
#endif
#ifndef __upcgo_suseconds_t
#define __upcgo_suseconds_t
typedef long suseconds_t;
#endif
#ifndef __upcgo_off_t
#define __upcgo_off_t
typedef long off_t;
#endif
#ifndef __upcgo_mode_t
#define __upcgo_mode_t
typedef unsigned int mode_t;
#endif
#ifndef __upcgo_stat_types
#define __upcgo_stat_types
typedef unsigned int uid_t;
typedef unsigned int gid_t;
typedef unsigned long dev_t;
typedef unsigned long ino_t;
typedef unsigned long nlink_t;
typedef long blksize_t;
typedef long blkcnt_t;
#endif

typedef int id_t;
typedef int key_t;
typedef long loff_t;
typedef char *caddr_t;

typedef unsigned char u_char;
typedef unsigned short u_short;
typedef unsigned int u_int;
typedef unsigned long u_long;
typedef unsigned short ushort;
typedef unsigned int uint;
typedef unsigned long ulong;
typedef unsigned char u_int8_t;
typedef unsigned short u_int16_t;
typedef unsigned int u_int32_t;
typedef unsigned long u_int64_t;

#endif /* _SYS_TYPES_H */
