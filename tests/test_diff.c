/* test_diff: review/diff (the image diff behind `delve diff`). Every fixture is made
 * here: a small PNG writer (chunks by hand, zlib by libdeflate) covers grey,
 * grey-alpha, RGB, RGBA and palette at 8 and 16 bits. `test_diff --fixtures DIR` writes
 * the fixture files and exits: tests/diff.sh uses them for the command line, and the
 * pixelmatch counts below were obtained by running pixelmatch on those very files. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <libdeflate.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "review/diff.h"


/* --- a PNG writer for fixtures ------------------------------------------------------- */

typedef struct png_spec {
    int w, h, depth, ctype;          /* ctype: 0 grey, 2 RGB, 3 palette, 4 grey-alpha, 6 RGBA */
    const uint8_t *plte, *trns;      /* palette (3 bytes an entry) and its alphas */
    int nplte, ntrns;
    int filters;                     /* 0: filter 0 on every row; 1: row y gets (y * 3) % 5;
                                      * 2: "up" but on every third row ("none"); 3: "up"
                                      * on every row, the first too */
    int split;                       /* > 0: IDAT chunks of this many bytes */
} png_spec;

static void put32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24), p[1] = (uint8_t)(v >> 16), p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

static void chunk(FILE *f, const char *type, const uint8_t *data, size_t n)
{
    uint8_t hdr[8];
    put32(hdr, (uint32_t)n);
    memcpy(hdr + 4, type, 4);
    fwrite(hdr, 1, 8, f);
    if (n)
        fwrite(data, 1, n, f);
    uint32_t crc = libdeflate_crc32(0, type, 4);
    if (n) /* libdeflate_crc32 of a NULL buffer restarts at 0 */
        crc = libdeflate_crc32(crc, data, n);
    put32(hdr, crc);
    fwrite(hdr, 1, 4, f);
}

static int channels(int ctype)
{
    return ctype == 0 || ctype == 3 ? 1 : ctype == 4 ? 2 : ctype == 2 ? 3 : 4;
}

static int paeth_ref(int a, int b, int c)
{
    int p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);
    return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/* Filters one row with filter f (PNG spec 9.2); bpp bytes a pixel, at least 1. */
static void filter_row(uint8_t *out, const uint8_t *cur, const uint8_t *prev, size_t n,
                       size_t bpp, int f)
{
    for (size_t i = 0; i < n; i++) {
        int a = i >= bpp ? cur[i - bpp] : 0, b = prev ? prev[i] : 0;
        int c = prev && i >= bpp ? prev[i - bpp] : 0;
        int pred = f == 1 ? a : f == 2 ? b : f == 3 ? (a + b) / 2 : f == 4 ? paeth_ref(a, b, c) : 0;
        out[i] = (uint8_t)(cur[i] - pred);
    }
}

/* Writes raw rows (packed samples, 16-bit big-endian) with the filters of s. */
static void write_png(const char *path, const png_spec *s, const uint8_t *raw)
{
    size_t row = (size_t)s->w * (size_t)channels(s->ctype) * (size_t)s->depth / 8;
    size_t n = (row + 1) * (size_t)s->h, bpp = (size_t)channels(s->ctype) * (size_t)s->depth / 8;
    uint8_t *filt = calloc(n, 1);
    for (int y = 0; y < s->h; y++) {
        int f = s->filters == 1   ? y * 3 % 5
                : s->filters == 2 ? (y % 3 ? 2 : 0)
                : s->filters == 3 ? 2
                                  : 0;
        filt[(size_t)y * (row + 1)] = (uint8_t)f;
        filter_row(filt + (size_t)y * (row + 1) + 1, raw + (size_t)y * row,
                   y ? raw + (size_t)(y - 1) * row : NULL, row, bpp ? bpp : 1, f);
    }
    struct libdeflate_compressor *z = libdeflate_alloc_compressor(6);
    size_t cap = libdeflate_zlib_compress_bound(z, n);
    uint8_t *zd = malloc(cap);
    size_t zn = libdeflate_zlib_compress(z, filt, n, zd, cap);
    libdeflate_free_compressor(z);
    FILE *f = fopen(path, "wb");
    assert_non_null(f);
    fwrite("\x89PNG\r\n\x1a\n", 1, 8, f);
    uint8_t ihdr[13] = { 0 };
    put32(ihdr, (uint32_t)s->w);
    put32(ihdr + 4, (uint32_t)s->h);
    ihdr[8] = (uint8_t)s->depth, ihdr[9] = (uint8_t)s->ctype;
    chunk(f, "IHDR", ihdr, 13);
    if (s->plte)
        chunk(f, "PLTE", s->plte, (size_t)s->nplte * 3);
    if (s->trns)
        chunk(f, "tRNS", s->trns, (size_t)s->ntrns);
    for (size_t at = 0, step = s->split > 0 ? (size_t)s->split : zn; at < zn; at += step)
        chunk(f, "IDAT", zd + at, zn - at < step ? zn - at : step);
    chunk(f, "IEND", NULL, 0);
    assert_int_equal(fclose(f), 0);
    free(zd);
    free(filt);
}

/* An RGBA8 picture being drawn. */
typedef struct pic {
    int w, h;
    uint8_t *p;
} pic;

static pic pic_new(int w, int h, uint8_t r, uint8_t g, uint8_t b, uint8_t a)
{
    pic q = { w, h, malloc((size_t)w * (size_t)h * 4) };
    for (int i = 0; i < w * h; i++)
        q.p[i * 4] = r, q.p[i * 4 + 1] = g, q.p[i * 4 + 2] = b, q.p[i * 4 + 3] = a;
    return q;
}

static uint8_t *px(pic *q, int x, int y)
{
    return q->p + ((size_t)y * (size_t)q->w + (size_t)x) * 4;
}

/* Writes q as 8-bit RGBA (ctype 6) or RGB (ctype 2, alpha dropped), filters as
 * png_spec's. */
static void write_pic_filtered(const char *path, const pic *q, int ctype, int filters)
{
    int n = channels(ctype);
    uint8_t *raw = malloc((size_t)q->w * (size_t)q->h * (size_t)n);
    for (int i = 0; i < q->w * q->h; i++)
        memcpy(raw + (size_t)i * (size_t)n, q->p + (size_t)i * 4, (size_t)n);
    png_spec s = { q->w, q->h, 8, ctype, NULL, NULL, 0, 0, filters, 0 };
    write_png(path, &s, raw);
    free(raw);
}

static void write_pic(const char *path, const pic *q, int ctype)
{
    write_pic_filtered(path, q, ctype, 1);
}

/* Writes q as 16-bit RGBA, each sample v*257 + noise(x, y, c) with |noise| < 100, so it
 * rounds back to v (pngjs: round(v16 * 255 / 65535)) and is exactly v*257 nowhere
 * the noise is not 0. */
