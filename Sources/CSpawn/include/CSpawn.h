#ifndef CSPAWN_H
#define CSPAWN_H

#include <sys/types.h>

/// Starts the program at `path` with `argv` and `envp` (both ending in a
/// null pointer) as a child of this process, and stores its process id in
/// `pid`. Returns 0, or the `errno` of what failed (starting the process,
/// or `execve` in the child, which is reported before this returns).
///
/// In the child, before the program starts: `places[0]`, `places[1]` and
/// `places[2]` (each -1 to keep this process's) become its standard input,
/// output and error, and those above 2 are closed; the
/// `default_signal_count` signals of `default_signals` are set to their
/// default actions, and then no signal is blocked. On Linux, the child is
/// also sent SIGKILL when the thread that started it ends, the process
/// included, however it ends (`PR_SET_PDEATHSIG`); start and wait for a
/// child on one thread, without suspending in between.
///
/// Only async-signal-safe calls are made between `fork` and `execve`, and
/// everything they use is made before `fork`.
int cspawn_start(pid_t *pid, const char *path, char *const argv[], char *const envp[], const int places[3],
                 const int *default_signals, int default_signal_count);

#endif
