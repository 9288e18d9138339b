/* proc: a program run in its own process group, its output captured, a timeout
 * (docs/generators.md "Faults"). */
#include "base/proc.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define PROC_TICK_MS 50 /* how often the stop flag, the clock and the program are looked at */

enum { P_OUT, P_ERR, P_EXEC, P_COUNT }; /* the pipes: stdout, stderr, execvp's errno */

/* One run's state. */
typedef struct run {
    const proc_opts *o;
    proc_result *r;
    pid_t pid;
    int fd[P_COUNT];   /* read ends, -1 once at their end */
    size_t out_cap;
    int exec_errno;    /* execvp's errno in the child, else 0 */
    int exec_len;      /* bytes of it read */
    int nomem;
} run;

static int64_t now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

/* In the child: the pipes as stdin/stdout/stderr, a group of its own, then the program;
 * on failure execvp's errno down the exec pipe. Async-signal-safe calls only. */
static void child(char *const argv[], int devnull, const int w[P_COUNT])
{
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    setpgid(0, 0);
    if (dup2(devnull, 0) < 0 || dup2(w[P_OUT], 1) < 0 || dup2(w[P_ERR], 2) < 0)
        _exit(127);
    execvp(argv[0], argv);
    int e = errno;
    ssize_t n = write(w[P_EXEC], &e, sizeof e);
    (void)n;
    _exit(127);
}

/* Bytes from the stderr pipe kept as its tail. */
static void keep_tail(proc_result *r, const char *b, size_t n)
{
    r->err_len += n;
    if (n >= PROC_ERR_KEEP) {
        memcpy(r->err_tail, b + n - PROC_ERR_KEEP, PROC_ERR_KEEP);
        r->err_tail[PROC_ERR_KEEP] = '\0';
        return;
    }
    size_t have = strlen(r->err_tail), drop = have + n > PROC_ERR_KEEP ? have + n - PROC_ERR_KEEP : 0;
    memmove(r->err_tail, r->err_tail + drop, have - drop);
    memcpy(r->err_tail + have - drop, b, n);
    r->err_tail[have - drop + n] = '\0';
}

/* Appends n bytes to the captured stdout; 0 past out_max or out of memory. */
static int take_out(run *u, const char *b, size_t n)
{
    proc_result *r = u->r;
    if (r->out_len + n > u->o->out_max) {
        r->too_big = 1;
        return 0;
    }
    if (r->out_len + n + 1 > u->out_cap) {
        size_t cap = u->out_cap ? u->out_cap * 2 : 65536;
        while (cap < r->out_len + n + 1)
            cap *= 2;
        char *p = realloc(r->out, cap);
        if (!p) {
            u->nomem = 1;
            return 0;
        }
        r->out = p, u->out_cap = cap;
    }
    memcpy(r->out + r->out_len, b, n);
    r->out_len += n;
    r->out[r->out_len] = '\0';
    return 1;
}

/* Reads what pipe p holds now. 0 when the run must end (too much output, no memory). */
static int drain(run *u, int p)
{
    char b[65536];
    while (u->fd[p] >= 0) {
        ssize_t n = read(u->fd[p], b, sizeof b);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
            return 1;
        if (n <= 0) {
            close(u->fd[p]);
            u->fd[p] = -1;
            return 1;
        }
        if (p == P_ERR)
            keep_tail(u->r, b, (size_t)n);
        else if (p == P_EXEC)
            for (ssize_t i = 0; i < n && u->exec_len < (int)sizeof u->exec_errno; i++)
                ((char *)&u->exec_errno)[u->exec_len++] = b[i];
        else if (!take_out(u, b, (size_t)n))
            return 0;
    }
    return 1;
}

/* 1 when the program (the group's leader) has exited; it is left to be reaped, so its
 * pid stays its group's and cannot be taken by another process yet. */
static int leader_gone(pid_t pid)
{
    siginfo_t si;
    memset(&si, 0, sizeof si);
    return waitid(P_PID, (id_t)pid, &si, WEXITED | WNOHANG | WNOWAIT) == 0 && si.si_pid == pid;
}

/* Waits for the leader to exit, the pipes read, until it does or the clock, the stop
 * flag or the output's cap end the run. */