static void write_pic16(const char *path, const pic *q, int noise)
{
    uint8_t *raw = malloc((size_t)q->w * (size_t)q->h * 8);
    for (int i = 0; i < q->w * q->h * 4; i++) {
        int v = q->p[i] * 257 + (noise ? (i * 37 % 181) - 90 : 0);
        v = v < 0 ? 0 : v > 65535 ? 65535 : v;
        raw[i * 2] = (uint8_t)(v >> 8), raw[i * 2 + 1] = (uint8_t)v;
    }
    png_spec s = { q->w, q->h, 16, 6, NULL, NULL, 0, 0, 1, 0 };
    write_png(path, &s, raw);
    free(raw);
}

/* Anti-aliased disc, centre and radius in 1/8 px, 4x4 samples a pixel; colour c at
 * coverage alpha over the pixel (source-over in integers; alpha too). */
static void disc(pic *q, int cx8, int cy8, int r8, const uint8_t c[4])
{
    for (int y = 0; y < q->h; y++)
        for (int x = 0; x < q->w; x++) {
            int cnt = 0;
            for (int sy = 0; sy < 4; sy++)
                for (int sx = 0; sx < 4; sx++) {
                    int dx = x * 8 + sx * 2 + 1 - cx8, dy = y * 8 + sy * 2 + 1 - cy8;
                    cnt += dx * dx + dy * dy <= r8 * r8;
                }
            if (!cnt)
                continue;
            uint8_t *p = px(q, x, y);
            int sa = c[3] * cnt / 16, da = p[3] * (255 - sa) / 255, oa = sa + da;
            for (int i = 0; i < 3; i++)
                p[i] = (uint8_t)(oa ? (c[i] * sa + p[i] * da + oa / 2) / oa : 0);
            p[3] = (uint8_t)oa;
        }
}

static void rect(pic *q, int x0, int y0, int w, int h, const uint8_t c[4])
{
    for (int y = y0; y < y0 + h; y++)
        for (int x = x0; x < x0 + w; x++)
            memcpy(px(q, x, y), c, 4);
}

/* --- the fixture set -------------------------------------------------------------- */

static char *cat(char *buf, const char *dir, const char *name)
{
    snprintf(buf, 4096, "%s/%s", dir, name);
    return buf;
}

/* aa1: opaque, two discs and a bar on a flat ground; in B the blue disc moved half a
 * pixel right, the red one is a shade redder and a dark square was added. */
static void make_aa1(pic *a, pic *b)
{
    static const uint8_t blue[4] = { 40, 60, 140, 255 }, red[4] = { 180, 40, 40, 255 },
                         red2[4] = { 196, 36, 40, 255 }, ink[4] = { 20, 20, 20, 255 };
    *a = pic_new(80, 60, 230, 226, 210, 255);
    *b = pic_new(80, 60, 230, 226, 210, 255);
    disc(a, 160, 160, 96, blue);
    disc(b, 164, 160, 96, blue);
    disc(a, 440, 280, 120, red);
    disc(b, 440, 280, 120, red2);
    rect(a, 5, 45, 30, 3, ink);
    rect(b, 5, 45, 30, 3, ink);
    rect(b, 68, 48, 4, 4, ink);
}

/* aa2: transparent ground (pixelmatch blends with its background pattern), a
 * half-transparent disc that moves a quarter pixel, an opaque one that grows, and a
 * strip whose alpha alone changes (where the background pattern decides the count). */
static void make_aa2(pic *a, pic *b)
{
    static const uint8_t glass[4] = { 30, 150, 90, 128 }, solid[4] = { 250, 200, 30, 255 };
    *a = pic_new(64, 48, 0, 0, 0, 0);
    *b = pic_new(64, 48, 0, 0, 0, 0);
    disc(a, 150, 150, 100, glass);
    disc(b, 152, 150, 100, glass);
    disc(a, 380, 220, 80, solid);
    disc(b, 380, 220, 86, solid);
    for (int x = 0; x < 64; x++)   /* a strip whose alpha alone changes, more to the right */
        for (int y = 40; y < 46; y++) {
            const uint8_t sa[4] = { 200, 60, 60, 120 }, sb[4] = { 200, 60, 60, (uint8_t)(120 + x) };
            memcpy(px(a, x, y), sa, 4);
            memcpy(px(b, x, y), sb, 4);
        }
}

static void make_pixelmatch_pairs(const char *dir)
{
    char p[4096];
    pic a, b;
    make_aa1(&a, &b);
    write_pic(cat(p, dir, "aa1-a.png"), &a, 6);
    write_pic(cat(p, dir, "aa1-b.png"), &b, 6);
    write_pic16(cat(p, dir, "aa3-a.png"), &a, 1);   /* aa1 at 16 bits, low bytes noisy */
    write_pic16(cat(p, dir, "aa3-b.png"), &b, 1);
    free(a.p), free(b.p);
    make_aa2(&a, &b);
    write_pic(cat(p, dir, "aa2-a.png"), &a, 6);
    write_pic(cat(p, dir, "aa2-b.png"), &b, 6);
    free(a.p), free(b.p);
}

/* A 24x24 textured tile and the same tile with 12 more red on every pixel. */
static void make_tint(const char *dir)
{
    char p[4096];
    pic a = pic_new(24, 24, 0, 0, 0, 255), b = pic_new(24, 24, 0, 0, 0, 255);
    for (int y = 0; y < 24; y++)
        for (int x = 0; x < 24; x++) {
            uint8_t c[4] = { (uint8_t)(90 + (x * 7 + y * 3) % 40), (uint8_t)(80 + (x ^ y) % 20),
                             (uint8_t)(70 + y), 255 };
            memcpy(px(&a, x, y), c, 4);
            c[0] += 12;
            memcpy(px(&b, x, y), c, 4);
        }
    write_pic(cat(p, dir, "tile-a.png"), &a, 2);
    write_pic(cat(p, dir, "tile-b.png"), &b, 2);
    free(a.p), free(b.p);
}

/* 64x64, 64x65 (same first 64 rows) and 65x64, a gradient with an "F" in it. */
static void make_sizes(const char *dir)
{
    static const struct { const char *name; int w, h; } S[] = {
        { "size-64x64.png", 64, 64 }, { "size-64x65.png", 64, 65 }, { "size-65x64.png", 65, 64 },
    };
    char p[4096];
    for (int i = 0; i < 3; i++) {
        pic q = pic_new(S[i].w, S[i].h, 0, 0, 0, 255);
        for (int y = 0; y < q.h; y++)
            for (int x = 0; x < q.w; x++)
                px(&q, x, y)[0] = (uint8_t)(x * 4), px(&q, x, y)[1] = (uint8_t)(y * 4);
        static const uint8_t ink[4] = { 255, 255, 255, 255 };
        rect(&q, 20, 16, 6, 32, ink), rect(&q, 20, 16, 24, 6, ink), rect(&q, 20, 30, 16, 5, ink);
        write_pic(cat(p, dir, S[i].name), &q, 2);
        free(q.p);
    }
}

/* deep-a/b: 16-bit RGBA differing in the low byte of one sample; deep-8: the 8-bit
 * twin of deep-a with samples v*257. */
