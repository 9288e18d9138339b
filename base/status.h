/* status: the error type every library in delve returns, and the message it carries.
 * Libraries never print or exit; app/ maps a status to an exit code (0 ok, 1 a
 * difference or failed check, 2 bad usage or input). Depends on libc only. */
#ifndef DELVE_BASE_STATUS_H
#define DELVE_BASE_STATUS_H

#include <signal.h>

typedef enum delve_status {
    DELVE_OK = 0,
    DELVE_EINPUT,   /* bad input: a file, a number, an option; message names where */
    DELVE_EIO,      /* a file could not be read or written */
    DELVE_ENOMEM,   /* an allocation failed */
    DELVE_ELIMIT,   /* a size or count limit was exceeded */
    DELVE_EFAIL,    /* generation or a rule could not do what was asked */
    DELVE_ESTOP,    /* stopped: the caller's stop flag went up (Ctrl-C, a kill) */
    DELVE_STATUS_COUNT
} delve_status;

typedef struct delve_err {
    char msg[512];
} delve_err;

/* Fills err (may be NULL) printf-style and returns st, so callers write
 * `return delve_fail(err, DELVE_EINPUT, "...")`. */
delve_status delve_fail(delve_err *err, delve_status st, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* As delve_fail, with the message prefixed by `path:line:col: ` (docs/architecture.md: text formats). */
delve_status delve_fail_at(delve_err *err, delve_status st, const char *path, int line,
                           int col, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));

/* DELVE_ESTOP with "interrupted" in err when stop is not NULL and *stop is not 0, else
 * DELVE_OK. stop is a flag a signal handler in app/ raises; long loops in libraries
 * poll it between units of work (a frame, a floor, a pair of images). */
delve_status delve_stopped(const volatile sig_atomic_t *stop, delve_err *err);

/* Short name of a status ("bad input", ...); never NULL. */
const char *delve_status_name(delve_status st);

#endif
