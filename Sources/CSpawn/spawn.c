#include "CSpawn.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/prctl.h>
#endif

/// Writes `error` to the parent and ends the child; only async-signal-safe calls.
static void fail_in_child(int report, int error) {
    ssize_t ignored = write(report, &error, sizeof error);
    (void)ignored;
    _exit(127);
}

static void prepare_child(const char *path, char *const argv[], char *const envp[], const int places[3],
                          const int *default_signals, int default_signal_count, pid_t parent, int report) {
#if defined(__linux__)
    // Ends with the thread that started it, and so with the process, even
    // when the process is killed (SIGKILL cannot be handled). If the parent
    // is already gone, it will not be told: check after asking.
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) fail_in_child(report, errno);
    if (getppid() != parent) _exit(127);
#else
    (void)parent;
#endif
    for (int place = 0; place < 3; place++) {
        int descriptor = places[place];
        if (descriptor < 0) continue;
        if (descriptor == place) {
            // Already in place: only clear close-on-exec.
            int flags = fcntl(descriptor, F_GETFD);
            if (flags < 0 || fcntl(descriptor, F_SETFD, flags & ~FD_CLOEXEC) != 0) fail_in_child(report, errno);
        } else if (dup2(descriptor, place) < 0) {
            fail_in_child(report, errno);
        }
    }
    for (int place = 0; place < 3; place++) {
        int descriptor = places[place];
        if (descriptor > 2) close(descriptor);
    }
    for (int index = 0; index < default_signal_count; index++) {
        struct sigaction action;
        action.sa_handler = SIG_DFL;
        action.sa_flags = 0;
        sigemptyset(&action.sa_mask);
        sigaction(default_signals[index], &action, NULL);
    }
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    execve(path, argv, envp);
    fail_in_child(report, errno);
}

int cspawn_start(pid_t *pid, const char *path, char *const argv[], char *const envp[], const int places[3],
                 const int *default_signals, int default_signal_count) {
    // The child reports a failure before `execve` through this pipe; a
    // successful `execve` closes it (close-on-exec), which the parent reads
    // as the end.
    int report[2];
    if (pipe(report) != 0) return errno;
    for (int end = 0; end < 2; end++) {
        // Above the standard descriptors (which a process started with one
        // closed would hand out), so that placing the child's cannot close it.
        int moved = fcntl(report[end], F_DUPFD_CLOEXEC, 3);
        if (moved < 0) {
            int error = errno;
            close(report[0]);
            close(report[1]);
            return error;
        }
        close(report[end]);
        report[end] = moved;
    }
    pid_t parent = getpid();
    pid_t child = fork();
    if (child < 0) {
        int error = errno;
        close(report[0]);
        close(report[1]);
        return error;
    }
    if (child == 0) {
        close(report[0]);
        prepare_child(path, argv, envp, places, default_signals, default_signal_count, parent, report[1]);
    }
    close(report[1]);
    int error = 0;
    ssize_t count;
    do {
        count = read(report[0], &error, sizeof error);
    } while (count < 0 && errno == EINTR);
    close(report[0]);
    if (count == (ssize_t)sizeof error) {
        // The program did not start: the child has ended, and is waited for here.
        int status;
        while (waitpid(child, &status, 0) < 0 && errno == EINTR) {
        }
        return error;
    }
    *pid = child;
    return 0;
}