static void make_deep(const char *dir)
{
    char p[4096];
    uint8_t raw[8 * 8 * 8];
    for (int i = 0; i < 8 * 8 * 4; i++)
        raw[i * 2] = raw[i * 2 + 1] = (uint8_t)(i * 5);
    png_spec s = { 8, 8, 16, 6, NULL, NULL, 0, 0, 0, 0 };
    write_png(cat(p, dir, "deep-a.png"), &s, raw);
    uint8_t eight[8 * 8 * 4];
    for (int i = 0; i < 8 * 8 * 4; i++)
        eight[i] = raw[i * 2];
    png_spec s8 = { 8, 8, 8, 6, NULL, NULL, 0, 0, 0, 0 };
    write_png(cat(p, dir, "deep-8.png"), &s8, eight);
    raw[(3 * 8 + 5) * 8 + 2 * 2 + 1] ^= 1;   /* pixel (5, 3), blue, low byte */
    write_png(cat(p, dir, "deep-b.png"), &s, raw);
}

/* alpha-a/b: RGBA differing only in the alpha of 3 pixels. */
static void make_alpha(const char *dir)
{
    char p[4096];
    pic a = pic_new(16, 16, 90, 120, 200, 255), b = pic_new(16, 16, 90, 120, 200, 255);
    px(&b, 1, 2)[3] = 254, px(&b, 9, 9)[3] = 0, px(&b, 15, 15)[3] = 128;
    write_pic(cat(p, dir, "alpha-a.png"), &a, 6);
    write_pic(cat(p, dir, "alpha-b.png"), &b, 6);
    free(a.p), free(b.p);
}

/* pal.png (palette, with tRNS) and its RGBA twin; grey and grey-alpha and their twins. */
static void make_twins(const char *dir)
{
    char p[4096];
    static const uint8_t plte[4 * 3] = { 10, 20, 30, 200, 100, 50, 255, 255, 255, 0, 128, 64 };
    static const uint8_t trns[2] = { 255, 77 };
    uint8_t idx[12 * 10], grey[12 * 10], ga[12 * 10 * 2];
    pic rgb4 = pic_new(12, 10, 0, 0, 0, 0), g = pic_new(12, 10, 0, 0, 0, 0),
        gat = pic_new(12, 10, 0, 0, 0, 0);
    for (int i = 0; i < 12 * 10; i++) {
        idx[i] = (uint8_t)((i * 7 + i / 12) % 4);
        memcpy(rgb4.p + i * 4, plte + idx[i] * 3, 3);
        rgb4.p[i * 4 + 3] = idx[i] < 2 ? trns[idx[i]] : 255;
        grey[i] = (uint8_t)(i * 2);
        memset(g.p + i * 4, grey[i], 3), g.p[i * 4 + 3] = 255;
        ga[i * 2] = (uint8_t)(255 - i), ga[i * 2 + 1] = (uint8_t)(i * 2 + 1);
        memset(gat.p + i * 4, ga[i * 2], 3), gat.p[i * 4 + 3] = ga[i * 2 + 1];
    }
    png_spec sp = { 12, 10, 8, 3, plte, trns, 4, 2, 0, 0 },
             sg = { 12, 10, 8, 0, NULL, NULL, 0, 0, 0, 0 },
             sga = { 12, 10, 8, 4, NULL, NULL, 0, 0, 0, 0 };
    write_png(cat(p, dir, "pal.png"), &sp, idx);
    write_pic(cat(p, dir, "pal-rgba.png"), &rgb4, 6);
    write_png(cat(p, dir, "grey.png"), &sg, grey);
    write_pic(cat(p, dir, "grey-rgb.png"), &g, 2);
    write_png(cat(p, dir, "ga.png"), &sga, ga);
    write_pic(cat(p, dir, "ga-rgba.png"), &gat, 6);
    free(rgb4.p), free(g.p), free(gat.p);
    /* RGB with a tRNS colour key (not the fast decoder's case) and its RGBA twin */
    static const uint8_t key[6] = { 0, 200, 0, 100, 0, 50 };
    uint8_t rgb[12 * 10 * 3];
    pic keyed = pic_new(12, 10, 0, 0, 0, 0);
    for (int i = 0; i < 12 * 10; i++) {
        int hit = i % 5 == 0;
        rgb[i * 3] = hit ? 200 : (uint8_t)i, rgb[i * 3 + 1] = hit ? 100 : 7;
        rgb[i * 3 + 2] = 50;
        memcpy(keyed.p + i * 4, rgb + i * 3, 3);
        keyed.p[i * 4 + 3] = hit ? 0 : 255;
    }
    png_spec sk = { 12, 10, 8, 2, NULL, key, 0, 6, 1, 0 };
    write_png(cat(p, dir, "keyed.png"), &sk, rgb);
    write_pic(cat(p, dir, "keyed-rgba.png"), &keyed, 6);
    free(keyed.p);
}

/* corrupt.png: tile-a.png cut in the middle of its IDAT; notpng.png: text; huge.png,
 * many.png, deep-many.png: headers claiming 20000 x 16, 10000 x 10000 and 6000 x 6000 at
 * 16 bits (never decoded). */
static void make_bad(const char *dir)
{
    char p[4096];
    FILE *f = fopen(cat(p, dir, "tile-a.png"), "rb");
    uint8_t buf[4096];
    size_t n = fread(buf, 1, sizeof buf, f);
    fclose(f);
    f = fopen(cat(p, dir, "corrupt.png"), "wb");
    fwrite(buf, 1, n / 2, f);
    fclose(f);
    f = fopen(cat(p, dir, "notpng.png"), "wb");
    fputs("this is not a PNG\n", f);
    fclose(f);
    static const struct { const char *name; uint32_t w, h; } H[] = {
        { "huge.png", 20000, 16 }, { "many.png", 10000, 10000 },
        { "deep-many.png", 6000, 6000 } };
    for (int i = 0; i < 3; i++) {
        f = fopen(cat(p, dir, H[i].name), "wb");
        fwrite("\x89PNG\r\n\x1a\n", 1, 8, f);
        uint8_t ihdr[13] = { 0 };
        put32(ihdr, H[i].w), put32(ihdr + 4, H[i].h), ihdr[8] = i == 2 ? 16 : 8, ihdr[9] = 6;
        chunk(f, "IHDR", ihdr, 13);
        chunk(f, "IDAT", (const uint8_t *)"\x78\x01", 2);
        chunk(f, "IEND", NULL, 0);
        fclose(f);
    }
}

static void make_fixtures(const char *dir)
{
    make_tint(dir);
    make_sizes(dir);
    make_deep(dir);
    make_alpha(dir);
    make_twins(dir);
    make_bad(dir);
    make_pixelmatch_pairs(dir);
}

static char fixdir[256];

