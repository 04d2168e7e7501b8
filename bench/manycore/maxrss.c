/* maxrss CMD ARGS...: runs CMD and prints its wall time and peak resident
 * memory on stderr ("maxrss: 0.123 s 45678 KB"), with CMD's exit status.
 * For machines without GNU time (the many-core device). */
#include <stdio.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int main(int argc, char **argv) {
    struct timespec t0, t1;
    struct rusage ru;
    int status;
    pid_t pid;
    if (argc < 2) {
        fprintf(stderr, "usage: maxrss CMD [ARGS...]\n");
        return 2;
    }
    clock_gettime(CLOCK_MONOTONIC, &t0);
    pid = fork();
    if (pid == 0) {
        execvp(argv[1], argv + 1);
        perror(argv[1]);
        _exit(127);
    }
    if (pid < 0 || wait4(pid, &status, 0, &ru) < 0) {
        perror("maxrss");
        return 2;
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    fprintf(stderr, "maxrss: %.3f s %ld KB\n", (t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9, ru.ru_maxrss);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}
