/* time.h: date and time (C99 7.23), only time() and clock(); struct tm
   and the calendar functions are not provided. */
#ifndef _TIME_H
#define _TIME_H

#ifndef NULL
#define NULL ((void *)0)
#endif

#ifndef __upcgo_size_t
#define __upcgo_size_t
typedef unsigned long size_t;
#endif

#ifndef __upcgo_time_t
#define __upcgo_time_t
typedef long time_t;
#endif

typedef long clock_t;

/* clock() counts microseconds of processor time, as in glibc (POSIX
   requires CLOCKS_PER_SEC to be one million). */
#define CLOCKS_PER_SEC ((clock_t)1000000)

time_t time(time_t *tloc);
clock_t clock(void);

#endif /* _TIME_H */