static int setup(void **state)
{
    (void)state;
    snprintf(fixdir, sizeof fixdir, "%s/delve-diff.XXXXXX",
             getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
    if (!mkdtemp(fixdir))
        return -1;
    make_fixtures(fixdir);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    char cmd[512];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", fixdir);
    return system(cmd) == 0 ? 0 : -1;
}

/* --- helpers for the tests ---------------------------------------------------------- */

static diff_opts opts(int milli, int aa)
{
    diff_opts o = diff_defaults();
    o.threshold_milli = milli;
    o.aa = aa;
    return o;
}

/* diff_files on two fixtures; asserts success and returns the result. */
static diff_result run(const char *a, const char *b, diff_opts o)
{
    char pa[4096], pb[4096];
    diff_result r;
    delve_err err = { "" };
    delve_status st = diff_files(cat(pa, fixdir, a), cat(pb, fixdir, b), NULL, &o, &r, &err);
    if (st)
        fail_msg("diff %s %s: %s", a, b, err.msg);
    return r;
}

static void assert_box(const diff_result *r, int x0, int y0, int x1, int y1)
{
    if (r->x0 != x0 || r->y0 != y0 || r->x1 != x1 || r->y1 != y1)
        fail_msg("box %d,%d..%d,%d, wanted %d,%d..%d,%d", r->x0, r->y0, r->x1, r->y1, x0, y0,
                 x1, y1);
}

/* --- the tests ------------------------------------------------------------------------ */

static void test_tint_caught_by_default(void **state)
{
    (void)state;
    diff_result r = run("tile-a.png", "tile-b.png", diff_defaults());
    assert_int_equal(r.changed, 24 * 24);
    assert_int_equal(r.total, 24 * 24);
    assert_box(&r, 0, 0, 23, 23);
    assert_int_equal(r.size_differs, 0);
    /* what pixelmatch's default threshold 0.1 lets through: distance ~23 < 352 */
    assert_int_equal(run("tile-a.png", "tile-b.png", opts(100, 0)).changed, 0);
    assert_int_equal(run("tile-a.png", "tile-a.png", diff_defaults()).changed, 0);
    assert_int_equal(run("tile-a.png", "tile-a.png", diff_defaults()).x0, -1);
}

static void test_sizes_differ(void **state)
{
    (void)state;
    diff_result r = run("size-64x64.png", "size-64x65.png", diff_defaults());
    assert_int_equal(r.size_differs, 1);
    assert_int_equal(r.changed, 64);           /* the extra row, nothing else */
    assert_int_equal(r.total, 64 * 65);
    assert_box(&r, 0, 64, 63, 64);
    assert_int_equal(r.ah, 64);
    assert_int_equal(r.bh, 65);
    r = run("size-65x64.png", "size-64x64.png", opts(100, 1));
    assert_int_equal(r.size_differs, 1);
    assert_int_equal(r.changed, 64);           /* the extra column */
    assert_box(&r, 64, 0, 64, 63);
    assert_int_equal(r.aw, 65);
    assert_int_equal(r.bw, 64);
}

/* The diff image of 64x64 vs 64x65: the larger size, the extra row in the outside
 * colour, the rest A's pixels faded toward white. */
static void test_sizes_diff_image(void **state)
{
    (void)state;
    char pa[4096], pb[4096], po[4096];
    diff_opts o = diff_defaults();
    diff_result r;
    delve_err err = { "" };
    assert_int_equal(diff_files(cat(pa, fixdir, "size-64x64.png"),
                                cat(pb, fixdir, "size-64x65.png"),
                                cat(po, fixdir, "out-size.png"), &o, &r, &err), DELVE_OK);
    diff_image d;
    assert_int_equal(diff_load(po, &d, &err), DELVE_OK);
    assert_int_equal(d.w, 64);
    assert_int_equal(d.h, 65);
    const uint8_t *p = d.px;
    const uint8_t last[4] = { DIFF_RGB_OUTSIDE, 255 };
    for (int x = 0; x < 64; x++)
        assert_memory_equal(p + (64 * 64 + x) * 4, last, 4);
    /* pixel (0, 0) is black: luma 0 faded to 10 % -> 255 - 26 */
    const uint8_t first[4] = { 229, 229, 229, 255 };
    assert_memory_equal(p, first, 4);
    /* the "F" is white: stays white */
    const uint8_t white[4] = { 255, 255, 255, 255 };
    assert_memory_equal(p + (16 * 64 + 20) * 4, white, 4);
    diff_image_free(&d);
}

static void test_sixteen_bits(void **state)
{
    (void)state;
    diff_result r = run("deep-a.png", "deep-b.png", diff_defaults());
    assert_int_equal(r.changed, 1);
    assert_box(&r, 5, 3, 5, 3);
    /* 8-bit v and 16-bit v*257 are the same colour */
    assert_int_equal(run("deep-a.png", "deep-8.png", diff_defaults()).changed, 0);
    assert_int_equal(run("deep-8.png", "deep-b.png", diff_defaults()).changed, 1);
    /* the threshold path works on 8-bit values: a low byte is no visible change */
    assert_int_equal(run("deep-a.png", "deep-b.png", opts(0, 0)).changed, 0);
}

static void test_alpha_counts(void **state)
{
    (void)state;
    diff_result r = run("alpha-a.png", "alpha-b.png", diff_defaults());
    assert_int_equal(r.changed, 3);
    assert_box(&r, 1, 2, 15, 15);
}

static void test_twins_equal(void **state)
{
    (void)state;
    assert_int_equal(run("pal.png", "pal-rgba.png", diff_defaults()).changed, 0);
    assert_int_equal(run("grey.png", "grey-rgb.png", diff_defaults()).changed, 0);
    assert_int_equal(run("ga.png", "ga-rgba.png", diff_defaults()).changed, 0);
    assert_int_equal(run("keyed.png", "keyed-rgba.png", diff_defaults()).changed, 0);
    /* and not equal to each other, so the twins are not trivially blank */
    assert_int_equal(run("pal.png", "ga.png", diff_defaults()).changed, 120);
}

static void expect_input_error(const char *a, const char *b, const char *want)
{
    char pa[4096], pb[4096];
    diff_opts o = diff_defaults();
    diff_result r;
    delve_err err = { "" };
    assert_int_equal(diff_files(cat(pa, fixdir, a), cat(pb, fixdir, b), NULL, &o, &r, &err),
                     DELVE_EINPUT);
    if (!strstr(err.msg, want))
        fail_msg("message '%s' lacks '%s'", err.msg, want);
}

static void test_bad_input(void **state)
{
    (void)state;
    expect_input_error("corrupt.png", "tile-a.png", "corrupt.png: corrupt PNG");
    expect_input_error("tile-a.png", "notpng.png", "notpng.png: not a PNG");
    expect_input_error("tile-a.png", "nowhere.png", "nowhere.png");
    expect_input_error("huge.png", "tile-a.png", "huge.png: 20000 x 16 is past the limit");
    expect_input_error("tile-a.png", "many.png", "many.png: 10000 x 10000 is past the limit");
    expect_input_error("tile-a.png", "deep-many.png", "deep-many.png: 6000 x 6000 is past the limit");
    char pa[4096], pb[4096];
    diff_opts o = opts(-1, 1);   /* aa without a threshold */
    diff_result r;
    assert_int_equal(diff_files(cat(pa, fixdir, "tile-a.png"), cat(pb, fixdir, "tile-b.png"),
                                NULL, &o, &r, NULL), DELVE_EINPUT);
    o = diff_defaults();
    assert_int_equal(diff_files(pa, pb, "/nonexistent-dir/x.png", &o, &r, NULL), DELVE_EIO);
}

/* pixelmatch 7's counts for the same files, obtained with
 *   build/tests/test_diff --fixtures /tmp/fx
 *   cd /tmp/pm && npm install pixelmatch@7 pngjs  (pixelmatch 7.2.0, pngjs 7.0.0, node 20)
 *   node node_modules/pixelmatch/bin/pixelmatch /tmp/fx/aa1-a.png /tmp/fx/aa1-b.png \
 *        '' 0.1 true          (the last argument is includeAA: "true" = no AA detection)
 * and the same with 0.05 and without "true" (AA detection on, pixelmatch's default).
 * aa3 is aa1 at 16 bits with noisy low bytes: pngjs rounds it back to aa1. aa2 has
 * transparency: blended with plain white (pixelmatch 7.2's checkerboard: false) its
 * T=0.1 count would be 218, not 128, so it pins the background pattern down. */
static const struct {
    const char *a, *b;
    int milli, aa;
    int64_t pixelmatch;
} PIXELMATCH7[] = {
    { "aa1-a.png", "aa1-b.png", 100, 0, 74 },
    { "aa1-a.png", "aa1-b.png", 100, 1, 16 },
    { "aa1-a.png", "aa1-b.png", 50, 0, 92 },
    { "aa1-a.png", "aa1-b.png", 50, 1, 16 },
    { "aa2-a.png", "aa2-b.png", 100, 0, 128 },
    { "aa2-a.png", "aa2-b.png", 100, 1, 26 },
    { "aa2-a.png", "aa2-b.png", 50, 0, 302 },
    { "aa2-a.png", "aa2-b.png", 50, 1, 144 },
    { "aa3-a.png", "aa3-b.png", 100, 0, 74 },
    { "aa3-a.png", "aa3-b.png", 100, 1, 16 },
    { "aa3-a.png", "aa3-b.png", 50, 0, 92 },
    { "aa3-a.png", "aa3-b.png", 50, 1, 16 },
};

static void test_pixelmatch_counts(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof PIXELMATCH7 / sizeof PIXELMATCH7[0]; i++) {
        diff_result r = run(PIXELMATCH7[i].a, PIXELMATCH7[i].b,
                            opts(PIXELMATCH7[i].milli, PIXELMATCH7[i].aa));
        if (r.changed != PIXELMATCH7[i].pixelmatch)
            fail_msg("%s %s T=%d/1000 aa=%d: %lld, pixelmatch 7 says %lld", PIXELMATCH7[i].a,
                     PIXELMATCH7[i].b, PIXELMATCH7[i].milli, PIXELMATCH7[i].aa,
                     (long long)r.changed, (long long)PIXELMATCH7[i].pixelmatch);
    }
    /* the detector must have had something to do */
    assert_true(run("aa1-a.png", "aa1-b.png", opts(100, 1)).aa > 0);
    assert_true(run("aa2-a.png", "aa2-b.png", opts(50, 1)).aa > 0);
}

