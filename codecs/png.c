/* png: PNG encoding with stb_image_write (Debian's libstb-dev), its deflate handed to
 * Intel's ISA-L (igzip, Debian's libisal-dev) through STBIW_ZLIB_COMPRESS, and the atomic
 * write; PNG decoding with libspng (Debian's libspng-dev) and a fast path of its own.
 *
 * What is written, for speed (a 1280x720 film frame, one core, `delve-bench --frame-only`;
 * docs/perf-log.md has the figures): an opaque canvas as 8-bit RGB (colour type 2: a
 * quarter less to filter and deflate, and the same pixels read back), any other as RGBA;
 * every row filtered "up" (stbi_write_force_png_filter = 2; stb's adaptive choice tries
 * five filters a row and costs 2-4x the time) and deflated by igzip at level 0: about
 * twice as fast as libdeflate's level 1 on rows filtered "none" (what delve wrote
 * before), for files a quarter larger. Level 0 because igzip's levels 1 and 2 are not
 * deterministic (isal_zlib below); in the film's pipeline level 1 was no faster, only
 * smaller. stb's loop that
 * filters the rows is vectorised (png.c is built with -O2 and gcc's dynamic cost model,
 * in the -O0 twin too: the bytes do not depend on it). igzip writes the same bytes with
 * its SSE, AVX2 and AVX-512 code (checked under qemu with three CPU models) but not on
 * ARM, so a PNG's bytes are the same on every x86-64 and its pixels everywhere. A build
 * without ISA-L (Debian cannot install its amd64 and arm64 packages side by side, so the
 * arm64 cross build has none) deflates with libdeflate at level 1 on rows filtered
 * "none", as delve did before.
 *
 * Why a fast path beside libspng: libspng inflates with zlib, libdeflate about twice
 * as fast, so the fast path decodes a frame in about half libspng's time, a good part of
 * a whole `delve diff` (docs/perf-log.md has the figures). The fast path
 * takes only files that are exactly IHDR (8-bit RGB or RGBA, not interlaced), IDAT...,
 * IEND, with every CRC right and nothing after IEND, whose zlib stream inflates to
 * exactly the rows; anything else, or anything that fails, goes to libspng, which then
 * decides and words the error. So both accept the same files with the same pixels
 * (tests/test_png.c checks it on damaged files). png_rows_load is that path stopped
 * before unfiltering, for readers that unfilter as they go; it takes less ("none" and
 * "up" rows only) and leaves everything else to png_load. */
#define _DEFAULT_SOURCE /* madvise */
#include "codecs/png.h"

#include "base/fsio.h"

#include <errno.h>
#include <libdeflate.h>
#include <spng.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#ifdef DELVE_ISAL
#include <isa-l/igzip_lib.h>

#define PNG_FILTER 2        /* stb's filter numbers: 0 none, 1 sub, 2 up, 4 paeth */

/* len bytes of data deflated by igzip at level 0 into out (cap bytes) as a zlib stream,
 * from a fresh state; its length, or 0 when it does not fit. igzip writes stored blocks
 * where deflate would grow the data, a few bytes a block, so an eighth more room than
 * the data always suffices.
 *
 * Level 0, not 1 or 2: levels 1 and 2 (their hash tables and tokens in a level buffer)
 * gave other, valid, bytes for the same rows in about 1 process in 1 000 (the same
 * frame's rows deflated in 3 000 processes: 2-6 other results at level 1, 2 at level 2,
 * none at level 0 in 9 000 with three frames), whatever the buffers held before or around
 * them; with the buffers at fixed addresses, or without address space randomisation, none
 * differed. Level 0 keeps its tables in the stream, zeroed here. */
static size_t isal_zlib(unsigned char *data, int len, unsigned char *out, size_t cap)
{
    struct isal_zstream z;
    /* zeroed: isal_deflate_stateless_init leaves fields it then reads (the window's size
       among them) as it finds them, and the same rows came out 357 or 720 bytes */
    memset(&z, 0, sizeof z);
    isal_deflate_stateless_init(&z);
    z.level = 0;
    z.gzip_flag = IGZIP_ZLIB;
    z.next_in = data;
    z.avail_in = (uint32_t)len;
    z.next_out = out;
    z.avail_out = (uint32_t)cap;
    z.end_of_stream = 1;
    int rc = isal_deflate_stateless(&z);
    return rc == COMP_OK && z.total_out <= 0x7fffffff ? z.total_out : 0;
}

/* stb's zlib hook: a zlib stream of data by igzip at level 0, malloc'ed (stb frees it
 * with STBIW_FREE); NULL when out of memory. */
static unsigned char *png_zlib(unsigned char *data, int len, int *out_len, int quality)
{
    (void)quality;
    *out_len = 0;
    size_t cap = (size_t)len + (size_t)len / 8 + 1024;
    unsigned char *out = malloc(cap);
    size_t n = out ? isal_zlib(data, len, out, cap) : 0;
    if (n == 0) {
        free(out);
        return NULL;
    }
    *out_len = (int)n;
    return out;
}
#else
#define PNG_DEFLATE_LEVEL 1 /* libdeflate 1..12 */
#define PNG_FILTER 0        /* stb's filter numbers: 0 none, 1 sub, 2 up, 4 paeth */

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
#endif

