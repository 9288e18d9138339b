/* test_png: codecs/png's reader. What the PNG spec refuses is refused (unknown critical
 * chunk, bad CRC anywhere, empty, cut or scattered IDAT, no IEND), by the fast path and
 * by libspng alike; a header asking for more than the limits or than its IDAT can hold
 * is refused before anything is allocated; and the fast path agrees with libspng on
 * every file of a corpus of good, odd and damaged ones. Every file is made here (chunks
 * by hand, zlib by libdeflate). `test_png --fixtures DIR` writes the files
 * tests/png_refused.sh gives to `delve diff` and `delve sheet`. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <libdeflate.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codecs/png.h"

/* --- a PNG file being built in memory ------------------------------------------------ */

typedef struct buf {
    uint8_t *p;
    size_t n, cap;
} buf;

static void put(buf *b, const void *d, size_t n)
{
    if (b->n + n > b->cap) {
        b->cap = (b->n + n) * 2 + 64;
        b->p = realloc(b->p, b->cap);
        assert_non_null(b->p);
    }
    if (n)
        memcpy(b->p + b->n, d, n);
    b->n += n;
}

static void put32(buf *b, uint32_t v)
{
    uint8_t q[4] = { (uint8_t)(v >> 24), (uint8_t)(v >> 16), (uint8_t)(v >> 8), (uint8_t)v };
    put(b, q, 4);
}

/* A chunk; its CRC xor crc_flip (0: right). */
static void chunk(buf *b, const char *type, const void *data, size_t n, uint32_t crc_flip)
{
    put32(b, (uint32_t)n);
    put(b, type, 4);
    put(b, data, n);
    uint32_t crc = libdeflate_crc32(0, type, 4);
    if (n) /* libdeflate_crc32 of a NULL buffer restarts at 0 */
        crc = libdeflate_crc32(crc, data, n);
    put32(b, crc ^ crc_flip);
}

static void ihdr(buf *b, uint32_t w, uint32_t h, int depth, int ctype)
{
    put(b, "\x89PNG\r\n\x1a\n", 8);
    uint8_t d[13] = { (uint8_t)(w >> 24), (uint8_t)(w >> 16), (uint8_t)(w >> 8), (uint8_t)w,
                      (uint8_t)(h >> 24), (uint8_t)(h >> 16), (uint8_t)(h >> 8), (uint8_t)h,
                      (uint8_t)depth, (uint8_t)ctype, 0, 0, 0 };
    chunk(b, "IHDR", d, 13, 0);
}

/* The zlib stream of the rows of a w x h RGBA8 (ctype 6) or RGB8 (2) picture, every row
 * filter f_y = (y * 3) % 5 applied "by hand" as zero-predictor rows (filter byte set,
 * data raw: a decoder must undo the filter it is told). raw_extra bytes are appended
 * to the rows, trail bytes after the zlib stream. */
static uint8_t *rows_zlib(int w, int h, int ctype, size_t raw_extra, size_t trail,
                          size_t *zn)
{
    size_t bpp = ctype == 6 ? 4 : 3, row = (size_t)w * bpp + 1;
    size_t n = row * (size_t)h + raw_extra;
    uint8_t *raw = calloc(n, 1);
    for (int y = 0; y < h; y++) {
        uint8_t *r = raw + (size_t)y * row;
        r[0] = (uint8_t)(y * 3 % 5);
        for (size_t i = 1; i < row; i++)
            r[i] = (uint8_t)((i * 37 + (size_t)y * 11) ^ (i >> 3));
    }
    struct libdeflate_compressor *c = libdeflate_alloc_compressor(6);
    size_t cap = libdeflate_zlib_compress_bound(c, n) + trail;
    uint8_t *z = malloc(cap);
    *zn = libdeflate_zlib_compress(c, raw, n, z, cap);
    libdeflate_free_compressor(c);
    assert_true(*zn > 0);
    memset(z + *zn, 0xA5, trail);
    *zn += trail;
    free(raw);
    return z;
}

