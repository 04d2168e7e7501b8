/* unistd.h: the POSIX calls UPC programs use most — sleeping, the process
   id, the host name, file access tests, and I/O on the kernel's file
   descriptors (open is in fcntl.h). A UPC thread sleeping blocks only
   itself; the process's UPC threads share its descriptors. Failures
   return -1 and set errno. */
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

#ifndef __upcgo_pid_t
#define __upcgo_pid_t
typedef int pid_t;
#endif
#ifndef __upcgo_useconds_t
#define __upcgo_useconds_t
typedef unsigned int useconds_t;
#endif
#ifndef __upcgo_off_t
#define __upcgo_off_t
typedef long off_t;
#endif

unsigned int sleep(unsigned int seconds);
int usleep(useconds_t usec);
pid_t getpid(void);
int gethostname(char *name, size_t len);

#define STDIN_FILENO 0
#define STDOUT_FILENO 1
#define STDERR_FILENO 2

/* access's modes. */
#define F_OK 0
#define X_OK 1
#define W_OK 2
#define R_OK 4

#ifndef SEEK_SET
#define SEEK_SET 0
#define SEEK_CUR 1
#define SEEK_END 2
#endif

int access(const char *path, int mode);
ssize_t read(int fd, void *buf, size_t count);
ssize_t write(int fd, const void *buf, size_t count);
off_t lseek(int fd, off_t offset, int whence);
int close(int fd);
int fsync(int fd);
int ftruncate(int fd, off_t length);
int truncate(const char *path, off_t length);
int unlink(const char *path);
int rmdir(const char *path);
char *getcwd(char *buf, size_t size);

/* sysconf's names (glibc's numbers): the clock ticks per second, the page
   size, the processors configured and online. */
#define _SC_CLK_TCK 2
#define _SC_PAGESIZE 30
#define _SC_PAGE_SIZE _SC_PAGESIZE
#define _SC_NPROCESSORS_CONF 83
#define _SC_NPROCESSORS_ONLN 84
long sysconf(int name);
int getpagesize(void);

#endif /* _UNISTD_H */
