/* outdir: the lock, the ownership check, the temporary folder and the swap. */
#define _GNU_SOURCE /* flock, nftw, and renameat2 with RENAME_EXCHANGE (glibc 2.28) */
#include "base/outdir.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <ftw.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base/fsio.h"

#define OUTDIR_SIBLING_MAX (OUTDIR_PATH_MAX + 64) /* target plus "/.", ".delve-tmp-XXXXXX" */
#define OUTDIR_STALE_MAX 64    /* leftovers of killed runs looked at per open */
#define OUTDIR_LOCK_TRIES 8    /* the lock file was removed under us: open it again */
#define OUTDIR_HOLDER_MAX 320  /* bytes of the holder line shown to a second run */
#define OUTDIR_HOLDER_WAITS 50 /* 10 ms waits for a holder to write its line */

struct outdir {
    char kind[OUTDIR_KIND_MAX], what[64], legacy[64];
    char target[OUTDIR_PATH_MAX], parent[OUTDIR_PATH_MAX], name[OUTDIR_PATH_MAX];
    char lock[OUTDIR_SIBLING_MAX], tmp[OUTDIR_SIBLING_MAX];
    char leftover[OUTDIR_SIBLING_MAX]; /* the earlier output's folder not removed whole */
    int lock_fd, committed;
    int made;  /* folders of parent made for this output: removed when it is not kept */
};

/* snprintf for paths: 0 when the result did not fit (paths are checked against
 * OUTDIR_PATH_MAX up front, so the siblings below always fit). */
static int path_fmt(char *buf, size_t size, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static int path_fmt(char *buf, size_t size, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, size, fmt, ap);
    va_end(ap);
    return n >= 0 && (size_t)n < size;
}

/* --- removing a tree ------------------------------------------------------------- */

#define OUTDIR_RM_THREADS 8      /* unlinks in flight at once (see remove_tree) */
#define OUTDIR_RM_MAX 1000000    /* entries listed before the rest go one by one */
#define OUTDIR_RM_DEPTH 64       /* folders inside folders listed; deeper ones by nftw */

enum { RM_FILE, RM_DIR, RM_LAST }; /* an entry of rm_list; RM_LAST: dir or its marker */

/* A tree's entries, each folder after what it holds. */
typedef struct rm_list {
    char **path;
    unsigned char *kind;        /* RM_FILE, RM_DIR or RM_LAST */
    size_t n, cap;
    int full;                   /* out of memory or past OUTDIR_RM_MAX: not all listed */
    size_t next;                /* the next file to unlink, under mu */
    pthread_mutex_t mu;
} rm_list;

/* Lists a copy of path in l (nothing once l is full). */
static void rm_add(rm_list *l, const char *path, int kind)
{
    if (l->full)
        return;
    if (l->n == l->cap) {
        size_t cap = l->cap ? l->cap * 2 : 512;
        char **np = cap <= OUTDIR_RM_MAX ? realloc(l->path, cap * sizeof *np) : NULL;
        if (np)
            l->path = np;
        unsigned char *nd = np ? realloc(l->kind, cap) : NULL;
        if (nd)
            l->kind = nd;
        if (!np || !nd) {
            l->full = 1;
            return;
        }
        l->cap = cap;
    }
    if (!(l->path[l->n] = strdup(path))) {
        l->full = 1;
        return;
    }
    l->kind[l->n++] = (unsigned char)kind;
}

/* Lists what dir holds, never following a link, then dir itself. */
static void rm_walk(rm_list *l, const char *dir, int depth)
{
    DIR *d = depth < OUTDIR_RM_DEPTH ? opendir(dir) : NULL;
    struct dirent *e;
    char p[OUTDIR_PATH_MAX + 512];
    while (d && !l->full && (e = readdir(d))) {
        if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..") ||
            !path_fmt(p, sizeof p, "%s/%s", dir, e->d_name)) {
            l->full |= strcmp(e->d_name, ".") && strcmp(e->d_name, ".."); /* too long */
            continue;
        }
        struct stat sb;
        int sub = e->d_type == DT_DIR ||
                  (e->d_type == DT_UNKNOWN && lstat(p, &sb) == 0 && S_ISDIR(sb.st_mode));
        if (sub)
            rm_walk(l, p, depth + 1);
        else
            rm_add(l, p, RM_FILE);
    }
    if (d)
        closedir(d);
    else
        l->full = 1; /* unreadable or too deep: nftw's turn */
    rm_add(l, dir, RM_DIR);
}

