/* unistd.h: the POSIX calls UPC programs use most — sleeping, the process
   id, the host name. A UPC thread sleeping blocks only itself. */
#ifndef _UNISTD_H
#define _UNISTD_H

#ifndef NULL
#define NULL ((void *)0)
#endif

#ifndef __upcgo_size_t
#define __upcgo_size_t
typedef unsigned long size_t;
#endif

#ifndef __upcgo_ssize_t
#define __upcgo_ssize_t
typedef long ssize_t;
#endif

typedef int pid_t;
typedef unsigned int useconds_t;

unsigned int sleep(unsigned int seconds);
int usleep(useconds_t usec);
pid_t getpid(void);
int gethostname(char *name, size_t len);

#endif /* _UNISTD_H */