/* The ways a test file is made odd; zero is a good file. */
typedef struct shape {
    int w, h, ctype;
    size_t split;            /* > 0: IDAT chunks of this many bytes */
    size_t raw_extra, trail; /* see rows_zlib */
    const char *before;      /* a chunk type put between IHDR and IDAT (data "delve") */
    const char *between;     /* a chunk type put between two halves of the IDAT */
    int bad_crc;             /* 1 IHDR, 2 first IDAT, 3 IEND, 4 the `before` chunk */
    int empty_idat;          /* 1: one IDAT of 0 bytes; 2: an extra empty IDAT at the end */
    int no_iend;
    const char *after_iend;  /* bytes after IEND */
} shape;

static buf make(const shape *s)
{
    buf b = { 0 };
    size_t zn = 0;
    uint8_t *z = rows_zlib(s->w, s->h, s->ctype, s->raw_extra, s->trail, &zn);
    ihdr(&b, (uint32_t)s->w, (uint32_t)s->h, 8, s->ctype);
    if (s->bad_crc == 1)
        b.p[29] ^= 0x10;
    if (s->before)
        chunk(&b, s->before, "delve", 5, s->bad_crc == 4);
    size_t step = s->split ? s->split : zn, half = zn / 2;
    for (size_t at = 0; s->empty_idat != 1 && at < zn; at += step) {
        size_t n = zn - at < step ? zn - at : step;
        if (s->between && at < half && at + n > half) { /* cut this chunk at the half */
            chunk(&b, "IDAT", z + at, half - at, 0);
            chunk(&b, s->between, "delve", 5, 0);
            chunk(&b, "IDAT", z + half, at + n - half, 0);
            continue;
        }
        chunk(&b, "IDAT", z + at, n, at == 0 && s->bad_crc == 2);
    }
    if (s->empty_idat)
        chunk(&b, "IDAT", NULL, 0, 0);
    if (!s->no_iend)
        chunk(&b, "IEND", NULL, 0, s->bad_crc == 3);
    if (s->after_iend)
        put(&b, s->after_iend, strlen(s->after_iend));
    free(z);
    return b;
}

/* A w x h palette image (ctype 3) of depth bits a pixel and a palette of `entries`
 * colours, pixel (x, y) of index (x + y) % (entries + past): past > 0 puts indices past
 * the palette. The rows unfiltered (filter 0). */
static buf make_palette(int w, int h, int depth, int entries, int past)
{
    buf b = { 0 };
    ihdr(&b, (uint32_t)w, (uint32_t)h, depth, 3);
    uint8_t plte[256 * 3];
    for (int i = 0; i < entries * 3; i++)
        plte[i] = (uint8_t)(i * 53 + 7);
    chunk(&b, "PLTE", plte, (size_t)entries * 3, 0);
    size_t row = ((size_t)w * (size_t)depth + 7) / 8 + 1, n = row * (size_t)h;
    uint8_t *raw = calloc(n, 1);
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            unsigned v = (unsigned)((x + y) % (entries + past)) & ((1u << depth) - 1);
            size_t bit = (size_t)x * (size_t)depth;
            raw[(size_t)y * row + 1 + bit / 8] |= (uint8_t)(v << (8 - depth - bit % 8));
        }
    struct libdeflate_compressor *c = libdeflate_alloc_compressor(6);
    size_t cap = libdeflate_zlib_compress_bound(c, n);
    uint8_t *z = malloc(cap);
    size_t zn = libdeflate_zlib_compress(c, raw, n, z, cap);
    libdeflate_free_compressor(c);
    assert_true(zn > 0);
    chunk(&b, "IDAT", z, zn, 0);
    chunk(&b, "IEND", NULL, 0, 0);
    free(z);
    free(raw);
    return b;
}

/* --- helpers --------------------------------------------------------------------------- */

/* Decodes b with the fast path allowed and with libspng alone: the same status, the
 * same pixels or the same message; returns the status. */
