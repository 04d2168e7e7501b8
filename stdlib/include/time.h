/* time.h: date and time (C99 7.23) with POSIX's clocks: time, clock,
   difftime; the calendar (struct tm, mktime, gmtime, localtime and their
   _r forms, asctime, ctime, strftime in the C locale); clock_gettime,
   clock_getres and nanosleep on the kernel's clocks. Local time is the
   zone TZ named when the program started (tzset reads nothing new: a
   program cannot change its environment). localtime, gmtime, asctime
   and ctime return a buffer of the calling UPC thread's. */
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

#ifndef __upcgo_clock_t
#define __upcgo_clock_t
typedef long clock_t;
#endif

#ifndef __upcgo_clockid_t
#define __upcgo_clockid_t
typedef int clockid_t;
#endif

/* clock() counts microseconds of processor time, as in glibc (POSIX
   requires CLOCKS_PER_SEC to be one million). */
#define CLOCKS_PER_SEC ((clock_t)1000000)

struct timespec {
	time_t tv_sec;
	long tv_nsec;
};

/* glibc's layout. */
struct tm {
	int tm_sec;   /* 0-60 */
	int tm_min;   /* 0-59 */
	int tm_hour;  /* 0-23 */
	int tm_mday;  /* 1-31 */
	int tm_mon;   /* 0-11 */
	int tm_year;  /* since 1900 */
	int tm_wday;  /* 0-6, Sunday 0 */
	int tm_yday;  /* 0-365 */
	int tm_isdst; /* > 0 in summer time, 0 not, < 0 unknown (mktime) */
	long tm_gmtoff;      /* seconds east of UTC */
	const char *tm_zone; /* the zone's abbreviation */
};

/* The kernel's clocks (Linux numbers). */
#define CLOCK_REALTIME 0
#define CLOCK_MONOTONIC 1
#define CLOCK_PROCESS_CPUTIME_ID 2
#define CLOCK_THREAD_CPUTIME_ID 3
#define CLOCK_MONOTONIC_RAW 4
#define TIMER_ABSTIME 1

time_t time(time_t *tloc);
clock_t clock(void);
double difftime(time_t time1, time_t time0);
time_t mktime(struct tm *tm);
struct tm *gmtime(const time_t *timer);
struct tm *localtime(const time_t *timer);
struct tm *gmtime_r(const time_t *restrict timer, struct tm *restrict result);
struct tm *localtime_r(const time_t *restrict timer, struct tm *restrict result);
char *asctime(const struct tm *tm);
char *ctime(const time_t *timer);
size_t strftime(char *restrict s, size_t maxsize, const char *restrict format, const struct tm *restrict tm);
void tzset(void);

/* 0, or -1 with errno set (EINVAL for an unknown clock). */
int clock_gettime(clockid_t clock_id, struct timespec *tp);
int clock_getres(clockid_t clock_id, struct timespec *res);
/* It sleeps the calling UPC thread only; no signal interrupts it. */
int nanosleep(const struct timespec *req, struct timespec *rem);

#endif /* _TIME_H */
