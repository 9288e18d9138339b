/* png: stb_image_write's PNG writer with its deflate swapped for libdeflate and its row
 * filter fixed to "none", then an atomic write through a temporary file.
 *
 * Why filter none: delve's frames are flat tiles repeated 24 px apart, which deflate's
 * 32 KiB window matches directly; stb's adaptive filter turns those runs into
 * differences that match worse, and it tries five filters a row. Measured on a
 * 1280 x 720 film frame: see render/README.md. */
#include "render/png.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <libdeflate.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define PNG_DEFLATE_LEVEL 6  /* libdeflate 1..12; 6 is its default balance */

/* stb's hook: compress data_len bytes into a malloc'ed zlib stream (stb frees it with
 * STBIW_FREE, which is free). quality (stb's level) is ignored for PNG_DEFLATE_LEVEL. */
static unsigned char *png_zlib(unsigned char *data, int data_len, int *out_len, int quality)
{
    (void)quality;
    unsigned char *out = NULL;
    struct libdeflate_compressor *z = libdeflate_alloc_compressor(PNG_DEFLATE_LEVEL);
    if (!z)
        return NULL;
    size_t cap = libdeflate_zlib_compress_bound(z, (size_t)data_len);
    out = malloc(cap);
    if (out) {
        size_t n = libdeflate_zlib_compress(z, data, (size_t)data_len, out, cap);
        if (n == 0 || n > (size_t)0x7fffffff) {
            free(out);
            out = NULL;
        } else {
            *out_len = (int)n;
        }
    }
    libdeflate_free_compressor(z);
    return out;
}

/* stb_image_write is compiled here, private to this file (STB_IMAGE_WRITE_STATIC), with
 * only the PNG path in use. */
#define STB_IMAGE_WRITE_STATIC
#define STB_IMAGE_WRITE_IMPLEMENTATION
#define STBIW_ZLIB_COMPRESS png_zlib
#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#pragma GCC diagnostic ignored "-Wsign-compare"
#pragma GCC diagnostic ignored "-Wshadow"
#pragma GCC diagnostic ignored "-Wunused-parameter"
#endif
#include <stb_image_write.h>
#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif

/* stb takes its filter choice from a variable (stbi_write_force_png_filter), file-static
 * here because of STB_IMAGE_WRITE_STATIC. It is configuration, never state: set to 0
 * (filter none) exactly once, before the first encode, under pthread_once so recorder
 * threads that encode at the same time never race on it. */
static pthread_once_t png_config_once = PTHREAD_ONCE_INIT;

static void png_config(void)
{
    stbi_write_force_png_filter = 0;
}

delve_status png_encode(const canvas *c, uint8_t **out, size_t *len, delve_err *err)
{
    *out = NULL;
    *len = 0;
    if (!c->px || c->w < 1 || c->h < 1)
        return delve_fail(err, DELVE_EINPUT, "png: empty canvas");
    pthread_once(&png_config_once, png_config);
    int n = 0;
    unsigned char *png = stbi_write_png_to_mem(c->px, c->stride, c->w, c->h, 4, &n);
    if (!png)
        return delve_fail(err, DELVE_ENOMEM, "png: out of memory encoding %d x %d", c->w,
                          c->h);
    *out = png;
    *len = (size_t)n;
    return DELVE_OK;
}

/* Writes all of buf to fd, retrying short writes; 0 or an errno value. */
static int write_all(int fd, const uint8_t *buf, size_t len)
{
    while (len > 0) {
        ssize_t k = write(fd, buf, len);
        if (k < 0) {
            if (errno == EINTR)
                continue;
            return errno;
        }
        buf += k;
        len -= (size_t)k;
    }
    return 0;
}

delve_status png_write(const char *path, const canvas *c, delve_err *err)
{
    uint8_t *png = NULL;
    size_t len = 0;
    delve_status st = png_encode(c, &png, &len, err);
    if (st != DELVE_OK)
        return st;
    char tmp[4096];
    int fd = -1, e = 0;
    if (snprintf(tmp, sizeof tmp, "%s.tmp.XXXXXX", path) >= (int)sizeof tmp) {
        st = delve_fail(err, DELVE_EIO, "%s: path too long", path);
        goto done;
    }
    fd = mkstemp(tmp);
    if (fd < 0) {
        st = delve_fail(err, DELVE_EIO, "%s: cannot write: %s", path, strerror(errno));
        goto done;
    }
    /* mkstemp makes 0600; a picture is for everyone to read. (Reading the umask would
     * mean setting it, which races with other threads creating files.) */
    fchmod(fd, 0644);
    e = write_all(fd, png, len);
    if (close(fd) != 0 && e == 0)
        e = errno;
    if (e == 0 && rename(tmp, path) != 0)
        e = errno;
    if (e != 0) {
        unlink(tmp);
        st = delve_fail(err, DELVE_EIO, "%s: cannot write: %s", path, strerror(e));
    }
done:
    free(png);
    return st;
}
