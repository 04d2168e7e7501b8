/* sys/time.h: gettimeofday and struct timeval (POSIX), plus the BSD
   timeval arithmetic macros glibc provides. */
#ifndef _SYS_TIME_H
#define _SYS_TIME_H

#ifndef __upcgo_time_t
#define __upcgo_time_t
typedef long time_t;
#endif

#ifndef __upcgo_suseconds_t
#define __upcgo_suseconds_t
typedef long suseconds_t;
#endif

struct timeval {
	time_t tv_sec;
	suseconds_t tv_usec;
};

/* Obsolete: gettimeofday fills it with zeros. */
struct timezone {
	int tz_minuteswest;
	int tz_dsttime;
};

int gettimeofday(struct timeval *restrict tv, void *restrict tz);

#define timerisset(tvp) ((tvp)->tv_sec || (tvp)->tv_usec)
#define timerclear(tvp) ((tvp)->tv_sec = (tvp)->tv_usec = 0)
#define timercmp(a, b, CMP) \
	(((a)->tv_sec == (b)->tv_sec) ? ((a)->tv_usec CMP (b)->tv_usec) : ((a)->tv_sec CMP (b)->tv_sec))
#define timeradd(a, b, result) \
	do { \
		(result)->tv_sec = (a)->tv_sec + (b)->tv_sec; \
		(result)->tv_usec = (a)->tv_usec + (b)->tv_usec; \
		if ((result)->tv_usec >= 1000000) { \
			++(result)->tv_sec; \
			(result)->tv_usec -= 1000000; \
		} \
	} while (0)
#define timersub(a, b, result) \
	do { \
		(result)->tv_sec = (a)->tv_sec - (b)->tv_sec; \
		(result)->tv_usec = (a)->tv_usec - (b)->tv_usec; \
		if ((result)->tv_usec < 0) { \
			--(result)->tv_sec; \
			(result)->tv_usec += 1000000; \
		} \
	} while (0)

#endif /* _SYS_TIME_H */
