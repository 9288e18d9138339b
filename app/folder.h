/* folder: what `delve film`, `delve shot --seeds` and `delve review` share about their
 * output folder (base/outdir.h): the lock's holder line, SIGINT, SIGTERM and SIGHUP
 * turned into a stop flag the libraries poll, and the message and exit code at the end
 * ("delve film: interrupted; DIR left as it was", 130). Prints; app/ only. */
#ifndef DELVE_APP_FOLDER_H
#define DELVE_APP_FOLDER_H

#include <signal.h>

#include "base/outdir.h"
#include "base/status.h"

/* From here on SIGINT, SIGTERM and SIGHUP raise the stop flag instead of killing
 * (SIGINT and SIGHUP stay ignored when the caller ignored them: `cmd &` in a script),
 * and SIGXFSZ is ignored so a file over `ulimit -f` fails like a full disk. Then opens
 * target as cmd's output ("film", "shot", "merge": a shot set, or "review"); argv: the
 * command's words from its name on, for the lock's holder line. Returns EXIT_OK with *od set,
 * or the exit code after printing why (2; 128 + the signal when one came meanwhile). */
int folder_open(outdir **od, const char *cmd, const char *target, int argc, char **argv);

/* A shared lock on folder dir while cmd reads it (base/outdir.h outdir_read_lock):
 * EXIT_OK with *fd set (-1: read unlocked), or 2 after saying who writes dir now. argv
 * as for folder_open. Release with folder_read_unlock. */
int folder_read_lock(const char *cmd, const char *dir, int argc, char **argv, int *fd);
void folder_read_unlock(const char *dir, int fd);

/* The signal handling of folder_open alone, for a command whose output is a few files
 * (delve sheet's pages): poll folder_stop, end with folder_interrupted. */
void folder_catch_signals(void);

/* Prints "delve CMD: interrupted; WHAT left as it was" (terminated, hung up: by the
 * signal) and returns 128 + the signal. */
int folder_interrupted(const char *cmd, const char *what);

/* "interrupted", "terminated" or "hung up": the signal that came, for a command's own
 * message when it stops without an output folder. */
const char *folder_stop_word(void);

/* The stop flag (0, or the signal that came), for recorder_opts.stop and the like. */
const volatile sig_atomic_t *folder_stop(void);

/* Ends the run: when st is DELVE_OK and no signal came, swaps the output in; else
 * removes it. Closes od. Returns EXIT_OK, 128 + the signal after "delve CMD:
 * interrupted; DIR left as it was", or EXIT_USAGE after err's message. */
int folder_close(outdir *od, const char *cmd, delve_status st, const delve_err *err);

#endif