static void *rm_files(void *arg)
{
    rm_list *l = arg;
    for (;;) {
        pthread_mutex_lock(&l->mu);
        while (l->next < l->n && l->kind[l->next] != RM_FILE)
            l->next++;
        size_t i = l->next++;
        pthread_mutex_unlock(&l->mu);
        if (i >= l->n)
            return NULL;
        unlink(l->path[i]);
    }
}

/* nftw's step of rm -r, never following a link (for folders this module made or
 * checked): everything below the top folder but the top folder's marker. */
static int rm_one(const char *p, const struct stat *sb, int flag, struct FTW *ftw)
{
    (void)sb;
    if (ftw->level == 0 || (ftw->level == 1 && !strcmp(p + ftw->base, OUTDIR_MARKER)))
        return 0;
    return flag == FTW_DP ? rmdir(p) : unlink(p);
}

/* 1 when dir holds nothing but "." and ".." and (not NULL) a file named but. */
static int holds_only(const char *dir, const char *but)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    int only = d != NULL;
    while (d && only && (e = readdir(d)))
        only = !strcmp(e->d_name, ".") || !strcmp(e->d_name, "..") ||
               (but && !strcmp(e->d_name, but));
    if (d)
        closedir(d);
    return only;
}

/* rm -r of dir with its files unlinked by OUTDIR_RM_THREADS threads at once: on a file
 * system mounted with `discard` each unlink of a file already written to disk waits
 * for the device's discard, and a film's hundreds of frames would wait in turn one at
 * a time (docs/perf-log.md has the figures). Folders go after their files, in order, and
 * dir's marker last of all, so that a run killed half-way leaves a folder the next run
 * knows as delve's and removes (recover). 0, or -1 when something could not be removed
 * (the marker then stays, for the next run to try again). */
static int remove_tree(const char *dir)
{
    rm_list l = { .n = 0 };
    char marker[OUTDIR_SIBLING_MAX + 32];
    path_fmt(marker, sizeof marker, "%s/%s", dir, OUTDIR_MARKER);
    pthread_mutex_init(&l.mu, NULL);
    rm_walk(&l, dir, 0);
    for (size_t i = 0; i < l.n; i++) /* the marker and dir itself wait (rm_files skips) */
        if (!strcmp(l.path[i], marker) || !strcmp(l.path[i], dir))
            l.kind[i] = RM_LAST;
    pthread_t t[OUTDIR_RM_THREADS];
    int started = 0;
    while (started < OUTDIR_RM_THREADS - 1 && (size_t)started * 16 < l.n &&
           pthread_create(&t[started], NULL, rm_files, &l) == 0)
        started++;
    rm_files(&l);
    for (int i = 0; i < started; i++)
        pthread_join(t[i], NULL);
    for (size_t i = 0; i < l.n; i++) {
        if (l.kind[i] == RM_DIR)
            rmdir(l.path[i]);
        free(l.path[i]);
    }
    free(l.path);
    free(l.kind);
    pthread_mutex_destroy(&l.mu);
    if (l.full) /* whatever was not listed */
        nftw(dir, rm_one, 16, FTW_DEPTH | FTW_PHYS);
    if (holds_only(dir, OUTDIR_MARKER))
        unlink(marker);
    return rmdir(dir) == 0 || errno == ENOENT ? 0 : -1;
}