/* A small deterministic generator for the reference test (not delve's RNG: test data). */
static uint32_t lcg(uint32_t *s)
{
    *s = *s * 1664525u + 1013904223u;
    return *s >> 8;
}

/* A random image at 8 or 16 bits; values from a few levels so equal pixels are common. */
static diff_image rand_image(uint32_t *s, int w, int h, int bits)
{
    diff_image im = { w, h, bits, malloc((size_t)w * (size_t)h * 4 * (size_t)(bits / 8)) };
    for (int i = 0; i < w * h * 4; i++) {
        unsigned v = (lcg(s) % 3) * 100;
        if (bits == 8)
            ((uint8_t *)im.px)[i] = (uint8_t)v;
        else
            ((uint16_t *)im.px)[i] = (uint16_t)(v * 257);
    }
    return im;
}

static unsigned sample16(const diff_image *im, int x, int y, int c)
{
    size_t i = ((size_t)y * (size_t)im->w + (size_t)x) * 4 + (size_t)c;
    return im->bits == 16 ? ((uint16_t *)im->px)[i] : ((uint8_t *)im->px)[i] * 257u;
}

/* The obvious exact diff: every pixel of the larger canvas, every channel at 16 bits. */
static void reference(const diff_image *a, const diff_image *b, diff_result *r)
{
    int W = a->w > b->w ? a->w : b->w, H = a->h > b->h ? a->h : b->h;
    r->changed = 0, r->x0 = r->y0 = r->x1 = r->y1 = -1;
    for (int y = 0; y < H; y++)
        for (int x = 0; x < W; x++) {
            int in = x < a->w && y < a->h && x < b->w && y < b->h, differs = !in;
            for (int c = 0; in && c < 4; c++)
                differs |= sample16(a, x, y, c) != sample16(b, x, y, c);
            if (!differs)
                continue;
            r->changed++;
            if (r->x0 < 0 || x < r->x0) r->x0 = x;
            if (r->y0 < 0 || y < r->y0) r->y0 = y;
            if (x > r->x1) r->x1 = x;
            if (y > r->y1) r->y1 = y;
        }
}

static void test_exact_matches_reference(void **state)
{
    (void)state;
    uint32_t s = 6;
    for (int t = 0; t < 300; t++) {
        int w = 1 + (int)(lcg(&s) % 9), h = 1 + (int)(lcg(&s) % 9);
        int bits_a = lcg(&s) % 2 ? 16 : 8, bits_b = lcg(&s) % 2 ? 16 : 8;
        diff_image a = rand_image(&s, w, h, bits_a);
        int bw = lcg(&s) % 4 ? w : 1 + (int)(lcg(&s) % 9);
        int bh = lcg(&s) % 4 ? h : 1 + (int)(lcg(&s) % 9);
        diff_image b = rand_image(&s, bw, bh, bits_b);
        for (int y = 0; y < h && y < bh; y++)   /* make B mostly A, with a few edits */
            for (int x = 0; x < w && x < bw; x++)
                for (int c = 0; c < 4; c++) {
                    unsigned v = sample16(&a, x, y, c) + (lcg(&s) % 40 == 0);
                    if (bits_b == 8)
                        ((uint8_t *)b.px)[(y * bw + x) * 4 + c] = (uint8_t)(v / 257 + (v % 257 != 0));
                    else
                        ((uint16_t *)b.px)[(y * bw + x) * 4 + c] = (uint16_t)v;
                }
        diff_result r, want;
        diff_opts o = diff_defaults();
        canvas out;
        assert_int_equal(diff_images(&a, &b, &o, &r, (t % 2) ? &out : NULL, NULL), DELVE_OK);
        reference(&a, &b, &want);
        if (r.changed != want.changed || r.x0 != want.x0 || r.y0 != want.y0 ||
            r.x1 != want.x1 || r.y1 != want.y1)
            fail_msg("case %d (%dx%d/%d vs %dx%d/%d): %lld box %d,%d..%d,%d, reference %lld "
                     "box %d,%d..%d,%d", t, w, h, bits_a, bw, bh, bits_b, (long long)r.changed,
                     r.x0, r.y0, r.x1, r.y1, (long long)want.changed, want.x0, want.y0,
                     want.x1, want.y1);
        if (t % 2)
            canvas_free(&out);
        free(a.px), free(b.px);
    }
}

