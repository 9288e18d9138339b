/* png: PNG encoding with stb_image_write (Debian's libstb-dev), its deflate handed to
 * libdeflate through STBIW_ZLIB_COMPRESS, and the atomic write.
 *
 * Why filter "up" for every row (stbi_write_force_png_filter = 2): stb's adaptive
 * choice tries five filters a row and costs 2-4x the time; of the fixed filters "up"
 * is within 2 % of adaptive's size on film frames, because rows inside a tile row
 * repeat the row above, while "none" is about 19 % larger (render/README.md has the
 * table). stb's own deflate takes ~90 ms a frame; libdeflate level 4 about 9 ms. */
#include "render/png.h"

#include "engine/fsio.h"

#include <errno.h>
#include <libdeflate.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#define PNG_DEFLATE_LEVEL 4  /* libdeflate 1..12: 4 measured 18 % faster than 6 on film frames, 8 % larger */
#define PNG_FILTER_UP 2

/* stb's zlib hook: a zlib stream of data, malloc'ed (stb frees it with STBIW_FREE). */
static unsigned char *png_zlib(unsigned char *data, int len, int *out_len, int quality)
{
    (void)quality;
    *out_len = 0;
    struct libdeflate_compressor *z = libdeflate_alloc_compressor(PNG_DEFLATE_LEVEL);
    if (!z)
        return NULL;
    size_t cap = libdeflate_zlib_compress_bound(z, (size_t)len);
    unsigned char *out = malloc(cap);
    size_t n = out ? libdeflate_zlib_compress(z, data, (size_t)len, out, cap) : 0;
    libdeflate_free_compressor(z);
    if (n == 0 || n > 0x7fffffff) {
        free(out);
        return NULL;
    }
    *out_len = (int)n;
    return out;
}

#define STBIW_ZLIB_COMPRESS png_zlib
#define STBI_WRITE_NO_STDIO
#define STB_IMAGE_WRITE_STATIC
#define STB_IMAGE_WRITE_IMPLEMENTATION
#if defined(__GNUC__) /* stb declares writers this file never uses; warned at the end */
#pragma GCC diagnostic ignored "-Wunused-function"
#endif
#include "stb_image_write.h"

#define STBI_ONLY_PNG
#define STBI_NO_STDIO
#define STB_IMAGE_STATIC
#define STB_IMAGE_IMPLEMENTATION
#if defined(__GNUC__)
#pragma GCC diagnostic ignored "-Wsign-compare"
#endif
#include "stb_image.h"

static pthread_once_t filter_once = PTHREAD_ONCE_INIT;

/* stb keeps its filter choice in a global: set it once, before any thread encodes. */
static void force_filter_up(void)
{
    stbi_write_force_png_filter = PNG_FILTER_UP;
}

void png_tune_malloc(void)
{
#ifdef __GLIBC__
    /* keep the 3.7 MB row buffers on the heap between frames instead of mapping and
     * faulting them in afresh each time (10 ms a frame on small VMs) */
    mallopt(M_MMAP_THRESHOLD, 64 << 20);
    mallopt(M_TRIM_THRESHOLD, 128 << 20);
#endif
}

delve_status png_encode(const canvas *c, uint8_t **out, size_t *len, delve_err *err)
{
    *out = NULL;
    *len = 0;
    if (!c->px || c->w < 1 || c->h < 1)
        return delve_fail(err, DELVE_EINPUT, "png: empty canvas");
    pthread_once(&filter_once, force_filter_up);
    int n = 0;
    unsigned char *png = stbi_write_png_to_mem(c->px, c->stride, c->w, c->h, 4, &n);
    if (!png || n <= 0) {
        free(png);
        return delve_fail(err, DELVE_ENOMEM, "png: out of memory encoding %d x %d", c->w,
                          c->h);
    }
    *out = png;
    *len = (size_t)n;
    return DELVE_OK;
}

delve_status png_write(const char *path, const canvas *c, delve_err *err)
{
    uint8_t *png = NULL;
    size_t len = 0;
    delve_status st = png_encode(c, &png, &len, err);
    if (st == DELVE_OK)
        st = fsio_write_atomic(path, png, len, err);
    free(png);
    return st;
}

delve_status png_read(const char *path, canvas *out, delve_err *err)
{
    return png_read_max(path, PNG_READ_MAX_SIDE, out, err);
}

delve_status png_read_max(const char *path, int max_side, canvas *out, delve_err *err)
{
    memset(out, 0, sizeof *out);
    char *data;
    size_t len;
    delve_status st = fsio_read_all(path, (size_t)1 << 30, &data, &len, err);
    if (st)
        return st;
    int w = 0, h = 0, n = 0;
    if (len > INT32_MAX || !stbi_info_from_memory((unsigned char *)data, (int)len, &w, &h, &n))
        st = delve_fail(err, DELVE_EINPUT, "%s: not a PNG that can be read", path);
    else if (w > max_side || h > max_side)
        st = delve_fail(err, DELVE_ELIMIT, "%s: %d x %d is larger than %d a side", path, w, h,
                        max_side);
    unsigned char *px = NULL;
    if (!st && !(px = stbi_load_from_memory((unsigned char *)data, (int)len, &w, &h, &n, 4)))
        st = delve_fail(err, DELVE_EINPUT, "%s: %s", path, stbi_failure_reason());
    free(data);
    if (!st)
        st = canvas_init(out, w, h, err);
    for (int y = 0; !st && y < h; y++)
        memcpy(out->px + (size_t)y * (size_t)out->stride, px + (size_t)y * (size_t)w * 4,
               (size_t)w * 4);
    stbi_image_free(px);
    return st;
}