static delve_status both_ways(const buf *b, const char *name, int flags, delve_err *err)
{
    png_image fast, ref;
    delve_err ef = { "" }, er = { "" };
    delve_status sf = png_decode(b->p, b->n, name, PNG_READ_MAX_SIDE, flags, &fast, &ef);
    delve_status sr = png_decode(b->p, b->n, name, PNG_READ_MAX_SIDE,
                                 flags | PNG_READ_SPNG_ONLY, &ref, &er);
    if (sf != sr)
        fail_msg("%s: fast path says %d (%s), libspng %d (%s)", name, sf, ef.msg, sr, er.msg);
    if (sf == DELVE_OK) {
        assert_int_equal(fast.w, ref.w);
        assert_int_equal(fast.h, ref.h);
        assert_int_equal(fast.bits, ref.bits);
        assert_memory_equal(fast.px, ref.px, (size_t)fast.w * (size_t)fast.h * 4 *
                                                 (size_t)(fast.bits / 8));
    } else {
        assert_string_equal(ef.msg, er.msg);
        assert_non_null(strstr(ef.msg, name));
    }
    png_image_free(&fast);
    png_image_free(&ref);
    if (err)
        *err = ef;
    return sf;
}

static void expect_refused(const shape *s, const char *name, const char *want)
{
    buf b = make(s);
    delve_err err = { "" };
    assert_int_equal(both_ways(&b, name, 0, &err), DELVE_EINPUT);
    if (!strstr(err.msg, want))
        fail_msg("%s: message '%s' lacks '%s'", name, err.msg, want);
    free(b.p);
}

/* --- the tests ------------------------------------------------------------------------ */

/* The good file the others are made from decodes, to the rows it was given. */
static void test_good_file_reads(void **state)
{
    (void)state;
    shape s = { .w = 13, .h = 7, .ctype = 6 };
    buf b = make(&s);
    png_image im;
    assert_int_equal(png_decode(b.p, b.n, "good.png", PNG_READ_MAX_SIDE, 0, &im, NULL),
                     DELVE_OK);
    assert_int_equal(im.w, 13);
    assert_int_equal(im.h, 7);
    assert_int_equal(im.bits, 8);
    /* row 0 has filter 0: its pixels are the bytes written */
    const uint8_t *p = im.px;
    for (int i = 0; i < 13 * 4; i++)
        assert_int_equal(p[i], (uint8_t)(((i + 1) * 37) ^ ((i + 1) >> 3)));
    png_image_free(&im);
    free(b.p);
}

static void test_spec_refusals(void **state)
{
    (void)state;
    const int W = 13, H = 7;
    expect_refused(&(shape){ .w = W, .h = H, .ctype = 6, .before = "DEVx" }, "crit.png",
                   "crit.png: corrupt PNG (unknown critical chunk)");
    static const struct { int ctype, bad_crc; size_t split; const char *before, *name; } CRC[] = {
        { 6, 1, 0, NULL, "crc-ihdr.png" }, { 6, 2, 0, NULL, "crc-idat.png" },
        { 2, 2, 40, NULL, "crc-idat2.png" }, { 6, 3, 0, NULL, "crc-iend.png" },
        { 6, 4, 0, "tEXt", "crc-text.png" },
    };
    for (size_t i = 0; i < sizeof CRC / sizeof CRC[0]; i++)
        expect_refused(&(shape){ .w = W, .h = H, .ctype = CRC[i].ctype, .split = CRC[i].split,
                                 .before = CRC[i].before, .bad_crc = CRC[i].bad_crc },
                       CRC[i].name, "corrupt PNG (invalid chunk checksum)");
    expect_refused(&(shape){ .w = W, .h = H, .ctype = 6, .empty_idat = 1 }, "empty-idat.png",
                   "corrupt PNG");
    expect_refused(&(shape){ .w = W, .h = H, .ctype = 6, .no_iend = 1 }, "no-iend.png",
                   "corrupt PNG");
    expect_refused(&(shape){ .w = W, .h = H, .ctype = 6, .between = "tEXt" }, "scattered.png",
                   "corrupt PNG");
    expect_refused(&(shape){ .w = W, .h = H, .ctype = 6, .before = "IHDR" }, "two-ihdr.png",
                   "corrupt PNG");
    /* cut anywhere after the header */
    shape s = { .w = W, .h = H, .ctype = 6 };
    buf b = make(&s);
    for (size_t cut = 33; cut < b.n; cut += 7) {
        buf c = { b.p, cut, cut };
        assert_int_equal(both_ways(&c, "cut.png", 0, NULL), DELVE_EINPUT);
    }
    buf text = { (uint8_t *)"this is not a PNG\n", 18, 18 };
    delve_err err = { "" };
    assert_int_equal(both_ways(&text, "text.png", 0, &err), DELVE_EINPUT);
    assert_non_null(strstr(err.msg, "text.png: not a PNG image"));
    free(b.p);
}

