/* folder: signals, the lock's holder line and the end of a folder output's run. */
#include "app/folder.h"

#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#ifdef __linux__
#include <linux/fs.h> /* FS_IOC_GETFLAGS, FS_TOPDIR_FL */
#endif

#include "app/cli.h"
#include "review/catalog.h"

#define FOLDER_HOLDER_MAX 256 /* bytes of the command line written in the lock file */

/* The signal that came, 0 before. The one mutable global of delve: a signal handler
 * can reach nothing else. */
static volatile sig_atomic_t stop_signal;

static void on_signal(int sig)
{
    stop_signal = sig;
}

/* The folder outputs: the command, the kind of folder it makes (base/outdir: a merged
 * shot set is a shot set), the words for messages, the marker of its outputs made before
 * base/outdir (review's). */
static const struct {
    const char *cmd, *kind, *what, *legacy;
} KINDS[] = {
    { "film", "film", "film", NULL },
    { "shot", "shot", "shot set", NULL },
    { "merge", "shot", "shot set", NULL },
    { "review", "review", "review report", ".delve-review" },
};

void folder_catch_signals(void)
{
    static const int SIGNALS[] = { SIGINT, SIGTERM, SIGHUP };
    struct sigaction sa, was;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sa.sa_flags = SA_RESTART;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < sizeof SIGNALS / sizeof SIGNALS[0]; i++) {
        if (sigaction(SIGNALS[i], NULL, &was) == 0 && was.sa_handler == SIG_IGN &&
            SIGNALS[i] != SIGTERM)
            continue;
        sigaction(SIGNALS[i], &sa, NULL);
    }
    signal(SIGXFSZ, SIG_IGN);
}

/* "delve CMD ARGS...", shell-quoted as a catalog's command line (a second run shows it:
 * it pastes), else plain and cut to fit buf. */
static void holder_line(char *buf, size_t size, int argc, char **argv)
{
    delve_err e;
    if (!catalog_command_line(argc, argv, buf, size, &e))
        return;
    size_t n = (size_t)snprintf(buf, size, "delve");
    for (int i = 0; i < argc && n < size; i++)
        n += (size_t)snprintf(buf + n, size - n, " %s", argv[i]);
    for (char *p = buf; *p; p++)
        if (*p == '\n')
            *p = ' ';
}

static const char *signal_word(int sig)
{
    return sig == SIGINT ? "interrupted" : sig == SIGTERM ? "terminated" : "hung up";
}

const char *folder_stop_word(void) { return signal_word(stop_signal); }

int folder_interrupted(const char *cmd, const char *what)
{
    fprintf(stderr, "delve %s: %s; %s left as it was\n", cmd, signal_word(stop_signal),
            what);
    return 128 + stop_signal;
}

/* Marks folder dir as the top of a tree of its own (chattr +T) where the file system
 * has the flag (ext2/3/4; elsewhere nothing happens): ext4 then puts the folders made in
 * it (a film's frames/) in a block group of their own, not in their parent's. Without a
 * journal, ext4 skips every inode freed in the last minute one at a time for each new
 * file (recently_deleted), so a film replacing the one just made spends its system time
 * walking its frames' freed inodes; marked so, it walks far fewer (docs/perf-log.md). */
static void mark_top(const char *dir)
{
#if defined(FS_IOC_GETFLAGS) && defined(FS_TOPDIR_FL)
    int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC), flags = 0;
    if (fd >= 0 && ioctl(fd, FS_IOC_GETFLAGS, &flags) == 0 && !(flags & FS_TOPDIR_FL)) {
        flags |= FS_TOPDIR_FL;
        ioctl(fd, FS_IOC_SETFLAGS, &flags);
    }
    if (fd >= 0)
        close(fd);
#else
    (void)dir;
#endif
}

int folder_open(outdir **od, const char *cmd, const char *target, int argc, char **argv)
{
    size_t k = 0;
    while (k + 1 < sizeof KINDS / sizeof KINDS[0] && strcmp(KINDS[k].cmd, cmd))
        k++;
    if (!target[0]) /* as cli_file_out says of a file */
        return cli_usage_error(cmd, "-o: an empty folder name");
    if (cli_out_not_stdout(cmd, "-o", target)) /* a folder called "-": never a stream */
        return EXIT_USAGE;
    if (cli_option_as_name(cmd, "-o", target))
        return EXIT_USAGE;
    char holder[FOLDER_HOLDER_MAX];
    holder_line(holder, sizeof holder, argc, argv);
    outdir_opts o = { .kind = KINDS[k].kind, .what = KINDS[k].what, .version = DELVE_VERSION,
                      .holder = holder, .legacy = KINDS[k].legacy };
    delve_err err = { "" };
    folder_catch_signals();
    delve_status st = outdir_open(od, target, &o, &err);
    if (st)
        return stop_signal ? folder_interrupted(cmd, target) : cli_fail(cmd, st, &err);
    mark_top(outdir_path(*od));
    if (stop_signal) {
        outdir_close(*od);
        *od = NULL;
        return folder_interrupted(cmd, target);
    }
    return EXIT_OK;
}

int folder_read_lock(const char *cmd, const char *dir, int argc, char **argv, int *fd)
{
    char holder[FOLDER_HOLDER_MAX];
    holder_line(holder, sizeof holder, argc, argv);
    delve_err err = { "" };
    delve_status st = outdir_read_lock(dir, holder, fd, &err);
    return st ? cli_fail(cmd, st, &err) : EXIT_OK;
}

void folder_read_unlock(const char *dir, int fd)
{
    outdir_read_unlock(dir, fd);
}

const volatile sig_atomic_t *folder_stop(void)
{
    return &stop_signal;
}

int folder_close(outdir *od, const char *cmd, delve_status st, const delve_err *err)
{
    delve_err e = { "" };
    if (err)
        e = *err;
    if (!st)
        st = delve_stopped(&stop_signal, &e); /* a signal before the swap: no swap */
    if (!st)
        st = outdir_commit(od, &e);
    char target[OUTDIR_PATH_MAX];
    snprintf(target, sizeof target, "%s", outdir_target(od));
    if (!st && outdir_leftover(od)) /* the new output is in place: a warning, not a failure */
        fprintf(stderr, "delve %s: warning: part of the earlier %s could not be removed and "
                "is left in %s (the next run into %s tries again)\n", cmd, cmd,
                outdir_leftover(od), target);
    outdir_close(od);
    if (st && stop_signal)
        return folder_interrupted(cmd, target);
    return st ? cli_fail(cmd, st, &e) : EXIT_OK;
}
