/* fcntl.h: open(2) and its flags, with Linux's values. The descriptor is
   the kernel's: read, write, lseek and close (unistd.h) use it, and the
   process's UPC threads share it, as pthreads in one C process do. */
#ifndef _FCNTL_H
#define _FCNTL_H

#include <sys/types.h>

#define O_RDONLY 00
#define O_WRONLY 01
#define O_RDWR 02
#define O_ACCMODE 03
#define O_CREAT 0100
#define O_EXCL 0200
#define O_NOCTTY 0400
#define O_TRUNC 01000
#define O_APPEND 02000
#define O_NONBLOCK 04000
#define O_NDELAY O_NONBLOCK
#define O_DSYNC 010000
#define O_SYNC 04010000
#define O_DIRECTORY 0200000
#define O_NOFOLLOW 0400000
#define O_CLOEXEC 02000000

/* Also in unistd.h and stdio.h. */
#ifndef SEEK_SET
#define SEEK_SET 0
#define SEEK_CUR 1
#define SEEK_END 2
#endif

/* The descriptor, or -1 with errno set. mode (an int, after the default
   promotions) is read when flags hold O_CREAT. */
int open(const char *path, int flags, ...);
int creat(const char *path, mode_t mode);

#endif /* _FCNTL_H */