/* A header asking for more than the limits, or an IDAT that declares 2 GB in a file of
 * a few bytes: refused at once, from the header and the chunk walk. */
static void test_limits_from_header(void **state)
{
    (void)state;
    static const struct {
        uint32_t w, h;
        int depth, flags;
        delve_status st;
        const char *want;
    } T[] = {
        { 16385, 2, 8, 0, DELVE_ELIMIT, "16385 x 2 is past the limit (16384 a side" },
        { 9000, 8000, 8, 0, DELVE_ELIMIT, "9000 x 8000 is past the limit" },
        { 6000, 6000, 16, PNG_READ_DEEP, DELVE_ELIMIT, "6000 x 6000 is past the limit" },
        { 6000, 6000, 16, 0, DELVE_EINPUT, "cannot hold 6000 x 6000 pixels" },
        { 8000, 8000, 8, 0, DELVE_EINPUT, "corrupt PNG (14 bytes of image data cannot hold" },
    };
    for (size_t i = 0; i < sizeof T / sizeof T[0]; i++) {
        buf b = { 0 };
        ihdr(&b, T[i].w, T[i].h, T[i].depth, 6);
        chunk(&b, "IDAT", "\x78\x01\x01\x00\x00\xff\xff\x00\x00\x00\x00\x00\x01\x00", 14, 0);
        chunk(&b, "IEND", NULL, 0, 0);
        delve_err err = { "" };
        assert_int_equal(both_ways(&b, "big.png", T[i].flags, &err), T[i].st);
        if (!strstr(err.msg, T[i].want))
            fail_msg("case %zu: '%s' lacks '%s'", i, err.msg, T[i].want);
        free(b.p);
    }
    buf b = { 0 };   /* a 2 GB IDAT declared in a file of 60 bytes */
    ihdr(&b, 8000, 8000, 8, 6);
    put32(&b, 0x7ffffff0u);
    put(&b, "IDAT\x78\x01", 6);
    delve_err err = { "" };
    assert_int_equal(both_ways(&b, "liar.png", 0, &err), DELVE_EINPUT);
    assert_non_null(strstr(err.msg, "liar.png: corrupt PNG (2 bytes of image data"));
    free(b.p);
}

/* Odd but valid, or odd and refused: the fast path must not take a file libspng judges
 * otherwise (rows filtered every way, IDAT in many chunks, RGB and RGBA, data after the
 * zlib stream or after IEND, more rows than the image, an extra empty IDAT, ancillary
 * chunks). */
static void test_odd_files_agree(void **state)
{
    (void)state;
    const shape S[] = {
        { .w = 1, .h = 1, .ctype = 6 },
        { .w = 29, .h = 17, .ctype = 2 },
        { .w = 29, .h = 17, .ctype = 6, .split = 17 },
        { .w = 8, .h = 300, .ctype = 2, .split = 1 },
        { .w = 13, .h = 7, .ctype = 6, .trail = 3 },
        { .w = 13, .h = 7, .ctype = 6, .raw_extra = 5 },
        { .w = 13, .h = 7, .ctype = 2, .empty_idat = 2 },
        { .w = 13, .h = 7, .ctype = 6, .after_iend = "junk" },
        { .w = 13, .h = 7, .ctype = 6, .before = "tEXt" },
        { .w = 13, .h = 7, .ctype = 6, .before = "prVt" },
        { .w = 13, .h = 7, .ctype = 2, .between = "IDAT" },
    };
    for (size_t i = 0; i < sizeof S / sizeof S[0]; i++) {
        buf b = make(&S[i]);
        char name[32];
        snprintf(name, sizeof name, "odd-%zu.png", i);
        both_ways(&b, name, 0, NULL);
        both_ways(&b, name, PNG_READ_DEEP, NULL);
        free(b.p);
    }
}

