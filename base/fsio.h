/* fsio: files written the delve way: to a temporary name in the same folder, then
 * renamed into place, so an interrupted run never leaves a half-written file; folders
 * made as needed; whole files read with a size limit. POSIX libc only. */
#ifndef DELVE_BASE_FSIO_H
#define DELVE_BASE_FSIO_H

#include <stddef.h>

#include "base/status.h"

/* Writes len bytes to path atomically (temp file + rename). DELVE_EIO naming the path
 * and the reason, also for an empty path or one that exists and is not a regular file
 * (a rename would replace a device or a link); the temporary file is removed on
 * failure. The file is made 0644. */
delve_status fsio_write_atomic(const char *path, const void *data, size_t len,
                               delve_err *err);

/* Writes len bytes to path, a file that must not exist yet (O_EXCL), made 0644; on a
 * failure the file is removed. For files in a folder nobody reads until it is swapped
 * in whole (base/outdir.h): there the temporary name and rename of
 * fsio_write_atomic buy nothing and cost a fifth of a film frame's writing. DELVE_EIO
 * naming the path and the reason. */
delve_status fsio_write_new(const char *path, const void *data, size_t len, delve_err *err);

/* mkdir -p. DELVE_EIO naming the folder that could not be made. */
delve_status fsio_mkdirs(const char *dir, delve_err *err);
/* fsio_mkdirs, and *made: how many folders it made (the deepest *made of dir's). */
delve_status fsio_mkdirs_made(const char *dir, int *made, delve_err *err);
/* Removes the deepest `made` folders of dir while they are empty (what fsio_mkdirs_made
 * made, when the output they were made for is not kept); stops at one that is not. */
void fsio_rmdirs(const char *dir, int made);

/* Reads a whole regular file into a malloc'ed, NUL-terminated buffer. DELVE_EIO when
 * it cannot be read or is not a regular file (a FIFO would block), DELVE_ELIMIT when it
 * is larger than max_bytes. */
delve_status fsio_read_all(const char *path, size_t max_bytes, char **out, size_t *len,
                           delve_err *err);

#endif