static void watch(run *u)
{
    int64_t deadline = u->o->timeout_ms ? now_ms() + u->o->timeout_ms : INT64_MAX;
    long idle_ms = 1; /* with every pipe at its end: a wait growing to PROC_TICK_MS */
    for (;;) {
        struct pollfd pf[P_COUNT];
        int n = 0;
        for (int p = 0; p < P_COUNT; p++)
            if (u->fd[p] >= 0)
                pf[n++] = (struct pollfd){ .fd = u->fd[p], .events = POLLIN };
        if (n)
            poll(pf, (nfds_t)n, PROC_TICK_MS);
        else
            nanosleep(&(struct timespec){ 0, idle_ms * 1000000L }, NULL);
        idle_ms = n || idle_ms >= PROC_TICK_MS ? idle_ms : idle_ms * 2;
        for (int p = 0; p < P_COUNT; p++)
            if (!drain(u, p))
                return;
        if (leader_gone(u->pid)) {
            for (int p = 0; p < P_COUNT; p++) /* what it wrote before it exited */
                drain(u, p);
            return;
        }
        if (u->o->stop && *u->o->stop) {
            u->r->stopped = 1;
            return;
        }
        if (now_ms() >= deadline) {
            u->r->timed_out = 1;
            return;
        }
    }
}

/* Ends the group: SIGTERM and a grace period when the leader still runs, then SIGKILL
 * to whatever is left of it; reaps the leader into r. */
static void end_group(run *u)
{
    if (!leader_gone(u->pid)) {
        kill(-u->pid, SIGTERM);
        for (int64_t t = now_ms() + PROC_GRACE_MS; now_ms() < t && !leader_gone(u->pid);)
            nanosleep(&(struct timespec){ 0, 20 * 1000000L }, NULL);
    }
    kill(-u->pid, SIGKILL);
    int ws = 0;
    while (waitpid(u->pid, &ws, 0) < 0 && errno == EINTR)
        ;
    u->r->code = WIFEXITED(ws) ? WEXITSTATUS(ws) : 0;
    u->r->signal = WIFSIGNALED(ws) ? WTERMSIG(ws) : 0;
}

/* Pipes (read ends close-on-exec and non-blocking) and /dev/null; -1s on failure. */
static delve_status open_pipes(int rd[P_COUNT], int wr[P_COUNT], int *devnull, delve_err *err)
{
    for (int p = 0; p < P_COUNT; p++)
        rd[p] = wr[p] = -1;
    *devnull = open("/dev/null", O_RDONLY | O_CLOEXEC);
    if (*devnull < 0)
        return delve_fail(err, DELVE_EIO, "cannot open /dev/null: %s", strerror(errno));
    for (int p = 0; p < P_COUNT; p++) {
        int fds[2];
        if (pipe(fds) < 0)
            return delve_fail(err, DELVE_EIO, "cannot make a pipe: %s", strerror(errno));
        rd[p] = fds[0], wr[p] = fds[1];
        fcntl(rd[p], F_SETFD, FD_CLOEXEC);
        fcntl(wr[p], F_SETFD, FD_CLOEXEC);
        fcntl(rd[p], F_SETFL, fcntl(rd[p], F_GETFL) | O_NONBLOCK);
    }
    return DELVE_OK;
}

static void close_all(int *fds, int n)
{
    for (int i = 0; i < n; i++)
        if (fds[i] >= 0)
            close(fds[i]), fds[i] = -1;
}

delve_status proc_run(char *const argv[], const proc_opts *o, proc_result *r,
                      delve_err *err)
{
    memset(r, 0, sizeof *r);
    run u = { .o = o, .r = r };
    int wr[P_COUNT], devnull;
    delve_status st = open_pipes(u.fd, wr, &devnull, err);
    if (!st && (u.pid = fork()) < 0)
        st = delve_fail(err, DELVE_EIO, "cannot start '%s': %s", argv[0], strerror(errno));
    if (!st && u.pid == 0)
        child(argv, devnull, wr);
    if (devnull >= 0)
        close(devnull);
    close_all(wr, P_COUNT);
    if (!st) {
        setpgid(u.pid, u.pid); /* as the child does: whichever runs first */
        watch(&u);
        end_group(&u);
        drain(&u, P_EXEC);
    }
    close_all(u.fd, P_COUNT);
    if (!st && u.nomem)
        st = delve_fail(err, DELVE_ENOMEM, "out of memory for the output of '%s'", argv[0]);
    if (!st && u.exec_len == (int)sizeof u.exec_errno)
        st = delve_fail(err, DELVE_EINPUT, "cannot run '%s': %s", argv[0],
                        strerror(u.exec_errno));
    if (st)
        proc_result_free(r);
    return st;
}

void proc_result_free(proc_result *r)
{
    free(r->out);
    r->out = NULL;
    r->out_len = 0;
}