/* The colours of the diff image: same (grey), B brighter (red), B darker (blue); and in
 * a pixelmatch pair, one AA colour pixel per skipped pixel. */
static void test_diff_colours(void **state)
{
    (void)state;
    uint8_t pa[3 * 4] = { 100, 100, 100, 255, 100, 100, 100, 255, 100, 100, 100, 255 };
    uint8_t pb[3 * 4] = { 100, 100, 100, 255, 140, 100, 100, 255, 100, 100, 60, 255 };
    diff_image a = { 3, 1, 8, pa }, b = { 3, 1, 8, pb };
    diff_opts o = diff_defaults();
    diff_result r;
    canvas out;
    assert_int_equal(diff_images(&a, &b, &o, &r, &out, NULL), DELVE_OK);
    assert_int_equal(r.changed, 2);
    const uint8_t grey[4] = { 239, 239, 239, 255 }, red[4] = { DIFF_RGB_CHANGED, 255 },
                  blue[4] = { DIFF_RGB_DARKER, 255 };
    assert_memory_equal(canvas_at(&out, 0, 0), grey, 4);
    assert_memory_equal(canvas_at(&out, 1, 0), red, 4);
    assert_memory_equal(canvas_at(&out, 2, 0), blue, 4);
    canvas_free(&out);

    char p1[4096], p2[4096];
    diff_image x, y;
    assert_int_equal(diff_load(cat(p1, fixdir, "aa1-a.png"), &x, NULL), DELVE_OK);
    assert_int_equal(diff_load(cat(p2, fixdir, "aa1-b.png"), &y, NULL), DELVE_OK);
    o = opts(50, 1);
    assert_int_equal(diff_images(&x, &y, &o, &r, &out, NULL), DELVE_OK);
    const uint8_t amber[3] = { DIFF_RGB_AA }, rd[3] = { DIFF_RGB_CHANGED },
                  bl[3] = { DIFF_RGB_DARKER };
    int64_t n_aa = 0, n_changed = 0;
    for (int j = 0; j < out.h; j++)
        for (int i = 0; i < out.w; i++) {
            const uint8_t *q = canvas_at(&out, i, j);
            n_aa += !memcmp(q, amber, 3);
            n_changed += !memcmp(q, rd, 3) || !memcmp(q, bl, 3);
        }
    assert_int_equal(n_aa, r.aa);
    assert_int_equal(n_changed, r.changed);
    assert_int_equal(r.aa, 76);
    canvas_free(&out);
    diff_image_free(&x), diff_image_free(&y);
}

/* The reader's fast path (8-bit RGB/RGBA) gives libspng's pixels: every filter on the
 * rows, odd widths, IDAT split in small chunks, RGB and RGBA; and files it does not
 * take (palette, grey, 16 bits) still load. */
static void test_fast_decoder_is_spng(void **state)
{
    (void)state;
    uint32_t seed = 11;
    for (int t = 0; t < 24; t++) {
        int w = 1 + t * 7 % 29, h = 1 + t * 5 % 17, ctype = t % 2 ? 6 : 2, n = channels(ctype);
        uint8_t *raw = malloc((size_t)w * (size_t)h * (size_t)n);
        for (int i = 0; i < w * h * n; i++) {
            seed = seed * 1664525u + 1013904223u;
            raw[i] = (uint8_t)(i % 7 == 0 ? seed >> 24 : (i * 13) & 0xff);
        }
        png_spec s = { w, h, 8, ctype, NULL, NULL, 0, 0, 1, t % 3 ? 0 : 17 };
        char path[4096];
        snprintf(path, sizeof path, "%s/fast-%d.png", fixdir, t);
        write_png(path, &s, raw);
        diff_image im;
        assert_int_equal(diff_load(path, &im, NULL), DELVE_OK);
        png_image ref;
        assert_int_equal(png_load(path, PNG_READ_MAX_SIDE, PNG_READ_SPNG_ONLY, &ref, NULL),
                         DELVE_OK);
        assert_int_equal(im.bits, 8);
        assert_int_equal(im.w, ref.w);
        assert_int_equal(im.h, ref.h);
        assert_memory_equal(im.px, ref.px, (size_t)w * (size_t)h * 4);
        /* and the pixels are the ones written (the filters were undone) */
        for (int i = 0; i < w * h; i++)
            assert_memory_equal((uint8_t *)im.px + i * 4, raw + i * n, (size_t)n);
        png_image_free(&ref);
        diff_image_free(&im);
        free(raw);
    }
}

/* Damaged files: bytes flipped, cut short, chunk lengths made huge. diff_load must load
 * or refuse with DELVE_EINPUT, never crash (run under ASan too), and what it loads
 * stays inside the limits. */
static void test_damaged_files(void **state)
{
    (void)state;
    static const char *const src[] = { "aa1-a.png", "fast-1.png", "fast-3.png", "pal.png",
                                       "deep-a.png" };
    uint32_t seed = 99;
    char p[4096], q[4096];
    for (size_t k = 0; k < sizeof src / sizeof src[0]; k++) {
        FILE *f = fopen(cat(p, fixdir, src[k]), "rb");
        assert_non_null(f);
        static uint8_t buf[1 << 16], bad[1 << 16];
        size_t n = fread(buf, 1, sizeof buf, f);
        fclose(f);
        for (int t = 0; t < 60; t++) {
            memcpy(bad, buf, n);
            size_t len = n;
            seed = seed * 1664525u + 1013904223u;
            if (t % 3 == 0)
                len = 8 + (seed >> 8) % (n - 8);              /* cut short */
            else if (t % 3 == 1)
                for (int i = 0; i < 4; i++, seed = seed * 1664525u + 1013904223u)
                    bad[8 + (seed >> 8) % (n - 8)] ^= (uint8_t)(1 + (seed >> 4) % 255);
            else
                put32(bad + 33 + (seed >> 8) % 8, 0x7ffffff0u); /* a length past the end */
            f = fopen(cat(q, fixdir, "damaged.png"), "wb");
            fwrite(bad, 1, len, f);
            fclose(f);
            diff_image im;
            delve_err err = { "" };
            delve_status st = diff_load(q, &im, &err);
            if (st != DELVE_OK && st != DELVE_EINPUT)
                fail_msg("%s case %d: status %d (%s)", src[k], t, st, err.msg);
            if (st == DELVE_OK) {
                assert_true(im.w >= 1 && im.w <= DIFF_MAX_SIDE && im.h >= 1);
                diff_image_free(&im);
            } else {
                assert_non_null(strstr(err.msg, "damaged.png"));
            }
        }
    }
}

/* diff_png_write: a diff canvas comes back the same from its palette PNG, and a canvas
 * of more than 256 colours is written as RGBA, also the same. */
