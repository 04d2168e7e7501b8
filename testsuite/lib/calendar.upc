// gcc: yes
// threads: 1 2
/* time.h's calendar: gmtime of fixed instants (leap days, the epoch,
   before it), mktime normalising out-of-range fields (in UTC, so the
   output depends on no time zone: the program sets nothing, and checks
   localtime only against itself), strftime with every C99 conversion and
   ISO weeks around new year, asctime, difftime, and the POSIX clocks. */
#include <stdio.h>
#include <string.h>
#include <time.h>

static void show(const struct tm *tm) {
	char buf[256];
	size_t n = strftime(buf, sizeof buf,
	                    "%a %A %b %B %C %d %D %e %F %g %G %h %H %I %j %m %M %n%p %r %R %S %t%T %u %U %V %w %W %x %X %y %Y %%", tm);
	printf("[%d] %s\n", (int)n, buf);
}

int main(void) {
	if (MYTHREAD != 0)
		return 0;
	const time_t instants[] = {0, 951782400 /* 2000-02-29 */, 1230768000 /* 2009-01-01 */, 1104537599 /* 2004-12-31 23:59:59 */,
	                           1262217600 /* 2009-12-31 */, -86400, 1700000000, 4102444800 /* 2100-01-01 */};
	for (int i = 0; i < (int)(sizeof instants / sizeof instants[0]); i++) {
		struct tm tm;
		struct tm *r = gmtime_r(&instants[i], &tm);
		printf("%ld: %d-%02d-%02d %02d:%02d:%02d wday %d yday %d dst %d\n", (long)instants[i], tm.tm_year + 1900,
		       tm.tm_mon + 1, tm.tm_mday, tm.tm_hour, tm.tm_min, tm.tm_sec, tm.tm_wday, tm.tm_yday, tm.tm_isdst);
		show(r);
		printf("%s", asctime(gmtime(&instants[i])));
	}

	/* strftime: padding flags, %z of UTC, a result that does not fit. */
	time_t t = 1700000000;
	struct tm *g = gmtime(&t);
	char buf[64];
	strftime(buf, sizeof buf, "%e|%-d|%_H|%k|%l|%P|%z|%Z", g);
	printf("%s\n", buf);
	printf("too small: %d\n", (int)strftime(buf, 5, "%Y-%m-%d", g));
	printf("empty: %d\n", (int)strftime(buf, sizeof buf, "", g));

	/* mktime normalises: 2023-14-35 25:61:61 is 2024-03-07 02:02:01.
	   Local time and UTC differ by a fixed amount, whatever the zone. */
	struct tm n = {0};
	n.tm_year = 123;
	n.tm_mon = 13;
	n.tm_mday = 35;
	n.tm_hour = 25;
	n.tm_min = 61;
	n.tm_sec = 61;
	n.tm_isdst = -1;
	time_t m = mktime(&n);
	printf("normalised: %d-%02d-%02d %02d:%02d:%02d wday %d yday %d\n", n.tm_year + 1900, n.tm_mon + 1, n.tm_mday,
	       n.tm_hour, n.tm_min, n.tm_sec, n.tm_wday, n.tm_yday);
	struct tm back;
	localtime_r(&m, &back);
	printf("localtime(mktime(x)) == x: %d\n",
	       back.tm_year == n.tm_year && back.tm_mon == n.tm_mon && back.tm_mday == n.tm_mday && back.tm_hour == n.tm_hour &&
	           back.tm_min == n.tm_min && back.tm_sec == n.tm_sec);
	struct tm *l = localtime(&m);
	printf("ctime is asctime(localtime): %d\n", strcmp(ctime(&m), asctime(l)) == 0);
	printf("difftime: %.1f %.1f\n", difftime(1700000000, 1699999000), difftime(0, 10));

	/* Clocks: the kernel's, monotonic never goes back; a short sleep. */
	struct timespec a, b, res, req = {0, 2000000};
	printf("clock_gettime: %d %d\n", clock_gettime(CLOCK_MONOTONIC, &a), clock_gettime(CLOCK_REALTIME, &b));
	printf("realtime near time(): %d\n", b.tv_sec - time(NULL) <= 0 && time(NULL) - b.tv_sec < 5);
	int r = clock_getres(CLOCK_MONOTONIC, &res);
	printf("clock_getres: %d, nanoseconds: %d\n", r, res.tv_sec == 0 && res.tv_nsec > 0);
	printf("nanosleep: %d\n", nanosleep(&req, NULL));
	clock_gettime(CLOCK_MONOTONIC, &b);
	printf("monotonic advanced by the sleep: %d\n", (b.tv_sec - a.tv_sec) * 1000000000L + (b.tv_nsec - a.tv_nsec) >= 2000000);
	printf("bad clock: %d\n", clock_gettime(12345, &a));
	req.tv_nsec = 1000000000;
	printf("bad nanosleep: %d\n", nanosleep(&req, NULL));
	return 0;
}