/* stb's CRC-32 of each chunk through libdeflate's (the same sums, 8 bytes at a time) */
static unsigned int png_crc32(unsigned char *data, int len)
{
    return (unsigned int)libdeflate_crc32(0, data, (size_t)len);
}

#define STBIW_ZLIB_COMPRESS png_zlib
#define STBIW_CRC32 png_crc32
#define STBI_WRITE_NO_STDIO
#define STB_IMAGE_WRITE_STATIC
#define STB_IMAGE_WRITE_IMPLEMENTATION
#if defined(__GNUC__) /* stb declares writers this file never uses; warned at the end */
#pragma GCC diagnostic ignored "-Wunused-function"
#endif
#include "stb_image_write.h"

static pthread_once_t filter_once = PTHREAD_ONCE_INIT;

/* stb keeps its filter choice in a global: set it once, before any thread encodes. */
static void force_filter(void)
{
    stbi_write_force_png_filter = PNG_FILTER;
}

void png_tune_malloc(void)
{
#ifdef __GLIBC__
    /* keep the 3.7 MB row buffers on the heap between frames instead of mapping and
     * faulting them in afresh each time (page faults that cost a film about as much
     * as encoding it) */
    mallopt(M_MMAP_THRESHOLD, 64 << 20);
    mallopt(M_TRIM_THRESHOLD, 128 << 20);
#endif
}

/* Packs n pixels of RGBA p into RGB o (3n bytes), a byte at a time: each byte moves to
 * an earlier place or stays, so it packs in place too (o == p of the same row), reading
 * every byte before it is overwritten. */
static void pack_bytes(const uint8_t *p, uint8_t *o, int n)
{
    for (int x = 0; x < n; x++, p += 4, o += 3)
        o[0] = p[0], o[1] = p[1], o[2] = p[2];
}

#if (defined(__x86_64__) || defined(__i386__)) && defined(__GNUC__)
#include <tmmintrin.h>
/* pack_bytes with SSSE3's byte shuffle, 4 pixels at a time: a third of the scalar
 * loop's time on a film frame; the same bytes. In place too: the 16 bytes stored for 4
 * pixels end at or before the next 16 read, as o <= p. */
__attribute__((target("ssse3"))) static void pack_ssse3(const uint8_t *p, uint8_t *o, int n)
{
    const __m128i rgb = _mm_setr_epi8(0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1);
    int x = 0;
    for (; x + 6 <= n; x += 4, p += 16, o += 12) /* 16 bytes stored, 12 kept: 2 px spare */
        _mm_storeu_si128((__m128i *)(void *)o,
                         _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(const void *)p), rgb));
    pack_bytes(p, o, n - x);
}

static int has_ssse3(void) { return __builtin_cpu_supports("ssse3"); }
#else
static void pack_ssse3(const uint8_t *p, uint8_t *o, int n) { pack_bytes(p, o, n); }
static int has_ssse3(void) { return 0; }
#endif

/* The AND of bytes 3 and 7 of v as it lies in memory: two pixels' alphas. */
static uint8_t alphas_of(uint64_t v)
{
    uint8_t b[8];
    memcpy(b, &v, 8);
    return b[3] & b[7];
}

/* Is every alpha of n pixels at p 255? Eight bytes (two pixels) at a time. */
static int row_opaque(const uint8_t *p, int n)
{
    uint64_t all = ~UINT64_C(0);
    int x = 0;
    for (; x + 2 <= n; x += 2) {
        uint64_t v;
        memcpy(&v, p + 4 * x, 8);
        all &= v;
    }
    return alphas_of(all) == 255 && (x == n || p[4 * x + 3] == 255);
}

/* Row y of an opaque canvas's filtered rows as stbi_write_png_to_mem makes it, into f
 * (1 + 3w bytes): the filter's byte, then stb's own filter (stbiw__encode_png_line) of
 * the row packed to RGB in half y & 1 of two against the row before it in the other
 * half. stb finds row y at pixels + y * stride and the row above at - stride, so row 1
 * of a two-row image (stride +3w or -3w) is whichever half y is in. */
static void filter_row(uint8_t *two, int w, int h, int y, uint8_t *f)
{
    int len = 3 * w;
    f[0] = (uint8_t)PNG_FILTER;
    signed char *line = (signed char *)(f + 1);
    if (y == 0)
        stbiw__encode_png_line(two, len, w, h, 0, 3, PNG_FILTER, line);
    else if (y & 1)
        stbiw__encode_png_line(two, len, w, h, 1, 3, PNG_FILTER, line);
    else
        stbiw__encode_png_line(two + len, -len, w, h, 1, 3, PNG_FILTER, line);
}

/* stb's chunks (signature, IHDR, one IDAT of the zlib stream, IEND) as
 * stbi_write_png_to_mem writes them, for 8-bit RGB (colour type 2); NULL when out of
 * memory. */