/* Offset of the length field of chunk k of a whole file b (counting from 0, wrapping). */
static size_t chunk_len_at(const buf *b, unsigned k)
{
    size_t count = 0;
    for (size_t at = 8; at + 12 <= b->n; at += 12 + ((size_t)b->p[at] << 24 |
                                                     (size_t)b->p[at + 1] << 16 |
                                                     (size_t)b->p[at + 2] << 8 | b->p[at + 3]))
        count++;
    size_t at = 8;
    for (k %= (unsigned)count; k > 0; k--)
        at += 12 + ((size_t)b->p[at] << 24 | (size_t)b->p[at + 1] << 16 |
                    (size_t)b->p[at + 2] << 8 | b->p[at + 3]);
    return at;
}

/* 400 damaged copies of good (bytes flipped, cut short, a chunk length made huge or off
 * by a little), each decoded both ways (both_ways: the same answer); seed: the stream. */
static void damage_all(const buf *good, uint32_t *seed)
{
    buf bad = { malloc(good->n), good->n, good->n };
    for (int t = 0; t < 400; t++) {
        memcpy(bad.p, good->p, good->n);
        bad.n = good->n;
        *seed = *seed * 1664525u + 1013904223u;
        size_t at = 8 + (*seed >> 8) % (good->n - 8), len_at = chunk_len_at(good, *seed >> 4);
        if (t % 4 == 0)
            bad.n = at;                                       /* cut short */
        else if (t % 4 == 1)
            bad.p[at] ^= (uint8_t)(1 + (*seed >> 3) % 255);   /* one byte flipped */
        else if (t % 4 == 2)
            bad.p[len_at] = (uint8_t)(0x10 + (*seed >> 5) % 0x70); /* a length made huge */
        else
            bad.p[len_at + 3] ^= (uint8_t)(1 + (*seed >> 5) % 4);  /* off by a little */
        both_ways(&bad, "damaged.png", 0, NULL);
    }
    free(bad.p);
}

/* Damaged copies of good files, RGB, RGBA and palette ones (a flipped byte of a palette
 * file's rows can put an index past its PLTE): fast path and libspng give the same
 * answer on every one. */
static void test_damaged_files_agree(void **state)
{
    (void)state;
    const shape S[] = { { .w = 29, .h = 17, .ctype = 6 },
                        { .w = 29, .h = 17, .ctype = 2, .split = 50 },
                        { .w = 64, .h = 9, .ctype = 6, .split = 300 } };
    uint32_t seed = 7;
    for (size_t k = 0; k < sizeof S / sizeof S[0]; k++) {
        buf good = make(&S[k]);
        damage_all(&good, &seed);
        free(good.p);
    }
    static const int P[][3] = { { 29, 17, 8 }, { 31, 5, 4 }, { 40, 3, 1 } }; /* w, h, depth */
    for (size_t k = 0; k < sizeof P / sizeof P[0]; k++) {
        buf good = make_palette(P[k][0], P[k][1], P[k][2], P[k][2] == 1 ? 1 : 3, 0);
        damage_all(&good, &seed);
        free(good.p);
    }
}

/* A palette index past the PLTE is an error (PNG spec 11.2.3), at every depth, by the
 * fast path and libspng alike, naming the first such pixel; indices within it read, a
 * palette as large as the depth allows included. */
