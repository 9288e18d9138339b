/* outdir: a folder output (a film, a shot set, a review report) made whole or not at
 * all. It is written in a temporary folder beside its target and swapped in by rename on
 * success; a lock file beside the target keeps two runs apart; a target is replaced only
 * when it is missing, empty or an earlier output of the same kind (OUTDIR_MARKER in it).
 * POSIX libc only (fcntl locks, nftw; renameat2 where glibc has it). Never prints. */
#ifndef DELVE_BASE_OUTDIR_H
#define DELVE_BASE_OUTDIR_H

#include <signal.h>
#include <stddef.h>

#include "base/status.h"

#define OUTDIR_MARKER ".delve-output" /* "delve KIND VERSION" on its first line */
#define OUTDIR_PATH_MAX 4096          /* bytes of a target, with its parent folders */
#define OUTDIR_KIND_MAX 32            /* bytes of a kind, with the NUL */

typedef struct outdir outdir;

typedef struct outdir_opts {
    const char *kind;    /* the command whose output it is: "film", "shot", "review" */
    const char *what;    /* for messages: "film", "shot set", "review report" */
    const char *version; /* written to the marker (DELVE_VERSION) */
    const char *holder;  /* who holds the lock, shown to a second run: a command line */
    const char *legacy;  /* NULL, or a file that marked this kind's outputs before
                            OUTDIR_MARKER (".delve-review") */
} outdir_opts;

/* Takes target for a new output (target's parent folders are made as needed):
 *   1. locks PARENT/.NAME.delve-lock (fcntl; the holder's pid and o->holder written in
 *      it); DELVE_EINPUT naming them when another run holds it;
 *   2. puts back an earlier output a killed run left moved aside, and removes the
 *      temporary folders killed runs left (PARENT/.NAME.delve-tmp-*, .delve-old-*);
 *   3. checks target: DELVE_EINPUT when it is not a folder, or holds files and no
 *      marker of an output of o->kind (delve never deletes what it did not write);
 *   4. makes the temporary folder PARENT/.NAME.delve-tmp-XXXXXX (0755) with the marker.
 * Write the output into outdir_path, then outdir_commit, then outdir_close. DELVE_EINPUT
 * for a target that names no folder ("", ".", "..", "/") or is too long; DELVE_EIO when
 * a folder cannot be made; DELVE_ENOMEM. *out is NULL on failure (nothing is left). */
delve_status outdir_open(outdir **out, const char *target, const outdir_opts *o,
                         delve_err *err);

/* The temporary folder to write the output into, and the target as given (without
 * trailing slashes). Valid until outdir_close. */
const char *outdir_path(const outdir *od);
const char *outdir_target(const outdir *od);

/* After outdir_commit: the hidden folder holding what of the earlier output could not
 * be removed (a file the system would not unlink), NULL when it all went. It keeps the
 * marker, so the next open of the target removes it (or says nothing and leaves it, if
 * it still cannot). */
const char *outdir_leftover(const outdir *od);

/* Swaps the finished temporary folder in for the target. With renameat2's
 * RENAME_EXCHANGE the swap is one step and the old output is then removed; elsewhere
 * the old output is renamed aside, the new one in, and the old one removed: a process
 * killed between those two renames leaves no target and the old output whole beside it,
 * and the next outdir_open on the target puts it back. DELVE_EIO when a rename fails
 * (the old output is left in place), DELVE_EINPUT when the target changed into a folder
 * delve does not own since outdir_open. */
delve_status outdir_commit(outdir *od, delve_err *err);

/* Removes the temporary folder unless committed, releases and removes the lock file,
 * frees od. NULL is fine. */
void outdir_close(outdir *od);

/* A shared lock on target's lock file while target is read (the two shot sets of a
 * review): outdir_open on target is refused while one is held, and DELVE_EINPUT naming
 * the writer when a run is making target now, so what is read is never two outputs in
 * part. holder (a command line) is written to a lock file made for it. *fd is the lock,
 * or -1 where no lock file can be made beside target (a folder one may only read, or
 * ".", ".." or "/", which no run writes: it is read unlocked). Give *fd to
 * outdir_read_unlock. */
delve_status outdir_read_lock(const char *target, const char *holder, int *fd,
                              delve_err *err);

/* Releases a lock of outdir_read_lock (fd -1: nothing); the last reader removes the lock
 * file. */
void outdir_read_unlock(const char *target, int fd);

/* 1 and the kind ("film") in kind when dir holds OUTDIR_MARKER naming one, else 0. */
int outdir_kind(const char *dir, char *kind, size_t size);

#endif