static uint8_t *rgb_chunks(int w, int h, const unsigned char *zlib, int zlen, size_t *len)
{
    static const unsigned char sig[8] = { 137, 80, 78, 71, 13, 10, 26, 10 };
    size_t n = 8 + 12 + 13 + 12 + (size_t)zlen + 12;
    unsigned char *out = malloc(n), *o = out;
    if (!out)
        return NULL;
    memcpy(o, sig, 8);
    o += 8;
    stbiw__wp32(o, 13);
    stbiw__wptag(o, "IHDR");
    stbiw__wp32(o, w);
    stbiw__wp32(o, h);
    *o++ = 8, *o++ = 2, *o++ = 0, *o++ = 0, *o++ = 0;
    stbiw__wpcrc(&o, 13);
    stbiw__wp32(o, zlen);
    stbiw__wptag(o, "IDAT");
    memcpy(o, zlib, (size_t)zlen);
    o += zlen;
    stbiw__wpcrc(&o, zlen);
    stbiw__wp32(o, 0);
    stbiw__wptag(o, "IEND");
    stbiw__wpcrc(&o, 0);
    *len = n;
    return out;
}

/* The PNG stbi_write_png_to_mem makes of opaque c packed to RGB (its filter, its zlib
 * hook, its chunks: the same bytes), made a row at a time: each row's alphas checked,
 * then packed and filtered while it is in L1, where stb would take the packed image in
 * one pass and copy each filtered line in another (a film frame: 2.7 MB less read and
 * written twice, and c left as it was). 1 with *out malloc'ed; 0 when an alpha is not
 * 255 (nothing kept); -1 when out of memory. */
static int rgb_png(const canvas *c, uint8_t **out, size_t *len)
{
    pthread_once(&filter_once, force_filter);
    int w = c->w, h = c->h, fast = has_ssse3(), zlen = 0, y = 0;
    size_t rowf = (size_t)w * 3 + 1;
    if (rowf * (size_t)h > 0x7fffffff)
        return -1;
    uint8_t *filt = malloc(rowf * (size_t)h), *two = malloc(2 * (rowf - 1));
    for (; filt && two && y < h; y++) {
        const uint8_t *p = c->px + (size_t)y * (size_t)c->stride;
        if (!row_opaque(p, w))
            break;
        (fast ? pack_ssse3 : pack_bytes)(p, two + (size_t)(y & 1) * (rowf - 1), w);
        filter_row(two, w, h, y, filt + (size_t)y * rowf);
    }
    unsigned char *zlib = filt && two && y == h
                              ? stbi_zlib_compress(filt, (int)(rowf * (size_t)h), &zlen,
                                                   stbi_write_png_compression_level)
                              : NULL;
    int opaque = !filt || !two || y == h;
    free(two);
    free(filt);
    if (!opaque)
        return 0;
    *out = zlib ? rgb_chunks(w, h, zlib, zlen, len) : NULL;
    free(zlib);
    return *out ? 1 : -1;
}

/* stb's PNG of rows of n bytes a pixel (3 or 4) from px, stride bytes apart. */
static delve_status stb_png(const uint8_t *px, int stride, int w, int h, int n, uint8_t **out,
                            size_t *len, delve_err *err)
{
    pthread_once(&filter_once, force_filter);
    int got = 0;
    unsigned char *png = stbi_write_png_to_mem(px, stride, w, h, n, &got);
    if (!png || got <= 0) {
        free(png);
        return delve_fail(err, DELVE_ENOMEM, "png: out of memory encoding %d x %d", w, h);
    }
    *out = png;
    *len = (size_t)got;
    return DELVE_OK;
}

delve_status png_encode(const canvas *c, uint8_t **out, size_t *len, delve_err *err)
{
    *out = NULL;
    *len = 0;
    if (!c->px || c->w < 1 || c->h < 1)
        return delve_fail(err, DELVE_EINPUT, "png: empty canvas");
    int rgb = rgb_png(c, out, len);
    if (rgb < 0)
        return delve_fail(err, DELVE_ENOMEM, "png: out of memory encoding %d x %d", c->w,
                          c->h);
    return rgb ? DELVE_OK : stb_png(c->px, c->stride, c->w, c->h, 4, out, len, err);
}

static delve_status encode_write(const char *path, const canvas *c, int fresh, delve_err *err)
{
    uint8_t *png = NULL;
    size_t len = 0;
    delve_status st = png_encode(c, &png, &len, err);
    if (st == DELVE_OK)
        st = fresh ? fsio_write_new(path, png, len, err)
                   : fsio_write_atomic(path, png, len, err);
    free(png);
    return st;
}

delve_status png_write(const char *path, const canvas *c, delve_err *err)
{
    return encode_write(path, c, 0, err);
}

delve_status png_write_new(const char *path, const canvas *c, delve_err *err)
{
    return encode_write(path, c, 1, err);
}


/* --- reading ---------------------------------------------------------------------- */

#define BIG_ALIGN ((size_t)2 << 20)
#define DEFLATE_MAX_RATIO 1032   /* most bytes one deflate byte can become (zlib's FAQ) */
#define PNG_MAX_CHUNK_LEN 0x7fffffffu /* the spec's largest chunk length */