static void test_diff_png_write(void **state)
{
    (void)state;
    char p[4096];
    for (int many = 0; many < 2; many++) {
        canvas c;
        assert_int_equal(canvas_init(&c, 40, 30, NULL), DELVE_OK);
        for (int y = 0; y < 30; y++)
            for (int x = 0; x < 40; x++) {
                uint8_t *q = canvas_at(&c, x, y);
                int v = many ? (x * 30 + y) % 256 : 229 + (x + y) % 27;
                q[0] = (uint8_t)v, q[1] = (uint8_t)(many ? y * 7 : v), q[2] = (uint8_t)v;
                q[3] = 255;
            }
        memcpy(canvas_at(&c, 3, 4), (uint8_t[]){ DIFF_RGB_DARKER, 255 }, 4);
        assert_int_equal(diff_png_write(cat(p, fixdir, "written.png"), &c, NULL), DELVE_OK);
        diff_image d;
        assert_int_equal(diff_load(p, &d, NULL), DELVE_OK);
        assert_int_equal(d.w, 40);
        assert_int_equal(d.h, 30);
        assert_memory_equal(d.px, c.px, 40 * 30 * 4);
        FILE *f = fopen(p, "rb");
        uint8_t hdr[26];
        assert_int_equal(fread(hdr, 1, 26, f), 26);
        fclose(f);
        assert_int_equal(hdr[25], many ? 2 : 3);    /* colour type: RGB (opaque) or palette */
        diff_image_free(&d);
        canvas_free(&c);
    }
}

/* diff_files' palette image has the pixels of diff_images' RGBA canvas (one pixel at a
 * time, the obvious formula) and the same counts and box: grey 16 pixels at a time,
 * rows or columns on two threads for a canvas this large, every grey level on random
 * colours, opaque and not, over odd widths (vector tails), greys copied from the row
 * above where A repeats it (but not over a change); same-sized files of "none" and "up"
 * rows compared as they are unfiltered (RGBA and RGB, alike or mixed), other filters
 * and other sizes from the decoded images. */
static void test_diff_files_is_diff_images(void **state)
{
    (void)state;
    uint32_t s = 21;
    const int size[9][5] = { { 701, 403, 701, 403, 2 }, { 13, 7, 13, 7, 2 },
                             { 640, 480, 601, 500, 2 }, { 701, 403, 701, 403, 1 },
                             { 701, 403, 701, 403, 2 }, { 701, 403, 701, 403, 2 },
                             { 701, 403, 701, 403, 1 }, { 701, 403, 701, 403, 2 },
                             { 701, 403, 701, 403, 0 } };
    for (int t = 0; t < 9; t++) {
        pic a = pic_new(size[t][0], size[t][1], 0, 0, 0, 255);
        pic b = pic_new(size[t][2], size[t][3], 0, 0, 0, 255);
        for (int i = 0; i < a.w * a.h * 4; i++)
            a.p[i] = (uint8_t)(i % 4 == 3 && lcg(&s) % 16 ? 255 : lcg(&s));
        for (int y = 0; t >= 5 && y < a.h; y++) /* rows repeating in eights, as tiles do */
            memcpy(px(&a, 0, y), px(&a, 0, y / 8 * 8), (size_t)a.w * 4);
        for (int y = 0; y < b.h; y++)
            for (int x = 0; x < b.w; x++) /* B: A with a few pixels changed */
                for (int c = 0; c < 4; c++)
                    px(&b, x, y)[c] = x < a.w && y < a.h && (t == 4 || lcg(&s) % 97)
                                          ? px(&a, x, y)[c] : (uint8_t)lcg(&s);
        if (t == 4) /* two pixels: the right half's higher, the left half's wider */
            px(&b, 600, 10)[0] ^= 1, px(&b, 5, 300)[2] ^= 1;
        char pa[4096], pb[4096], po[4096];
        /* RGB in the last two: A, or both (B opaque where it differs from A's RGB) */
        write_pic_filtered(cat(pa, fixdir, "both-a.png"), &a, t >= 7 ? 2 : 6, size[t][4]);
        write_pic_filtered(cat(pb, fixdir, "both-b.png"), &b, t >= 8 ? 2 : 6, size[t][4]);
        diff_opts o = diff_defaults();
        diff_result rf, ri;
        assert_int_equal(diff_files(pa, pb, cat(po, fixdir, "both-d.png"), &o, &rf, NULL),
                         DELVE_OK);
        diff_image da, db, dd;
        assert_int_equal(diff_load(pa, &da, NULL), DELVE_OK);
        assert_int_equal(diff_load(pb, &db, NULL), DELVE_OK);
        assert_int_equal(diff_load(po, &dd, NULL), DELVE_OK);
        canvas out;
        assert_int_equal(diff_images(&da, &db, &o, &ri, &out, NULL), DELVE_OK);
        assert_true(rf.changed > 0);
        if (t == 4)
            assert_true(rf.changed == 2 && rf.x0 == 5 && rf.y0 == 10 && rf.x1 == 600 &&
                        rf.y1 == 300);
        assert_int_equal(rf.changed, ri.changed);
        assert_int_equal(rf.x0, ri.x0), assert_int_equal(rf.y0, ri.y0);
        assert_int_equal(rf.x1, ri.x1), assert_int_equal(rf.y1, ri.y1);
        assert_int_equal(dd.w, out.w), assert_int_equal(dd.h, out.h);
        assert_memory_equal(dd.px, out.px, (size_t)out.w * (size_t)out.h * 4);
        canvas_free(&out);
        diff_image_free(&da), diff_image_free(&db), diff_image_free(&dd);
        free(a.p), free(b.p);
    }
}

/* An "F" (catches flips and swapped axes) of colour c, h8 pixels a stroke, at x0, y0. */
static void glyph_f(pic *q, int x0, int y0, int h8, const uint8_t c[4])
{
    rect(q, x0, y0, h8, 5 * h8, c);
    rect(q, x0, y0, 3 * h8, h8, c);
    rect(q, x0, y0 + 2 * h8, 2 * h8, h8, c);
}

/* B of the RGB pair: A with a pixel changed in every row (its column walking across,
 * so every part's first and last rows and the columns of 16-pixel groups' edges are
 * hit), the four corners, and channels moved by one alone (red, green, blue; darker and
 * brighter). */
static void edit_every_row(const pic *a, pic *b)
{
    memcpy(b->p, a->p, (size_t)a->w * (size_t)a->h * 4);
    for (int y = 0; y < b->h; y++) {
        uint8_t *p = px(b, (y * 37 + y / 16) % b->w, y);
        p[y % 3] = (uint8_t)(p[y % 3] + (y % 2 ? 1 : 255));
    }
    const int corner[4][2] = { { 0, 0 }, { b->w - 1, 0 }, { 0, b->h - 1 }, { b->w - 1, b->h - 1 } };
    for (int k = 0; k < 4; k++)
        px(b, corner[k][0], corner[k][1])[k % 3] ^= 0x80;
}

static void assert_same_result(const diff_result *got, const diff_result *want)
{
    assert_int_equal(got->changed, want->changed);
    assert_int_equal(got->x0, want->x0), assert_int_equal(got->y0, want->y0);
    assert_int_equal(got->x1, want->x1), assert_int_equal(got->y1, want->y1);
}

/* diff_files of pa and pb, with and without a diff image, against diff_images (the
 * obvious per-pixel path) and the reference: counts, box, the image's pixels. Run reps
 * times: A's greys are drawn while B loads only when A is loaded first. */