/* target without trailing slashes, and its parent, name and lock file's path. */
static delve_status split_target(outdir *od, const char *target, delve_err *err)
{
    size_t n = strlen(target);
    while (n > 1 && target[n - 1] == '/')
        n--;
    if (n == 0 || n >= OUTDIR_PATH_MAX)
        return delve_fail(err, DELVE_EINPUT, "output folder '%.60s': name is empty or "
                          "longer than %d bytes", target, OUTDIR_PATH_MAX - 1);
    memcpy(od->target, target, n);
    od->target[n] = '\0';
    char *slash = strrchr(od->target, '/');
    const char *name = slash ? slash + 1 : od->target;
    if (!name[0] || !strcmp(name, ".") || !strcmp(name, ".."))
        return delve_fail(err, DELVE_EINPUT, "output folder '%s' must end in a name of its "
                          "own (not '/', '.' or '..')", od->target);
    snprintf(od->name, sizeof od->name, "%s", name);
    if (!slash)
        snprintf(od->parent, sizeof od->parent, ".");
    else if (slash == od->target)
        snprintf(od->parent, sizeof od->parent, "/");
    else
        snprintf(od->parent, sizeof od->parent, "%.*s", (int)(slash - od->target), od->target);
    path_fmt(od->lock, sizeof od->lock, "%s/.%s.delve-lock", od->parent, od->name);
    return DELVE_OK;
}

/* The holder's line from the lock file ("PID COMMAND"), waiting a little for a holder
 * that has just taken the lock to write it. */
static void read_holder(int fd, char *buf, size_t size)
{
    buf[0] = '\0';
    for (int i = 0; i < OUTDIR_HOLDER_WAITS && !buf[0]; i++) {
        ssize_t n = pread(fd, buf, size - 1, 0);
        buf[n > 0 ? n : 0] = '\0';
        buf[strcspn(buf, "\n")] = '\0';
        if (!buf[0])
            nanosleep(&(struct timespec){ 0, 10 * 1000 * 1000 }, NULL);
    }
}

static delve_status busy(const outdir *od, int fd, delve_err *err)
{
    char who[OUTDIR_HOLDER_MAX];
    read_holder(fd, who, sizeof who);
    char *sp = strchr(who, ' ');
    if (sp)
        *sp = '\0';
    return delve_fail(err, DELVE_EINPUT, "%s is in use by another delve run (pid %s: %s); "
                      "try again when it has finished", od->target, who[0] ? who : "?",
                      sp ? sp + 1 : "delve");
}

/* "PID COMMAND\n" into the lock file; without it (a full disk) the lock still holds and
 * a second run names the holder "?". */
static void write_holder(int fd, const char *holder)
{
    char line[OUTDIR_HOLDER_MAX];
    int n = snprintf(line, sizeof line, "%ld %s\n", (long)getpid(), holder);
    if (n >= (int)sizeof line) {
        n = (int)sizeof line - 1;
        line[n - 1] = '\n';
    }
    if (ftruncate(fd, 0) == 0)
        (void)!pwrite(fd, line, (size_t)n, 0);
}

/* Is fd's file the one at path (the lock file a holder may have removed meanwhile)? */
static int same_file(int fd, const char *path)
{
    struct stat a, b;
    return fstat(fd, &a) == 0 && stat(path, &b) == 0 && a.st_dev == b.st_dev &&
           a.st_ino == b.st_ino;
}

/* Takes the lock: flock on the lock file, which a holder removes when it is done (so
 * the file locked must still be the one at the path). */
static delve_status lock_take(outdir *od, const char *holder, delve_err *err)
{
    for (int tries = 0; tries < OUTDIR_LOCK_TRIES; tries++) {
        int fd = open(od->lock, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
        if (fd < 0)
            return delve_fail(err, DELVE_EIO, "cannot make the lock file %s: %s", od->lock,
                              strerror(errno));
        if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
            delve_status st = errno == EWOULDBLOCK
                                  ? busy(od, fd, err)
                                  : delve_fail(err, DELVE_EIO, "cannot lock %s: %s", od->lock,
                                               strerror(errno));
            close(fd);
            return st;
        }
        if (same_file(fd, od->lock)) {
            write_holder(fd, holder);
            od->lock_fd = fd;
            return DELVE_OK;
        }
        close(fd);
    }
    return delve_fail(err, DELVE_EIO, "cannot take the lock %s: it keeps changing", od->lock);
}