static const uint8_t SIGNATURE[8] = { 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n' };

void *png_alloc_big(size_t n)
{
#ifdef MADV_HUGEPAGE
    if (n > BIG_ALIGN / 2) {
        /* a last 2 MB less than half used stays in small pages: the kernel clears all
         * of a huge page (a 1920x1080 RGB file's rows are 3 x 2 MB and 0.2 MB: clearing
         * a nearly empty last huge page costs more than its small pages' faults); so a
         * buffer of 1-2 MB is one huge page (a 1920x1080 diff
         * image's palette rows, 1.98 MB: 507 page faults fewer) */
        size_t r = (n + BIG_ALIGN - 1) / BIG_ALIGN * BIG_ALIGN;
        size_t huge = r - n > BIG_ALIGN / 2 ? r - BIG_ALIGN : r;
        void *p = aligned_alloc(BIG_ALIGN, r);
        if (p)
            madvise(p, huge, MADV_HUGEPAGE);
        return p;
    }
#endif
    return malloc(n ? n : 1);
}

void png_image_free(png_image *im)
{
    if (!im)
        return;
    free(im->px);
    im->px = NULL;
}

static uint32_t be32(const uint8_t *p)
{
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* The header as read from the file's first chunk (valid only when has_ihdr). */
typedef struct png_hdr {
    int has_ihdr;               /* signature, then a 13-byte IHDR chunk */
    uint32_t w, h;
    int depth, ctype, interlace, odd; /* odd: compression or filter method not 0 */
} png_hdr;

/* What one walk over the chunks found. */
typedef struct png_scan {
    uint64_t idat_bytes;        /* bytes of IDAT data in the file */
    int simple;                 /* exactly IHDR, IDAT..., IEND, CRCs right, nothing after */
    int idats;                  /* IDAT chunks */
    const uint8_t *idat;        /* data of the first IDAT */
} png_scan;

static void read_hdr(const uint8_t *d, size_t len, png_hdr *h)
{
    memset(h, 0, sizeof *h);
    if (len < 8 + 25 || memcmp(d, SIGNATURE, 8) || memcmp(d + 12, "IHDR", 4) ||
        be32(d + 8) != 13)
        return;
    const uint8_t *ih = d + 16;
    *h = (png_hdr){ .has_ihdr = 1, .w = be32(ih), .h = be32(ih + 4), .depth = ih[8],
                    .ctype = ih[9], .odd = ih[10] || ih[11], .interlace = ih[12] };
}

/* Is the chunk at d + at (length n, inside the file) one the fast path takes here, with
 * its CRC right? prev: type of the chunk before, "" for the first. */
static int simple_chunk(const uint8_t *d, size_t at, uint32_t n, const char *prev)
{
    const uint8_t *type = d + at + 4;
    int ok = !memcmp(type, "IHDR", 4)   ? !*prev
             : !memcmp(type, "IDAT", 4) ? !strcmp(prev, "IHDR") || !strcmp(prev, "IDAT")
             : !memcmp(type, "IEND", 4) ? !strcmp(prev, "IDAT") && n == 0
                                        : 0;
    return ok && libdeflate_crc32(0, type, (size_t)n + 4) == be32(d + at + 8 + n);
}

/* Walks the chunks from the signature on, stopping at IEND or at a chunk that does not
 * fit in the file (an IDAT's bytes up to the end of the file still count). */
static void scan_chunks(const uint8_t *d, size_t len, png_scan *s)
{
    memset(s, 0, sizeof *s);
    s->simple = 1;
    char prev[5] = "";
    int ended = 0;
    for (size_t at = 8; !ended && at + 8 <= len;) {
        uint32_t n = be32(d + at);
        const uint8_t *type = d + at + 4;
        size_t room = len - at - 8;   /* bytes after the length and type */
        if (n > PNG_MAX_CHUNK_LEN || room < 4 || n > room - 4) { /* cut short */
            s->idat_bytes += memcmp(type, "IDAT", 4) ? 0 : n < room ? n : room;
            s->simple = 0;
            break;
        }
        if (!memcmp(type, "IDAT", 4)) {
            s->idat = s->idats++ ? s->idat : type + 4;
            s->idat_bytes += n;
        }
        s->simple = s->simple && simple_chunk(d, at, n, prev);
        ended = !memcmp(type, "IEND", 4);
        memcpy(prev, type, 4);
        at += (size_t)n + 12;
        s->simple = s->simple && (!ended || at == len);
    }
    s->simple = s->simple && ended;
}

/* --- the fast path: 8-bit RGB or RGBA, libdeflate ---------------------------------- */

/* The IDAT bytes in one piece: s->idat when there is one IDAT, else a malloc'ed copy
 * in *joined (only for files scan_chunks found simple). */
static const uint8_t *fast_idat(const uint8_t *d, size_t len, const png_scan *s,
                                uint8_t **joined)
{
    *joined = NULL;
    if (s->idats == 1)
        return s->idat;
    uint8_t *j = malloc(s->idat_bytes ? (size_t)s->idat_bytes : 1);
    size_t got = 0;
    for (size_t at = 8; j && at + 12 <= len; at += (size_t)be32(d + at) + 12)
        if (!memcmp(d + at + 4, "IDAT", 4)) {
            memcpy(j + got, d + at + 8, be32(d + at));
            got += be32(d + at);
        }
    *joined = j;
    return j;
}

static uint8_t paeth(int a, int b, int c)
{
    int p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);
    return (uint8_t)(pa <= pb && pa <= pc ? a : pb <= pc ? b : c);
}

/* Undoes filter f of one row (n bytes, bpp bytes a pixel) in place; prev is the row
 * above, unfiltered, or NULL for the first row (zeros). 0 for an unknown filter. */
static int unfilter(uint8_t *row, const uint8_t *prev, size_t n, size_t bpp, int f)
{
    if (f == 0 || (f == 2 && !prev))
        return 1;
    if (f > 4)
        return 0;
    if (!prev) { /* with zeros above, avg is half of sub and paeth is sub */
        for (size_t i = bpp; i < n; i++)
            row[i] = (uint8_t)(row[i] + (f == 3 ? row[i - bpp] >> 1 : row[i - bpp]));
        return 1;
    }
    size_t i = 0;
    if (f == 1)
        i = bpp;
    for (; i < bpp && i < n; i++) /* left of the first pixel is zero */
        row[i] = (uint8_t)(row[i] + (f == 3 ? prev[i] >> 1 : prev[i]));
    if (f == 1)
        for (; i < n; i++)
            row[i] = (uint8_t)(row[i] + row[i - bpp]);
    else if (f == 2)
        for (; i < n; i++)
            row[i] = (uint8_t)(row[i] + prev[i]);
    else if (f == 3)
        for (; i < n; i++)
            row[i] = (uint8_t)(row[i] + ((row[i - bpp] + prev[i]) >> 1));
    else
        for (; i < n; i++)
            row[i] = (uint8_t)(row[i] + paeth(row[i - bpp], prev[i], prev[i - bpp]));
    return 1;
}

#if defined(__GNUC__) /* gcc and clang: 16 bytes at a time (SSE2, NEON, or scalar code) */
typedef uint8_t png_v16 __attribute__((vector_size(16)));
#endif

/* Each 16 bytes are loaded before they are stored, in order, so dst may lie before src. */
void png_add_up(uint8_t *dst, const uint8_t *src, const uint8_t *up, size_t n)
{
    size_t i = 0;
#if defined(__GNUC__)
    for (; i + 16 <= n; i += 16) {
        png_v16 a, b;
        memcpy(&a, src + i, 16);
        memcpy(&b, up + i, 16);
        a += b;
        memcpy(dst + i, &a, 16);
    }
#endif
    for (; i < n; i++)
        dst[i] = (uint8_t)(src[i] + up[i]);
}

/* 4 pixels at a time from two 8-byte words (baseline x86-64 has no byte shuffle), 14
 * bytes read for 12 (so not the last 2 of src). */
void png_rgb_to_rgba(uint8_t *dst, const uint8_t *src, size_t npx)
{
    size_t x = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    const uint64_t opaque = 0xff000000ff000000u, rgb = 0xffffff;
    for (; x + 5 <= npx; x += 4) {
        uint64_t a, b;
        memcpy(&a, src + x * 3, 8);     /* pixels x, x + 1 and 2 bytes of x + 2 */
        memcpy(&b, src + x * 3 + 6, 8); /* pixels x + 2, x + 3 and 2 bytes more */
        uint64_t lo = (a & rgb) | (a >> 24 & rgb) << 32 | opaque;
        uint64_t hi = (b & rgb) | (b >> 24 & rgb) << 32 | opaque;
        memcpy(dst + x * 4, &lo, 8);
        memcpy(dst + x * 4 + 8, &hi, 8);
    }
#endif
    for (; x < npx; x++)
        dst[x * 4] = src[x * 3], dst[x * 4 + 1] = src[x * 3 + 1],
        dst[x * 4 + 2] = src[x * 3 + 2], dst[x * 4 + 3] = 255;
}

/* Unfilters the inflated rows (bpp 3 or 4 bytes a pixel) and writes them as RGBA8 rows
 * to out, row by row: raw itself for RGBA, each row moved left over the filter bytes
 * (the row above stays whole until the next move); for RGB, a buffer whose rows end
 * before raw's row of the same y begins (fast_decode). "up" rows are undone 16 bytes at
 * a time. 0 on a bad filter. */
static int fast_rows(uint8_t *raw, const png_hdr *h, size_t bpp, uint8_t *out)
{
    size_t n = (size_t)h->w * bpp;
    const uint8_t *prev = NULL;
    for (uint32_t y = 0; y < h->h; y++) {
        uint8_t *row = raw + (size_t)y * (n + 1), *o = out + (size_t)y * (size_t)h->w * 4;
        int f = row[0];
        if (bpp == 4 && prev && f == 2) {
            png_add_up(o, row + 1, prev, n);
            prev = o;
            continue;
        }
        if (f == 2 && prev)
            png_add_up(row + 1, row + 1, prev, n);
        else if (!unfilter(row + 1, prev, n, bpp, f))
            return 0;
        if (bpp == 4) {
            memmove(o, row + 1, n);
            prev = o;
            continue;
        }
        prev = row + 1;
        png_rgb_to_rgba(o, row + 1, h->w);
    }
    return 1;
}

/* A zlib header libdeflate takes: deflate with a window of at most 32 KB, the check
 * bits right, no preset dictionary (RFC 1950). */
static int zlib_head_ok(const uint8_t *z, size_t n)
{
    return n >= 6 && (z[0] & 0x0f) == 8 && z[0] >> 4 <= 7 && (z[0] << 8 | z[1]) % 31 == 0 &&
           !(z[1] & 0x20);
}

/* Inflates z (n bytes) into exactly out_len bytes of out; 0 unless the zlib stream is
 * right, ends exactly at the end of z and gives exactly out_len bytes. With *adler not
 * NULL, the stream's Adler-32 is not checked but put there for the caller to check (the
 * raw deflate stream inflated: libdeflate's zlib wrapper sums the 6 MB of a 1920 x 1080
 * RGB file from memory after inflating it, where a reader going over the rows can sum
 * them in the cache). */
static int fast_inflate(const uint8_t *z, size_t n, uint8_t *out, size_t out_len,
                        uint32_t *adler)
{
    struct libdeflate_decompressor *dc = libdeflate_alloc_decompressor();
    size_t in_used = 0, got = 0;
    int ok;
    if (adler) {
        ok = dc && zlib_head_ok(z, n) &&
             libdeflate_deflate_decompress_ex(dc, z + 2, n - 6, out, out_len, &in_used, &got) ==
                 LIBDEFLATE_SUCCESS && in_used == n - 6 && got == out_len;
        *adler = ok ? be32(z + n - 4) : 0;
    } else {
        ok = dc && libdeflate_zlib_decompress_ex(dc, z, n, out, out_len, &in_used, &got) ==
                       LIBDEFLATE_SUCCESS && in_used == n && got == out_len;
    }
    libdeflate_free_decompressor(dc);
    return ok;
}

/* The inflated scanlines of a file the fast path takes (sizes already checked), at byte
 * `at` of a png_alloc_big'ed buffer (h rows of 1 + w * bpp bytes from there), or NULL;
 * adler as fast_inflate's. */
static uint8_t *fast_raw(const uint8_t *d, size_t len, const png_hdr *h, const png_scan *s,
                         size_t bpp, size_t at, uint32_t *adler)
{
    uint8_t *joined;
    const uint8_t *z = fast_idat(d, len, s, &joined);
    size_t raw_len = (size_t)h->h * ((size_t)h->w * bpp + 1);
    uint8_t *buf = z ? png_alloc_big(at + raw_len) : NULL;
    if (buf && !fast_inflate(z, (size_t)s->idat_bytes, buf + at, raw_len, adler)) {
        free(buf);
        buf = NULL;
    }
    free(joined);
    return buf;
}

/* RGBA8 pixels of a file the fast path takes (sizes already checked), or NULL. Both
 * are inflated into the pixel buffer itself (less memory to fault in): RGBA at its
 * start, RGB rows far enough in that each RGBA row written ends before the RGB row it
 * comes from (row y: 4w(y + 1) <= at + y(3w + 1) for every y), so the buffer is
 * 4wh + 3w + 1 bytes. */
static uint8_t *fast_decode(const uint8_t *d, size_t len, const png_hdr *h, const png_scan *s)
{
    size_t bpp = h->ctype == 6 ? 4 : 3, w = h->w, rows = h->h;
    size_t at = bpp == 4 ? 0 : 4 * w + (rows - 1) * (w - 1);
    uint8_t *px = fast_raw(d, len, h, s, bpp, at, NULL);
    if (px && !fast_rows(px + at, h, bpp, px)) {
        free(px);
        px = NULL;
    }
    return px;
}

static int fast_takes(const png_hdr *h, const png_scan *s)
{
    return s->simple && s->idats > 0 && h->depth == 8 && (h->ctype == 2 || h->ctype == 6) &&
           !h->odd && !h->interlace;
}

/* --- libspng ------------------------------------------------------------------------ */

/* The first pixel of a palette image whose index is past its PLTE's entries. */
typedef struct bad_index {
    int index;                  /* -1: every index is in the palette */
    uint32_t x, y, entries;
} bad_index;

/* The first index of ix (the rows as the file holds them, SPNG_FMT_PNG: ceil(w * depth
 * / 8) bytes each, the leftmost pixel in the high bits) not below entries, into *b. */
static void first_bad_index(const uint8_t *ix, const struct spng_ihdr *ih, uint32_t entries,
                            bad_index *b)
{
    unsigned depth = ih->bit_depth, mask = (1u << depth) - 1;
    size_t row = ((size_t)ih->width * depth + 7) / 8;
    *b = (bad_index){ .index = -1, .entries = entries };
    for (uint32_t y = 0; y < ih->height; y++)
        for (uint32_t x = 0; x < ih->width; x++) {
            size_t bit = (size_t)x * depth;
            unsigned v = ix[y * row + bit / 8] >> (8 - depth - bit % 8) & mask;
            if (v >= entries) {
                *b = (bad_index){ .index = (int)v, .x = x, .y = y, .entries = entries };
                return;
            }
        }
}

/* The PNG spec (11.2.3, PLTE) makes an index past the palette an error, and libspng
 * 0.7's RGBA8 expansion lets it through without one: a palette image's
 * indices are decoded again as the file holds them and held to its PLTE. The libspng
 * error, 0 when they were read (then *b says whether one is past the palette). A
 * palette as large as the depth allows needs no second decode. */
static int palette_indices(const uint8_t *d, size_t len, int max_side,
                           const struct spng_ihdr *ih, bad_index *b)
{
    spng_ctx *ctx = spng_ctx_new(0);
    struct spng_plte plte;
    size_t n = 0;
    uint8_t *ix = NULL;
    *b = (bad_index){ .index = -1 };
    int e = ctx ? spng_set_png_buffer(ctx, d, len) : SPNG_EMEM;
    e = e ? e : spng_set_crc_action(ctx, SPNG_CRC_ERROR, SPNG_CRC_ERROR);
    e = e ? e : spng_set_image_limits(ctx, (uint32_t)max_side, (uint32_t)max_side);
    e = e ? e : spng_set_chunk_limits(ctx, PNG_READ_MAX_CHUNK, PNG_READ_MAX_CHUNKS_KEPT);
    e = e ? e : spng_get_plte(ctx, &plte);
    int full = !e && plte.n_entries >= 1u << ih->bit_depth;
    e = e || full ? e : spng_decoded_image_size(ctx, SPNG_FMT_PNG, &n);
    if (!e && !full && !(ix = malloc(n ? n : 1)))
        e = SPNG_EMEM;
    e = e || full ? e : spng_decode_image(ctx, ix, n, SPNG_FMT_PNG, 0);
    if (!e && !full)
        first_bad_index(ix, ih, plte.n_entries, b);
    free(ix);
    spng_ctx_free(ctx);
    return e;
}

/* Decodes with libspng into *out (RGBA8, or RGBA16 when deep and the file has 16 bits),
 * reading on to IEND so the chunks after the image are checked too. */
static delve_status spng_read(const uint8_t *d, size_t len, const char *name, int max_side,
                              int deep, png_image *out, delve_err *err)
{
    spng_ctx *ctx = spng_ctx_new(0);
    if (!ctx)
        return delve_fail(err, DELVE_ENOMEM, "%s: out of memory", name);
    struct spng_ihdr ih;
    size_t n = 0;
    int fmt = SPNG_FMT_RGBA8;
    void *px = NULL;
    int e = spng_set_png_buffer(ctx, d, len);
    e = e ? e : spng_set_crc_action(ctx, SPNG_CRC_ERROR, SPNG_CRC_ERROR);
    e = e ? e : spng_set_image_limits(ctx, (uint32_t)max_side, (uint32_t)max_side);
    e = e ? e : spng_set_chunk_limits(ctx, PNG_READ_MAX_CHUNK, PNG_READ_MAX_CHUNKS_KEPT);
    e = e ? e : spng_get_ihdr(ctx, &ih);
    if (!e && deep && ih.bit_depth == 16)
        fmt = SPNG_FMT_RGBA16;
    e = e ? e : spng_decoded_image_size(ctx, fmt, &n);
    if (!e && !(px = png_alloc_big(n)))
        e = SPNG_EMEM;
    e = e ? e : spng_decode_image(ctx, px, n, fmt, SPNG_DECODE_TRNS);
    e = e ? e : spng_decode_chunks(ctx);
    spng_ctx_free(ctx);
    bad_index b = { .index = -1 };
    if (!e && ih.color_type == SPNG_COLOR_TYPE_INDEXED)
        e = palette_indices(d, len, max_side, &ih, &b);
    if (!e && b.index >= 0) {
        free(px);
        return delve_fail(err, DELVE_EINPUT, "%s: corrupt PNG (pixel %lu,%lu has palette index "
                          "%d, past the %lu entr%s of its PLTE)", name, (unsigned long)b.x,
                          (unsigned long)b.y, b.index, (unsigned long)b.entries,
                          b.entries == 1 ? "y" : "ies");
    }
    if (e) {
        free(px);
        return e == SPNG_EMEM ? delve_fail(err, DELVE_ENOMEM, "%s: out of memory", name)
                              : delve_fail(err, DELVE_EINPUT, "%s: corrupt PNG (%s)", name,
                                           spng_strerror(e));
    }
    *out = (png_image){ .w = (int)ih.width, .h = (int)ih.height,
                        .bits = fmt == SPNG_FMT_RGBA16 ? 16 : 8, .px = px };
    return DELVE_OK;
}

/* --- the reader ----------------------------------------------------------------------- */

/* The size limits and deflate's ratio, from the header and the chunk walk. */
static delve_status check_sizes(const png_hdr *h, const png_scan *s, const char *name,
                                int max_side, int deep, delve_err *err)
{
    int64_t max_px = deep && h->depth == 16 ? PNG_READ_MAX_PIXELS / 2 : PNG_READ_MAX_PIXELS;
    if (h->w > (uint32_t)max_side || h->h > (uint32_t)max_side ||
        (int64_t)h->w * h->h > max_px)
        return delve_fail(err, DELVE_ELIMIT, "%s: %lu x %lu is past the limit (%d a side, %d "
                          "pixels%s)", name, (unsigned long)h->w, (unsigned long)h->h,
                          max_side, PNG_READ_MAX_PIXELS, deep ? ", half at 16 bits" : "");
    static const int channels[7] = { 1, 0, 3, 1, 2, 0, 4 };
    uint64_t bits = h->ctype <= 6 ? (uint64_t)channels[h->ctype] * (uint64_t)h->depth : 0;
    uint64_t least = ((uint64_t)h->w * h->h * bits + 7) / 8; /* bytes of pixels, unfiltered */
    if (least / DEFLATE_MAX_RATIO > s->idat_bytes)
        return delve_fail(err, DELVE_EINPUT, "%s: corrupt PNG (%llu bytes of image data "
                          "cannot hold %lu x %lu pixels)", name,
                          (unsigned long long)s->idat_bytes, (unsigned long)h->w,
                          (unsigned long)h->h);
    return DELVE_OK;
}

delve_status png_decode(const void *data, size_t len, const char *name, int max_side,
                        int flags, png_image *out, delve_err *err)
{
    memset(out, 0, sizeof *out);
    const uint8_t *d = data;
    if (max_side < 1 || max_side > PNG_READ_MAX_SIDE)
        max_side = PNG_READ_MAX_SIDE;
    if (len < 8 || memcmp(d, SIGNATURE, 8))
        return delve_fail(err, DELVE_EINPUT, "%s: not a PNG image that can be read", name);
    png_hdr h;
    png_scan s;
    read_hdr(d, len, &h);
    scan_chunks(d, len, &s);
    int deep = flags & PNG_READ_DEEP;
    delve_status st = h.has_ihdr ? check_sizes(&h, &s, name, max_side, deep, err) : DELVE_OK;
    if (st)
        return st;
    if (h.has_ihdr && !(flags & PNG_READ_SPNG_ONLY) && fast_takes(&h, &s)) {
        uint8_t *px = fast_decode(d, len, &h, &s);
        if (px) {
            *out = (png_image){ .w = (int)h.w, .h = (int)h.h, .bits = 8, .px = px };
            return DELVE_OK;
        }
    }
    return spng_read(d, len, name, max_side, deep, out, err);
}

delve_status png_load(const char *path, int max_side, int flags, png_image *out,
                      delve_err *err)
{
    memset(out, 0, sizeof *out);
    char *data;
    size_t len;
    delve_status st = fsio_read_all(path, PNG_READ_MAX_FILE_BYTES, &data, &len, err);
    if (st)
        return st;
    st = png_decode(data, len, path, max_side, flags, out, err);
    free(data);
    return st;
}

int png_rows_decode(const void *data, size_t len, int max_side, int flags, png_rows *out)
{
    memset(out, 0, sizeof *out);
    const uint8_t *d = data;
    png_hdr h;
    png_scan s;
    read_hdr(d, len, &h);
    scan_chunks(d, len, &s);
    if (max_side < 1 || max_side > PNG_READ_MAX_SIDE)
        max_side = PNG_READ_MAX_SIDE;
    size_t bpp = h.ctype == 6 ? 4 : 3;
    uint32_t adler = 0;
    uint8_t *raw = h.has_ihdr && fast_takes(&h, &s) &&
                           !check_sizes(&h, &s, "", max_side, 0, NULL)
                       ? fast_raw(d, len, &h, &s, bpp, 0,
                                  flags & PNG_ROWS_ADLER_LATER ? &adler : NULL)
                       : NULL;
    size_t row = (size_t)h.w * bpp + 1;
    for (uint32_t y = 0; raw && y < h.h; y++)
        if (raw[(size_t)y * row] != 0 && raw[(size_t)y * row] != 2) {
            free(raw);
            raw = NULL;
        }
    if (raw)
        *out = (png_rows){ .w = (int)h.w, .h = (int)h.h, .bpp = (int)bpp, .raw = raw,
                           .adler = adler };
    return raw != NULL;
}

int png_rows_load(const char *path, int max_side, int flags, png_rows *out)
{
    memset(out, 0, sizeof *out);
    char *data;
    size_t len;
    if (fsio_read_all(path, PNG_READ_MAX_FILE_BYTES, &data, &len, NULL))
        return 0;
    int taken = png_rows_decode(data, len, max_side, flags, out);
    free(data);
    return taken;
}

delve_status png_read_max(const char *path, int max_side, canvas *out, delve_err *err)
{
    memset(out, 0, sizeof *out);
    png_image im;
    delve_status st = png_load(path, max_side, 0, &im, err);
    if (st)
        return st;
    *out = (canvas){ .w = im.w, .h = im.h, .stride = im.w * 4, .px = im.px };
    return DELVE_OK;
}

delve_status png_read(const char *path, canvas *out, delve_err *err)
{
    return png_read_max(path, PNG_READ_MAX_SIDE, out, err);
}