static void check_files_pair(const char *pa, const char *pb, int64_t changed, int reps)
{
    char po[4096];
    diff_opts o = diff_defaults();
    diff_image da, db, dd;
    assert_int_equal(diff_load(pa, &da, NULL), DELVE_OK);
    assert_int_equal(diff_load(pb, &db, NULL), DELVE_OK);
    diff_result rf, ri, want;
    canvas out;
    assert_int_equal(diff_images(&da, &db, &o, &ri, &out, NULL), DELVE_OK);
    reference(&da, &db, &want);
    assert_int_equal(want.changed, changed);
    assert_same_result(&ri, &want);
    assert_int_equal(diff_files(pa, pb, NULL, &o, &rf, NULL), DELVE_OK);
    assert_same_result(&rf, &want);
    for (int k = 0; k < reps; k++) {
        assert_int_equal(diff_files(pa, pb, cat(po, fixdir, "rows-d.png"), &o, &rf, NULL),
                         DELVE_OK);
        assert_same_result(&rf, &want);
        assert_int_equal(diff_load(po, &dd, NULL), DELVE_OK);
        assert_int_equal(dd.w, out.w), assert_int_equal(dd.h, out.h);
        assert_memory_equal(dd.px, out.px, (size_t)out.w * (size_t)out.h * 4);
        diff_image_free(&dd);
    }
    canvas_free(&out);
    diff_image_free(&da), diff_image_free(&db);
}

/* Two RGB files compared straight from their scanlines (the path png_write's files take:
 * RGB rows, greys from RGB, the rows in parts on two threads, each part deflated alone,
 * A's greys drawn while B loads) give the counts, box and diff image of the obvious
 * per-pixel rule and the reference's counts: an odd width (16-pixel groups with a
 * tail), rows repeating in eights (greys copied from the row above), an "F", a change in
 * every row, "none", "up" every third row and "up" everywhere (a part then unfilters
 * from row 0), A and B filtered alike and not; RGBA files too. */
static void test_rgb_rows_match_reference(void **state)
{
    (void)state;
    uint32_t s = 77;
    const int filt[6][3] = { { 0, 0, 2 }, { 2, 2, 2 }, { 3, 3, 2 }, { 0, 3, 2 }, { 2, 0, 2 },
                             { 0, 0, 6 } }; /* A's, B's, colour type */
    pic a = pic_new(613, 450, 0, 0, 0, 255), b = pic_new(613, 450, 0, 0, 0, 255);
    for (int i = 0; i < a.w * a.h * 4; i++)
        a.p[i] = (uint8_t)(i % 4 == 3 ? 255 : lcg(&s) % 4 * 60 + 15);
    for (int y = 0; y < a.h; y++) /* rows repeating in eights, as tiles do */
        memcpy(px(&a, 0, y), px(&a, 0, y / 8 * 8), (size_t)a.w * 4);
    glyph_f(&a, 40, 30, 20, (const uint8_t[4]){ 250, 240, 10, 255 });
    edit_every_row(&a, &b);
    for (int t = 0; t < 6; t++) {
        char pa[4096], pb[4096];
        write_pic_filtered(cat(pa, fixdir, "rows-a.png"), &a, filt[t][2], filt[t][0]);
        write_pic_filtered(cat(pb, fixdir, "rows-b.png"), &b, filt[t][2], filt[t][1]);
        /* a pixel a row (row 0's at 0, 0), 3 corners */
        check_files_pair(pa, pb, a.h + 3, t == 0 || t == 5 ? 8 : 1);
    }
    free(a.p), free(b.p);
}

/* Copies the PNG at from to to with its zlib stream's Adler-32 wrong (the IDAT's CRC
 * made right again), so only the inflated data's sum tells. */
static void write_bad_adler(const char *from, const char *to)
{
    FILE *f = fopen(from, "rb");
    assert_non_null(f);
    static uint8_t d[1 << 21];
    size_t n = fread(d, 1, sizeof d, f);
    fclose(f);
    for (size_t at = 8; at + 12 <= n;) {
        size_t len = (size_t)d[at] << 24 | (size_t)d[at + 1] << 16 | (size_t)d[at + 2] << 8 | d[at + 3];
        if (!memcmp(d + at + 4, "IDAT", 4)) {
            d[at + 8 + len - 1] ^= 0x5a;
            put32(d + at + 8 + len, (uint32_t)libdeflate_crc32(0, d + at + 4, len + 4));
        }
        at += len + 12;
    }
    f = fopen(to, "wb");
    assert_int_equal(fwrite(d, 1, n, f), n);
    assert_int_equal(fclose(f), 0);
}

/* Files compared from their scanlines have the zlib stream's Adler-32 summed by the
 * comparison rather than by the inflate (PNG_ROWS_ADLER_LATER): a file whose sum is
 * wrong is refused as diff_load refuses it, A or B, a canvas of many parts or one. */
static void test_rows_adler_checked(void **state)
{
    (void)state;
    uint32_t s = 5;
    const int size[2][2] = { { 613, 450 }, { 31, 9 } };
    for (int t = 0; t < 2; t++) {
        pic a = pic_new(size[t][0], size[t][1], 0, 0, 0, 255);
        for (int i = 0; i < a.w * a.h * 4; i++)
            a.p[i] = (uint8_t)(i % 4 == 3 ? 255 : lcg(&s) % 4 * 60);
        char pa[4096], pb[4096];
        write_pic_filtered(cat(pa, fixdir, "adler-a.png"), &a, 2, 0);
        write_bad_adler(pa, cat(pb, fixdir, "adler-bad.png"));
        diff_image im;
        delve_err want = { "" };
        assert_int_equal(diff_load(pb, &im, &want), DELVE_EINPUT);
        diff_opts o = diff_defaults();
        diff_result r;
        for (int k = 0; k < 2; k++) {
            delve_err err = { "" };
            assert_int_equal(diff_files(k ? pb : pa, k ? pa : pb, NULL, &o, &r, &err), DELVE_EINPUT);
            assert_string_equal(err.msg, want.msg);
        }
        assert_int_equal(diff_files(pa, pa, NULL, &o, &r, NULL), DELVE_OK);
        assert_int_equal(r.changed, 0);
        free(a.p);
    }
}

int main(int argc, char **argv)
{
    if (argc == 3 && !strcmp(argv[1], "--fixtures")) {
        make_fixtures(argv[2]);
        return 0;
    }
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tint_caught_by_default),
        cmocka_unit_test(test_sizes_differ),
        cmocka_unit_test(test_sizes_diff_image),
        cmocka_unit_test(test_sixteen_bits),
        cmocka_unit_test(test_alpha_counts),
        cmocka_unit_test(test_twins_equal),
        cmocka_unit_test(test_bad_input),
        cmocka_unit_test(test_pixelmatch_counts),
        cmocka_unit_test(test_exact_matches_reference),
        cmocka_unit_test(test_diff_colours),
        cmocka_unit_test(test_fast_decoder_is_spng),
        cmocka_unit_test(test_damaged_files),
        cmocka_unit_test(test_diff_png_write),
        cmocka_unit_test(test_diff_files_is_diff_images),
        cmocka_unit_test(test_rgb_rows_match_reference),
        cmocka_unit_test(test_rows_adler_checked),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