/* od's paths for reading target: its links resolved (as given when it is not there yet),
 * so a reader through a link to a set locks the set's own lock file, the one its writer
 * takes; messages name target as given. 0 for ".", ".." and "/", which have no lock
 * file beside them (and no run writes them). */
static int read_paths(outdir *od, const char *target)
{
    char real[OUTDIR_PATH_MAX];
    const char *t = realpath(target, real) ? real : target; /* PATH_MAX <= OUTDIR_PATH_MAX */
    if (split_target(od, t, NULL))
        return 0;
    snprintf(od->target, sizeof od->target, "%s", target);
    return 1;
}

delve_status outdir_read_lock(const char *target, const char *holder, int *fd_out,
                              delve_err *err)
{
    *fd_out = -1;
    outdir *od = calloc(1, sizeof *od);
    if (!od)
        return delve_fail(err, DELVE_ENOMEM, "out of memory");
    delve_status st = DELVE_OK;
    int named = read_paths(od, target);
    for (int tries = 0; named && !st && tries < OUTDIR_LOCK_TRIES; tries++) {
        int fd = open(od->lock, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
        if (fd < 0) /* read-only beside it: no writer can lock it either */
            break;
        if (flock(fd, LOCK_SH | LOCK_NB) != 0) {
            if (errno == EWOULDBLOCK)
                st = busy(od, fd, err);
            close(fd);
            break;
        }
        if (same_file(fd, od->lock)) {
            struct stat sb;
            if (fstat(fd, &sb) == 0 && sb.st_size == 0) /* the first reader's line */
                write_holder(fd, holder);
            *fd_out = fd;
            break;
        }
        close(fd);
    }
    free(od);
    return st;
}

void outdir_read_unlock(const char *target, int fd)
{
    if (fd < 0)
        return;
    outdir *od = calloc(1, sizeof *od);
    /* the last reader takes the lock whole and removes its file, as a writer does */
    if (od && read_paths(od, target) && flock(fd, LOCK_EX | LOCK_NB) == 0 &&
        same_file(fd, od->lock))
        unlink(od->lock);
    close(fd);
    free(od);
}

/* Releases the lock and removes its file (still holding it: see lock_take). */
static void lock_drop(outdir *od)
{
    if (od->lock_fd < 0)
        return;
    unlink(od->lock);
    close(od->lock_fd);
    od->lock_fd = -1;
}

/* 1 when name is ".NAME.delve-tmp-XXXXXX" or ".NAME.delve-old-XXXXXX" of od; *old set
 * for the second. */
static int is_leftover(const outdir *od, const char *name, int *old)
{
    size_t n = strlen(od->name);
    if (name[0] != '.' || strncmp(name + 1, od->name, n))
        return 0;
    name += 1 + n;
    *old = !strncmp(name, ".delve-old-", 11);
    return (*old || !strncmp(name, ".delve-tmp-", 11)) && strlen(name + 11) == 6;
}

/* What killed runs left beside the target (called holding the lock): an earlier output
 * moved aside comes back when the target is missing; temporary folders go. */
static void recover(const outdir *od)
{
    char found[OUTDIR_STALE_MAX][300], p[OUTDIR_SIBLING_MAX + 300], kind[OUTDIR_KIND_MAX];
    int olds[OUTDIR_STALE_MAX], n = 0;
    DIR *d = opendir(od->parent);
    struct dirent *e;
    while (d && n < OUTDIR_STALE_MAX && (e = readdir(d)))
        if (strlen(e->d_name) < sizeof found[0] && is_leftover(od, e->d_name, &olds[n]))
            snprintf(found[n++], sizeof found[0], "%s", e->d_name);
    if (d)
        closedir(d);
    for (int i = 0; i < n; i++) {
        struct stat sb;
        path_fmt(p, sizeof p, "%s/%s", od->parent, found[i]);
        if (lstat(p, &sb) != 0 || !S_ISDIR(sb.st_mode))
            continue;
        if (olds[i] && lstat(od->target, &sb) != 0 && errno == ENOENT &&
            rename(p, od->target) == 0)
            continue;
        if (rmdir(p) != 0 && outdir_kind(p, kind, sizeof kind))
            remove_tree(p);
    }
}


/* May the target be replaced? *taken 1 when it holds an earlier output (missing or
 * empty: 0, a rename replaces an empty folder). */
static delve_status check_target(const outdir *od, int *taken, delve_err *err)
{
    struct stat sb;
    char kind[OUTDIR_KIND_MAX], p[OUTDIR_SIBLING_MAX];
    *taken = 0;
    if (lstat(od->target, &sb) != 0)
        return errno == ENOENT ? DELVE_OK
                               : delve_fail(err, DELVE_EIO, "cannot look at %s: %s",
                                            od->target, strerror(errno));
    if (!S_ISDIR(sb.st_mode))
        return delve_fail(err, DELVE_EINPUT, "%s is there and is not a folder (%s): delve "
                          "writes a %s only into a folder of its own", od->target,
                          S_ISLNK(sb.st_mode)   ? "a link"
                          : S_ISREG(sb.st_mode) ? "a file"
                                                : "a device, pipe or socket",
                          od->what);
    if (outdir_kind(od->target, kind, sizeof kind)) {
        if (strcmp(kind, od->kind))
            return delve_fail(err, DELVE_EINPUT, "%s holds the output of delve %s, not a %s: "
                              "refusing to replace it", od->target, kind, od->what);
        *taken = 1;
        return DELVE_OK;
    }
    path_fmt(p, sizeof p, "%s/%s", od->target, od->legacy);
    if (od->legacy[0] && lstat(p, &sb) == 0) {
        *taken = 1;
        return DELVE_OK;
    }
    if (holds_only(od->target, NULL))
        return DELVE_OK;
    return delve_fail(err, DELVE_EINPUT, "%s is not a folder delve made and is not empty (no "
                      "%s in it: it is not an earlier %s): refusing to replace it; give a new "
                      "or empty folder", od->target, OUTDIR_MARKER, od->what);
}

static delve_status make_tmp(outdir *od, const char *version, delve_err *err)
{
    char marker[OUTDIR_SIBLING_MAX + 32], text[512];
    path_fmt(od->tmp, sizeof od->tmp, "%s/.%s.delve-tmp-XXXXXX", od->parent, od->name);
    if (!mkdtemp(od->tmp)) {
        delve_status st = delve_fail(err, DELVE_EIO, "cannot make a folder beside %s: %s",
                                     od->target, strerror(errno));
        od->tmp[0] = '\0';
        return st;
    }
    chmod(od->tmp, 0755); /* mkdtemp makes 0700; outputs are for everyone to read */
    int n = snprintf(text, sizeof text, "delve %s %s\n# A delve %s. The next `delve %s` into "
                     "this folder replaces it whole,\n# files added by hand included.\n",
                     od->kind, version, od->what, od->kind);
    path_fmt(marker, sizeof marker, "%s/%s", od->tmp, OUTDIR_MARKER);
    return fsio_write_atomic(marker, text, (size_t)n, err);
}

delve_status outdir_open(outdir **out, const char *target, const outdir_opts *o,
                         delve_err *err)
{
    *out = NULL;
    outdir *od = calloc(1, sizeof *od);
    if (!od)
        return delve_fail(err, DELVE_ENOMEM, "out of memory");
    od->lock_fd = -1;
    snprintf(od->kind, sizeof od->kind, "%s", o->kind);
    snprintf(od->what, sizeof od->what, "%s", o->what);
    snprintf(od->legacy, sizeof od->legacy, "%s", o->legacy ? o->legacy : "");
    int taken;
    delve_status st = split_target(od, target, err);
    if (!st)
        st = fsio_mkdirs_made(od->parent, &od->made, err);
    if (!st)
        st = lock_take(od, o->holder ? o->holder : "delve", err);
    if (!st)
        recover(od);
    if (!st)
        st = check_target(od, &taken, err);
    if (!st)
        st = make_tmp(od, o->version ? o->version : "", err);
    if (st) {
        outdir_close(od);
        return st;
    }
    *out = od;
    return DELVE_OK;
}

const char *outdir_path(const outdir *od) { return od->tmp; }
const char *outdir_target(const outdir *od) { return od->target; }
const char *outdir_leftover(const outdir *od) { return od->leftover[0] ? od->leftover : NULL; }

/* The one-step swap: 1 done, 0 not supported here (then the two renames), -1 failed. */
static int exchange(outdir *od)
{
#ifdef RENAME_EXCHANGE
    if (renameat2(AT_FDCWD, od->tmp, AT_FDCWD, od->target, RENAME_EXCHANGE) == 0)
        return 1;
    return errno == EINVAL || errno == ENOSYS || errno == ENOTSUP ? 0 : -1;
#else
    (void)od;
    return 0;
#endif
}

/* Replaces the earlier output at the target with the temporary folder. */
static delve_status replace(outdir *od, delve_err *err)
{
    char old[OUTDIR_SIBLING_MAX];
    int x = exchange(od);
    if (x > 0) {
        od->committed = 1;
        if (remove_tree(od->tmp)) /* the earlier output, now under the temporary name */
            snprintf(od->leftover, sizeof od->leftover, "%s", od->tmp);
        return DELVE_OK;
    }
    if (x < 0)
        return delve_fail(err, DELVE_EIO, "cannot swap the new %s into %s: %s", od->what,
                          od->target, strerror(errno));
    path_fmt(old, sizeof old, "%s/.%s.delve-old-XXXXXX", od->parent, od->name);
    if (!mkdtemp(old) || rename(od->target, old) != 0) {
        delve_status st = delve_fail(err, DELVE_EIO, "cannot move the earlier %s aside: %s",
                                     od->what, strerror(errno));
        rmdir(old);
        return st;
    }
    if (rename(od->tmp, od->target) != 0) {
        delve_status st = delve_fail(err, DELVE_EIO, "cannot move the new %s into %s: %s",
                                     od->what, od->target, strerror(errno));
        rename(old, od->target);
        return st;
    }
    od->committed = 1;
    if (remove_tree(old))
        snprintf(od->leftover, sizeof od->leftover, "%s", old);
    return DELVE_OK;
}

delve_status outdir_commit(outdir *od, delve_err *err)
{
    int taken;
    delve_status st = check_target(od, &taken, err);
    if (st)
        return st;
    if (taken)
        return replace(od, err);
    if (rename(od->tmp, od->target) != 0)
        return delve_fail(err, DELVE_EIO, "cannot move the new %s into %s: %s", od->what,
                          od->target, strerror(errno));
    od->committed = 1;
    return DELVE_OK;
}

void outdir_close(outdir *od)
{
    if (!od)
        return;
    if (!od->committed && od->tmp[0])
        remove_tree(od->tmp);
    lock_drop(od);
    if (!od->committed)
        fsio_rmdirs(od->parent, od->made);
    free(od);
}

int outdir_kind(const char *dir, char *kind, size_t size)
{
    char p[OUTDIR_SIBLING_MAX], *text = NULL;
    size_t len;
    if ((size_t)snprintf(p, sizeof p, "%s/%s", dir, OUTDIR_MARKER) >= sizeof p ||
        fsio_read_all(p, 4096, &text, &len, NULL))
        return 0;
    size_t n = strncmp(text, "delve ", 6) ? 0 : strcspn(text + 6, " \n");
    int ok = n > 0 && n < size && n < OUTDIR_KIND_MAX;
    if (ok) {
        memcpy(kind, text + 6, n);
        kind[n] = '\0';
    }
    free(text);
    return ok;
}