static void test_palette_index_past_plte(void **state)
{
    (void)state;
    static const struct { int w, h, depth, entries, past; const char *want; } T[] = {
        { 7, 3, 8, 5, 0, NULL },
        { 7, 3, 4, 16, 0, NULL },
        { 9, 2, 1, 2, 0, NULL },
        { 7, 3, 8, 5, 1, "pixel 5,0 has palette index 5, past the 5 entries of its PLTE" },
        { 210, 1, 8, 200, 56, "pixel 200,0 has palette index 200, past the 200 entries" },
        { 4, 9, 8, 2, 3, "pixel 2,0 has palette index 2, past the 2 entries" },
        { 7, 3, 4, 3, 2, "pixel 3,0 has palette index 3, past the 3 entries" },
        { 9, 2, 2, 3, 1, "pixel 3,0 has palette index 3, past the 3 entries" },
        { 9, 2, 1, 1, 1, "pixel 1,0 has palette index 1, past the 1 entry of its PLTE" },
    };
    for (size_t i = 0; i < sizeof T / sizeof T[0]; i++) {
        buf b = make_palette(T[i].w, T[i].h, T[i].depth, T[i].entries, T[i].past);
        delve_err err = { "" };
        for (int deep = 0; deep < 2; deep++) {
            delve_status st = both_ways(&b, "pal.png", deep ? PNG_READ_DEEP : 0, &err);
            if (!T[i].want && st)
                fail_msg("case %zu: %s", i, err.msg);
            if (T[i].want && (st != DELVE_EINPUT || !strstr(err.msg, T[i].want)))
                fail_msg("case %zu: '%s' lacks '%s'", i, err.msg, T[i].want);
        }
        free(b.p);
    }
}

/* png_read_max: the canvas is the pixels, and its own side limit is applied. */
static void test_read_canvas(void **state)
{
    (void)state;
    canvas c;
    assert_int_equal(canvas_init(&c, 5, 4, NULL), DELVE_OK);
    for (int i = 0; i < 5 * 4 * 4; i++)
        c.px[i] = (uint8_t)(i * 13);
    const char *path = "build-test-png.png";
    assert_int_equal(png_write(path, &c, NULL), DELVE_OK);
    canvas back;
    assert_int_equal(png_read_max(path, 5, &back, NULL), DELVE_OK);
    assert_int_equal(back.stride, 20);
    assert_memory_equal(back.px, c.px, 5 * 4 * 4);
    canvas_free(&back);
    delve_err err = { "" };
    assert_int_equal(png_read_max(path, 4, &back, &err), DELVE_ELIMIT);
    assert_non_null(strstr(err.msg, "5 x 4 is past the limit (4 a side"));
    assert_null(back.px);
    remove(path);
    canvas_free(&c);
}

/* --- fixtures for tests/png_refused.sh ------------------------------------------------ */

static void write_file(const char *dir, const char *name, const buf *b)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    if (!f || fwrite(b->p, 1, b->n, f) != b->n || fclose(f)) {
        fprintf(stderr, "test_png: cannot write %s\n", path);
        exit(1);
    }
}

/* crit.png, badcrc.png (the IDAT's), liar.png (8000 x 8000, an IDAT of 2 GB declared in
 * 60 bytes), crit-chunk.bin: an unknown critical chunk alone, to put into a frame after
 * its IHDR (byte 33), and plte-index.png: 24 x 16 with a palette of 6 and index 6 at
 * pixel 6,0. */
static void make_fixtures(const char *dir)
{
    buf b = make(&(shape){ .w = 24, .h = 16, .ctype = 6, .before = "DEVx" });
    write_file(dir, "crit.png", &b);
    free(b.p);
    b = make(&(shape){ .w = 24, .h = 16, .ctype = 6, .bad_crc = 2 });
    write_file(dir, "badcrc.png", &b);
    free(b.p);
    b = (buf){ 0 };
    ihdr(&b, 8000, 8000, 8, 6);
    put32(&b, 0x7ffffff0u);
    put(&b, "IDAT\x78\x01", 6);
    write_file(dir, "liar.png", &b);
    free(b.p);
    b = (buf){ 0 };
    chunk(&b, "DEVx", "delve", 5, 0);
    write_file(dir, "crit-chunk.bin", &b);
    free(b.p);
    b = make_palette(24, 16, 8, 6, 1);
    write_file(dir, "plte-index.png", &b);
    free(b.p);
}

int main(int argc, char **argv)
{
    if (argc == 3 && !strcmp(argv[1], "--fixtures")) {
        make_fixtures(argv[2]);
        return 0;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_good_file_reads),
        cmocka_unit_test(test_spec_refusals),
        cmocka_unit_test(test_limits_from_header),
        cmocka_unit_test(test_odd_files_agree),
        cmocka_unit_test(test_damaged_files_agree),
        cmocka_unit_test(test_palette_index_past_plte),
        cmocka_unit_test(test_read_canvas),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
