/* sys/times.h: times(), the process's processor times in clock ticks
   (sysconf(_SC_CLK_TCK) per second, 100 on Linux). */
#ifndef _SYS_TIMES_H
#define _SYS_TIMES_H

#include <sys/types.h>

struct tms {
	clock_t tms_utime;  /* user time of the process (all its UPC threads) */
	clock_t tms_stime;  /* system time */
	clock_t tms_cutime; /* of its waited-for children */
	clock_t tms_cstime;
};

/* The ticks since an arbitrary point in the past (the boot), or -1. */
clock_t times(struct tms *buf);

#endif /* _SYS_TIMES_H */
