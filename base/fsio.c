/* fsio: atomic writes, mkdir -p and bounded reads. */
#include "base/fsio.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Writes len bytes to fd and closes it; 1 and the errno in *saved on a failure. */
static int write_close(int fd, const void *data, size_t len, int *saved)
{
    const char *p = data;
    size_t left = len;
    int bad = 0;
    while (left > 0 && !bad) {
        ssize_t n = write(fd, p, left);
        if (n < 0 && errno == EINTR)
            continue;
        bad = n <= 0;
        if (!bad) {
            p += n;
            left -= (size_t)n;
        }
    }
    *saved = bad ? (errno ? errno : EIO) : 0;
    if (close(fd) != 0 && !bad) {
        bad = 1;
        *saved = errno;
    }
    return bad;
}

delve_status fsio_write_atomic(const char *path, const void *data, size_t len,
                               delve_err *err)
{
    size_t plen = strlen(path);
    struct stat sb;
    if (plen == 0)
        return delve_fail(err, DELVE_EIO, "cannot write a file with an empty name");
    /* a rename would replace a device, a pipe or a link with a plain file */
    if (lstat(path, &sb) == 0 && !S_ISREG(sb.st_mode))
        return delve_fail(err, DELVE_EIO, "cannot write %s: not a regular file", path);
    char *tmp = malloc(plen + 16);
    if (!tmp)
        return delve_fail(err, DELVE_ENOMEM, "out of memory writing %s", path);
    memcpy(tmp, path, plen);
    memcpy(tmp + plen, ".tmp-XXXXXX", 12);
    int fd = mkstemp(tmp);
    if (fd < 0) {
        delve_status st = delve_fail(err, DELVE_EIO, "cannot write %s: %s", path,
                                     strerror(errno));
        free(tmp);
        return st;
    }
    int saved = 0, bad = write_close(fd, data, len, &saved);
    if (!bad) {
        chmod(tmp, 0644); /* mkstemp makes 0600; outputs are for everyone to read */
        if (rename(tmp, path) != 0) {
            bad = 1;
            saved = errno;
        }
    }
    delve_status st = DELVE_OK;
    if (bad) {
        unlink(tmp);
        st = delve_fail(err, DELVE_EIO, "cannot write %s: %s", path, strerror(saved));
    }
    free(tmp);
    return st;
}

delve_status fsio_write_new(const char *path, const void *data, size_t len, delve_err *err)
{
    int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (fd < 0)
        return delve_fail(err, DELVE_EIO, "cannot write %s: %s", path, strerror(errno));
    fchmod(fd, 0644); /* whatever the umask: outputs are for everyone to read */
    int saved = 0;
    if (write_close(fd, data, len, &saved)) {
        unlink(path);
        return delve_fail(err, DELVE_EIO, "cannot write %s: %s", path, strerror(saved));
    }
    return DELVE_OK;
}

delve_status fsio_mkdirs(const char *dir, delve_err *err)
{
    return fsio_mkdirs_made(dir, NULL, err);
}

delve_status fsio_mkdirs_made(const char *dir, int *made, delve_err *err)
{
    char buf[4096];
    size_t n = strlen(dir);
    if (made)
        *made = 0;
    if (n == 0)
        return delve_fail(err, DELVE_EIO, "cannot make a folder with an empty name");
    if (n >= sizeof buf)
        return delve_fail(err, DELVE_EIO, "folder name too long: %.60s...", dir);
    memcpy(buf, dir, n + 1);
    for (size_t i = 1; i <= n; i++) {
        if (buf[i] != '/' && buf[i] != '\0')
            continue;
        char c = buf[i];
        buf[i] = '\0';
        int ok = mkdir(buf, 0755) == 0;
        if (ok && made)
            ++*made;
        else if (!ok && errno != EEXIST)
            return delve_fail(err, DELVE_EIO, "cannot make folder %s: %s", buf,
                              strerror(errno));
        buf[i] = c;
    }
    struct stat sb;
    if (stat(dir, &sb) != 0 || !S_ISDIR(sb.st_mode))
        return delve_fail(err, DELVE_EIO, "%s is not a folder", dir);
    return DELVE_OK;
}

void fsio_rmdirs(const char *dir, int made)
{
    char buf[4096];
    size_t n = strlen(dir);
    if (n >= sizeof buf)
        return;
    memcpy(buf, dir, n + 1);
    for (; made > 0 && n > 0; made--) {
        while (n > 1 && buf[n - 1] == '/') /* "a/b/" is "a/b" */
            buf[--n] = '\0';
        if (rmdir(buf) != 0)
            return; /* not empty: something else is in it now */
        while (n > 0 && buf[n - 1] != '/')
            n--;
        buf[n] = '\0';
    }
}

/* The buffer fsio_read_all starts with: room for the whole file at once (a PNG of 400 KB
 * took 7 reallocs and copies from 4 KB up), at least 4 KB; a file that grows meanwhile
 * is still read on to its end or the limit. */
static size_t first_cap(FILE *fp, size_t max_bytes)
{
    struct stat sb;
    size_t cap = 4096;
    if (fstat(fileno(fp), &sb) == 0 && sb.st_size > 0)
        cap = (unsigned long long)sb.st_size < max_bytes ? (size_t)sb.st_size + 1 : max_bytes;
    return cap < 4096 ? 4096 : cap;
}

delve_status fsio_read_all(const char *path, size_t max_bytes, char **out, size_t *len,
                           delve_err *err)
{
    *out = NULL;
    *len = 0;
    struct stat sb;
    if (stat(path, &sb) == 0 && S_ISDIR(sb.st_mode))
        return delve_fail(err, DELVE_EIO, "cannot read %s: it is a folder", path);
    if (stat(path, &sb) == 0 && !S_ISREG(sb.st_mode)) /* a FIFO would block for ever */
        return delve_fail(err, DELVE_EIO, "cannot read %s: not a regular file", path);
    FILE *fp = fopen(path, "rb");
    if (!fp)
        return delve_fail(err, DELVE_EIO, "cannot read %s: %s", path, strerror(errno));
    size_t cap = first_cap(fp, max_bytes), n = 0;
    char *buf = malloc(cap + 1);
    delve_status st = DELVE_OK;
    while (buf) {
        if (n == cap) {
            if (cap > max_bytes) {
                st = delve_fail(err, DELVE_ELIMIT, "%s is larger than %zu bytes", path,
                                max_bytes);
                break;
            }
            char *nb = realloc(buf, cap * 2 + 1);
            if (!nb)
                break;
            buf = nb;
            cap *= 2;
        }
        size_t got = fread(buf + n, 1, cap - n, fp);
        n += got;
        if (got == 0)
            break;
    }
    if (st == DELVE_OK && !buf)
        st = delve_fail(err, DELVE_ENOMEM, "out of memory reading %s", path);
    if (st == DELVE_OK && n > max_bytes)
        st = delve_fail(err, DELVE_ELIMIT, "%s is larger than %zu bytes", path, max_bytes);
    if (st == DELVE_OK && ferror(fp))
        st = delve_fail(err, DELVE_EIO, "cannot read %s", path);
    fclose(fp);
    if (st != DELVE_OK) {
        free(buf);
        return st;
    }
    buf[n] = '\0';
    *out = buf;
    *len = n;
    return DELVE_OK;
}
