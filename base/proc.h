/* proc: a program run without a shell, as a generator is (docs/generators.md): fork and
 * execvp in a process group of its own, stdin from /dev/null, its stdout captured up to
 * a cap, the tail of its stderr kept, a timeout after which the whole group gets
 * SIGTERM, then SIGKILL. The group never outlives a run: once the program exits, what
 * it left running in its group (a child in the background) is killed too, so a
 * sweep leaves no process behind. Safe to call from several threads at once (every
 * pipe is close-on-exec, the child calls only async-signal-safe functions). POSIX;
 * never prints. */
#ifndef DELVE_BASE_PROC_H
#define DELVE_BASE_PROC_H

#include <signal.h>
#include <stddef.h>

#include "base/status.h"

#define PROC_ERR_KEEP 4096  /* bytes of stderr kept: the last ones */
#define PROC_GRACE_MS 1000  /* after SIGTERM, how long the group has before SIGKILL */

/* What a run may take. */
typedef struct proc_opts {
    int timeout_ms;  /* wall-clock time before the group is killed; 0: no limit */
    size_t out_max;  /* bytes of stdout taken; one more and the group is killed */
    const volatile sig_atomic_t *stop; /* polled every 50 ms; raised: the group is killed */
} proc_opts;

/* How a run went. out is malloc'ed and NUL-terminated (NULL when it printed nothing,
 * then out_len is 0); err_tail holds the last bytes of stderr, NUL-terminated. */
typedef struct proc_result {
    char *out;
    size_t out_len;
    char err_tail[PROC_ERR_KEEP + 1];
    size_t err_len;   /* bytes written to stderr in all */
    int code;         /* its exit code, when it exited (signal 0) */
    int signal;       /* the signal that ended it, else 0 */
    int timed_out;    /* 1: killed at timeout_ms */
    int too_big;      /* 1: killed for printing more than out_max */
    int stopped;      /* 1: killed because the stop flag rose */
} proc_result;

/* Runs argv (argv[0] looked up in PATH as execvp does; argv[argc] == NULL) into *r
 * (free with proc_result_free). DELVE_OK whenever the program ran, whatever its end (r
 * says); DELVE_EINPUT "cannot run 'NAME': why" when it cannot be started (not found,
 * not executable); DELVE_EIO when a pipe or fork fails; DELVE_ENOMEM. */
delve_status proc_run(char *const argv[], const proc_opts *o, proc_result *r,
                      delve_err *err);

void proc_result_free(proc_result *r);

#endif
