// gcc: yes
// threads: 1 2
/* POSIX file calls on the kernel's descriptors (fcntl.h, unistd.h,
   sys/stat.h): open with O_CREAT|O_EXCL and a mode, write, lseek, read,
   fstat and stat, access, ftruncate, unlink; mkdir, rmdir and getcwd;
   the errors as errno. Thread 0 works, in its own directory. (Every call
   is made before the printf that shows it: C leaves the order of a call's
   arguments unspecified.) */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

static int r, e;

/* CALL runs a call and keeps its result and errno for the next printf. */
#define CALL(x) (errno = 0, r = (int)(x), e = errno)

int main(void) {
	if (MYTHREAD != 0)
		return 0;
	const char *dir = "posix_io.dir", *name = "posix_io.dir/f";
	rmdir(dir);
	CALL(mkdir(dir, 0755));
	printf("mkdir: %d\n", r);
	CALL(mkdir(dir, 0755));
	printf("mkdir again: %d EEXIST %d\n", r, e == EEXIST);

	mode_t old = umask(022);
	int fd = open(name, O_WRONLY | O_CREAT | O_EXCL, 0640);
	printf("open: %d\n", fd >= 3);
	CALL(open(name, O_WRONLY | O_CREAT | O_EXCL, 0640));
	printf("O_EXCL again: %d EEXIST %d\n", r, e == EEXIST);
	CALL(write(fd, "hello, world\n", 13));
	printf("write: %d\n", r);
	CALL(lseek(fd, 7, SEEK_SET));
	printf("lseek: %d\n", r);
	CALL(write(fd, "there", 5));
	printf("write: %d\n", r);
	CALL(close(fd));
	printf("close: %d\n", r);
	CALL(close(fd));
	printf("close again: %d EBADF %d\n", r, e == EBADF);

	struct stat st;
	CALL(stat(name, &st));
	printf("stat: %d size %ld regular %d dir %d mode %o\n", r, (long)st.st_size, S_ISREG(st.st_mode), S_ISDIR(st.st_mode),
	       (unsigned)(st.st_mode & 0777));
	CALL(stat(dir, &st));
	printf("stat dir: %d dir %d\n", r, S_ISDIR(st.st_mode));
	CALL(access(name, F_OK));
	printf("access F_OK %d\n", r);
	CALL(access(name, R_OK | W_OK));
	printf("access R_OK|W_OK %d\n", r);
	CALL(access("posix_io.dir/none", F_OK));
	printf("access missing: %d ENOENT %d\n", r, e == ENOENT);

	char buf[32];
	fd = open(name, O_RDWR);
	ssize_t n = read(fd, buf, sizeof buf);
	printf("read %ld: %.*s", (long)n, (int)n, buf);
	CALL(read(fd, buf, sizeof buf));
	printf("read at the end: %d\n", r);
	CALL(lseek(fd, -6, SEEK_END));
	printf("lseek end: %d\n", r);
	n = read(fd, buf, 3);
	printf("read %ld: %.3s\n", (long)n, buf);
	CALL(ftruncate(fd, 5));
	printf("ftruncate: %d\n", r);
	CALL(fstat(fd, &st));
	printf("fstat: %d size %ld\n", r, (long)st.st_size);
	CALL(fsync(fd));
	printf("fsync: %d\n", r);
	close(fd);
	fd = creat(name, 0600);
	CALL(fstat(fd, &st));
	printf("creat truncates: %d\n", r == 0 && st.st_size == 0);
	close(fd);
	CALL(open("posix_io.dir/none", O_RDONLY));
	printf("open missing: %d ENOENT %d\n", r, e == ENOENT);

	char cwd[4096];
	char *p = getcwd(cwd, sizeof cwd);
	printf("getcwd: %d\n", p == cwd && strlen(cwd) > 0 && cwd[0] == '/');
	errno = 0;
	p = getcwd(cwd, 1);
	printf("getcwd too small: %d ERANGE %d\n", p == NULL, errno == ERANGE);
	printf("sysconf: clock ticks %ld, pages of at least 4096 %d, cpus %d\n", sysconf(_SC_CLK_TCK),
	       sysconf(_SC_PAGESIZE) >= 4096, sysconf(_SC_NPROCESSORS_ONLN) >= 1);
	CALL(rmdir(dir));
	printf("rmdir not empty: %d %d\n", r, e == ENOTEMPTY || e == EEXIST);
	CALL(unlink(name));
	printf("unlink: %d\n", r);
	CALL(rmdir(dir));
	printf("rmdir: %d\n", r);
	umask(old);
	return 0;
}
