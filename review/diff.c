/* diff: the image diff. Five parts: loading (codecs/png's reader at the file's own
 * depth; A and B on two threads), the exact comparison (integers, 16 bits when either
 * image has them, 8-bit values widened x257), the threshold comparison (pixelmatch 7's
 * rule on 8-bit values, in doubles evaluated in pixelmatch's order so the counts are
 * the same; this file is compiled with -ffp-contract=off for that), the exact
 * comparison straight from two files' "none"/"up" scanlines (png_rows_load: unfiltered
 * a row at a time and compared while in the cache; RGB files as RGB), and writing the
 * diff image as a palette PNG (codecs/zrow). Large canvases are split between two
 * threads (rows; from scanlines, up to 16 parts of rows that two threads take in turn
 * after loading a file each, the first loaded drawing A's greys while B still loads,
 * each part deflated where it was compared). Inflating the two files is most of the
 * work; reading the rows back for greys and compare is bound by memory, not arithmetic
 * (so the greys keep the generic vectors below: SSSE3 of their own gained nothing).
 *
 * pixelmatch 7 (npm pixelmatch 7.0-7.2, default options), as this file follows it:
 * - a pixel pair whose RGBA words are equal has distance 0; otherwise the channel
 *   differences, when either alpha is below 255, are first blended with a background:
 *   d = (c1*a1 - c2*a2 - bg*(a1-a2)) / 255, where bg is pixelmatch's "checkerboard"
 *   (48 or 207 a channel, chosen from the pixel's byte offset k: red 48 + 159*(k%2),
 *   always 48 since k is a multiple of 4, green from floor(k/1.618...)%2, blue from
 *   floor(k/2.618...)%2) -- not plain white as older pixelmatch did;
 * - Y, I, Q of the difference with the NTSC weights, distance 0.5053 Y^2 + 0.299 I^2 +
 *   0.1957 Q^2, counted when above 35215 * T * T; Y > 0 means B is darker;
 * - anti-aliasing (Vysniauskas 2009): of the 8 neighbours in one image, more than 2
 *   equal to the pixel (a pixel on the image border starts with 1) means not AA; else
 *   it needs both a darker and a brighter neighbour (brightness = the Y above), and the
 *   darkest or the brightest one (first met, columns outer, rows inner) must have more
 *   than 2 equal neighbours of its own in both images. Checked with A as the image and
 *   then with B.
 * 16-bit images enter the threshold path rounded to 8 bits as pngjs does
 * (round(v * 255 / 65535)), so pixelmatch's CLI sees the same values. */
#include "review/diff.h"

#include <libdeflate.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "base/fsio.h"
#include "codecs/png.h"
#include "codecs/zrow.h"

enum { PX_SAME, PX_CHANGED, PX_DARKER, PX_AA, PX_OUTSIDE };

static const uint8_t KIND_RGB[][3] = {
    [PX_CHANGED] = { DIFF_RGB_CHANGED },
    [PX_DARKER] = { DIFF_RGB_DARKER },
    [PX_AA] = { DIFF_RGB_AA },
    [PX_OUTSIDE] = { DIFF_RGB_OUTSIDE },
};

/* Runs f(here) on this thread and f(there) on a second one at the same time (or after
 * f(here) when no thread can be made); f(here) alone when there is NULL. */
static void run_pair(void *(*f)(void *), void *here, void *there)
{
    pthread_t t;
    int threaded = there && pthread_create(&t, NULL, f, there) == 0;
    f(here);
    if (threaded)
        pthread_join(t, NULL);
    else if (there)
        f(there);
}

diff_opts diff_defaults(void)
{
    return (diff_opts){ .threshold_milli = -1, .aa = 0 };
}

/* --- loading ------------------------------------------------------------------ */

delve_status diff_load(const char *path, diff_image *im, delve_err *err)
{
    delve_status st = png_load(path, DIFF_MAX_SIDE, PNG_READ_DEEP, im, err);
    return st == DELVE_OK || st == DELVE_ENOMEM ? st : DELVE_EINPUT;
}

void diff_image_free(diff_image *im)
{
    png_image_free(im);
}

/* --- pixels --------------------------------------------------------------------- */

/* Channel c of pixel i, at 16 bits (8-bit values x257). */
static inline unsigned ch16(const diff_image *im, size_t i, int c)
{
    return im->bits == 16 ? ((const uint16_t *)im->px)[i * 4 + (size_t)c]
                          : ((const uint8_t *)im->px)[i * 4 + (size_t)c] * 257u;
}

/* 16 to 8 bits as pngjs rounds: floor(v * 255 / 65535 + 0.5). */
static inline uint8_t to8(unsigned v)
{
    return (uint8_t)((v * 510u + 65535u) / 131070u);
}

/* The image at 8 bits: its own pixels, or a rounded copy in *copy (free it). */
static const uint8_t *pixels8(const diff_image *im, uint8_t **copy)
{
    *copy = NULL;
    if (im->bits == 8)
        return im->px;
    size_t n = (size_t)im->w * (size_t)im->h * 4;
    uint8_t *p = malloc(n);
    const uint16_t *s = im->px;
    for (size_t i = 0; p && i < n; i++)
        p[i] = to8(s[i]);
    *copy = p;
    return p;
}

static inline uint32_t word(const uint8_t *p)
{
    uint32_t v;
    memcpy(&v, p, 4);
    return v;
}

/* --- drawing and counting ----------------------------------------------------------- */

typedef struct diff_ctx {
    const uint8_t *a8, *b8;   /* 8-bit RGBA of a and b (rows aw*4, bw*4 bytes) */
    int aw, bw;               /* row lengths in pixels */
    int w, h;                 /* the overlap */
    int W;                    /* width of the padded canvas */
    double max_delta;         /* threshold path */
    int aa;
    diff_result *r;
    canvas *out;              /* the diff image as RGBA, or NULL */
    uint8_t *idx;             /* or as palette indices: rows of 1 + W bytes (PAL_*), or NULL */
    const diff_image *a, *b;
    int exact;                /* 1: the exact rule, 0: the threshold rule */
    int y_first;              /* first row of this part (whose greys can be copied from
                               * the row above only below it) */
    int greys_done;           /* the greys of these rows are in idx already */
} diff_ctx;

/* The palette of diff images written by diff_files: greys 255 - i for i in 0..26 (all
 * that put_grey makes), then the four colours in the order of PX_CHANGED.. */
enum { PAL_GREYS = 27, PAL_KIND0 = PAL_GREYS - PX_CHANGED, PAL_COUNT = PAL_GREYS + 4 };

static void put_kind(diff_ctx *c, int x, int y, int kind)
{
    if (c->idx) {
        c->idx[(size_t)y * ((size_t)c->W + 1) + 1 + (size_t)x] = (uint8_t)(PAL_KIND0 + kind);
        return;
    }
    uint8_t *p = canvas_at(c->out, x, y);
    memcpy(p, KIND_RGB[kind], 3);
    p[3] = 255;
}

/* A's pixel as pixelmatch draws an unchanged one: its luma faded to 10 % toward white
 * (by its alpha), in integers: 255 - ceil((255 - Y) * 0.1 * a / 255), fade 0..26. */
static inline uint8_t grey_fade(const uint8_t *p)
{
    int32_t y1000 = 299 * p[0] + 587 * p[1] + 114 * p[2];
    return (uint8_t)(p[3] == 255 ? (255000 - y1000 + 9999) / 10000
                                 : ((255000 - y1000) * p[3] + 2549999) / 2550000);
}

static void put_grey(diff_ctx *c, int x, int y, const uint8_t *p)
{
    uint8_t fade = grey_fade(p);
    if (c->idx) {
        c->idx[(size_t)y * ((size_t)c->W + 1) + 1 + (size_t)x] = fade;
        return;
    }
    uint8_t *q = canvas_at(c->out, x, y);
    q[0] = q[1] = q[2] = (uint8_t)(255 - fade);
    q[3] = 255;
}

#if defined(__GNUC__) && defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__ && \
    (defined(__clang__) || __GNUC__ >= 9)
#define DIFF_V16 1 /* gcc and clang vectors of 16 pixels (SSE2, NEON, or scalar code) */
typedef uint32_t diff_v16u __attribute__((vector_size(64)));
typedef int32_t diff_v16i __attribute__((vector_size(64)));
typedef float diff_v16f __attribute__((vector_size(64)));
typedef uint8_t diff_v16b __attribute__((vector_size(16)));
typedef uint64_t diff_v2q __attribute__((vector_size(16)));
#endif

/* 1 when the 16 pixels at p are all opaque. */
static int opaque16(const uint8_t *p)
{
    uint64_t w[8];
    memcpy(w, p, 64);
    uint64_t all = w[0] & w[1] & w[2] & w[3] & w[4] & w[5] & w[6] & w[7];
    return (all & 0xff000000ff000000u) == 0xff000000ff000000u;
}

/* 1 when the 16 pixels at a and b are equal (as memcmp, without a call). */
static int equal16(const uint8_t *a, const uint8_t *b)
{
    uint64_t u[8], v[8], d = 0;
    memcpy(u, a, 64);
    memcpy(v, b, 64);
    for (int i = 0; i < 8; i++)
        d |= u[i] ^ v[i];
    return d == 0;
}

/* 1 when the 16 palette indices at q are all greys (none marked as a change). */
static int greys16(const uint8_t *q)
{
    uint8_t most = 0;
    for (int k = 0; k < 16; k++)
        most = q[k] > most ? q[k] : most;
    return most < PAL_GREYS;
}

/* grey_fade of n pixels p into q, 16 opaque pixels at a time where it can; 16 pixels
 * equal to those above (up, or NULL: none) whose greys q_up holds are copied from there
 * (in screenshots most are: rows repeat inside a tile). In floats:
 * Y = 299 r + 587 g + 114 b is exact in a float (under 2^24), and so is 264999.5 - Y;
 * one rounding of the product with 1e-4f then stays within 2e-6 of the quotient, whose
 * fraction is k / 10000 + 0.00005, so truncation gives (264999 - Y) / 10000 exactly
 * (checked for all 2^24 colours with gcc and clang; tests/test_diff.c compares the two
 * ways on random images). This file has no fused multiply-add (CMakeLists.txt). */
static void grey_row(uint8_t *q, const uint8_t *p, const uint8_t *up, const uint8_t *q_up,
                     int n)
{
    int x = 0;
#ifdef DIFF_V16
    for (; x + 16 <= n; x += 16) {
        const uint8_t *p16 = p + (size_t)x * 4;
        if (up && equal16(p16, up + (size_t)x * 4) && greys16(q_up + x)) {
            memcpy(q + x, q_up + x, 16);
            continue;
        }
        if (!opaque16(p16)) {
            for (int k = 0; k < 16; k++)
                q[x + k] = grey_fade(p16 + k * 4);
            continue;
        }
        diff_v16u v;
        memcpy(&v, p16, 64);
        diff_v16i r = (diff_v16i)(v & 255), g = (diff_v16i)(v >> 8 & 255),
                  b = (diff_v16i)(v >> 16 & 255);
        diff_v16f y = __builtin_convertvector(r, diff_v16f) * 299.0f +
                      __builtin_convertvector(g, diff_v16f) * 587.0f +
                      __builtin_convertvector(b, diff_v16f) * 114.0f;
        diff_v16i f = __builtin_convertvector((264999.5f - y) * 1e-4f, diff_v16i);
        diff_v16b f8 = __builtin_convertvector(f, diff_v16b);
        memcpy(q + x, &f8, 16);
    }
#endif
    for (; x < n; x++)
        q[x] = grey_fade(p + (size_t)x * 4);
}

static void mark(diff_ctx *c, int x, int y, int kind)
{
    diff_result *r = c->r;
    if (kind == PX_AA)
        r->aa++;
    if (kind != PX_AA && kind != PX_SAME) {
        r->changed++;
        if (r->x0 < 0 || x < r->x0)
            r->x0 = x;
        if (x > r->x1)
            r->x1 = x;
        if (r->y0 < 0)
            r->y0 = y;
        r->y1 = y; /* rows are visited in order */
    }
    if ((c->out || c->idx) && kind != PX_SAME)
        put_kind(c, x, y, kind);
}

/* Luma of an 8-bit pixel over white, scaled by 255 * 1000. */
static int64_t luma_on_white(const uint8_t *p)
{
    int64_t a = p[3], s = 0;
    static const int64_t k[3] = { 299, 587, 114 };
    for (int i = 0; i < 3; i++)
        s += k[i] * (p[i] * a + 255 * (255 - a));
    return s;
}

/* --- exact ------------------------------------------------------------------------ */

static int same16(const diff_image *a, const diff_image *b, size_t ia, size_t ib)
{
    for (int ch = 0; ch < 4; ch++)
        if (ch16(a, ia, ch) != ch16(b, ib, ch))
            return 0;
    return 1;
}

/* The exact rule on n pixels of row y from column x0 of two 8-bit images (pa and pb
 * at pixel x0; pa_up: a's row above there, NULL on the part's first row), into palette
 * indices when c->idx: all grey, then the pixels that differ marked over it, 16 pixels
 * compared at a time. */
static void exact_span(diff_ctx *c, const uint8_t *pa, const uint8_t *pa_up, const uint8_t *pb,
                       int y, int x0, int n)
{
    size_t row = (size_t)c->W + 1;
    uint8_t *q = c->idx && !c->greys_done ? c->idx + (size_t)y * row + 1 + (size_t)x0 : NULL;
    if (q && y > c->y_first)
        grey_row(q, pa, pa_up, q - row, n);
    else if (q)
        grey_row(q, pa, NULL, NULL, n);
    for (int x = 0; x < n; x += 16) {
        int m = n - x < 16 ? n - x : 16;
        const uint8_t *qa = pa + (size_t)x * 4, *qb = pb + (size_t)x * 4;
        if (m == 16 ? equal16(qa, qb) : !memcmp(qa, qb, (size_t)m * 4))
            continue;
        for (int k = 0; k < m; k++, qa += 4, qb += 4)
            if (word(qa) != word(qb))
                mark(c, x0 + x + k, y,
                     luma_on_white(qb) < luma_on_white(qa) ? PX_DARKER : PX_CHANGED);
    }
}

static void exact_row(diff_ctx *c, const diff_image *a, const diff_image *b, int y)
{
    const uint8_t *pa = c->a8 + (size_t)y * (size_t)c->aw * 4;
    const uint8_t *pb = c->b8 + (size_t)y * (size_t)c->bw * 4;
    int both8 = a->bits == 8 && b->bits == 8;
    if (both8 && !c->out && !c->idx && !memcmp(pa, pb, (size_t)c->w * 4))
        return;
    if (both8 && c->idx && !c->out) {
        exact_span(c, pa, y > c->y_first ? pa - (size_t)c->aw * 4 : NULL, pb, y, 0, c->w);
        return;
    }
    for (int x = 0; x < c->w; x++, pa += 4, pb += 4) {
        int same = both8 ? word(pa) == word(pb)
                         : same16(a, b, (size_t)y * (size_t)a->w + (size_t)x,
                                  (size_t)y * (size_t)b->w + (size_t)x);
        if (same) {
            if (c->out || c->idx)
                put_grey(c, x, y, pa);
            continue;
        }
        mark(c, x, y, luma_on_white(pb) < luma_on_white(pa) ? PX_DARKER : PX_CHANGED);
    }
}

/* --- threshold: pixelmatch 7's rule -------------------------------------------------- */

/* pixelmatch's background for a blended channel: 48 or 207 from byte offset k. */
static int pm_bg(int64_t k, double step)
{
    return 48 + 159 * (int)((int64_t)((double)k / step) % 2);
}

/* Channel differences of p1 and p2, blended when either is not opaque. */
static void pm_diffs(const uint8_t *p1, const uint8_t *p2, int64_t k, double d[3])
{
    int a1 = p1[3], a2 = p2[3], da = a1 - a2;
    if (a1 < 255 || a2 < 255) {
        int bg[3] = { 48 + 159 * (int)(k % 2), pm_bg(k, 1.618033988749895),
                      pm_bg(k, 2.618033988749895) };
        for (int i = 0; i < 3; i++)
            d[i] = (double)(p1[i] * a1 - p2[i] * a2 - bg[i] * da) / 255;
    } else {
        for (int i = 0; i < 3; i++)
            d[i] = p1[i] - p2[i];
    }
}

static double pm_y(const double d[3])
{
    return d[0] * 0.29889531 + d[1] * 0.58662247 + d[2] * 0.11448223;
}

/* YIQ distance of two unequal pixels; negative when p2 is darker (pixelmatch's sign). */
static double pm_delta(const uint8_t *p1, const uint8_t *p2, int64_t k)
{
    double d[3];
    pm_diffs(p1, p2, k, d);
    double y = pm_y(d);
    double i = d[0] * 0.59597799 - d[1] * 0.27417610 - d[2] * 0.32180189;
    double q = d[0] * 0.21147017 - d[1] * 0.52261711 + d[2] * 0.31114694;
    double delta = 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q;
    return y > 0 ? -delta : delta;
}

static double pm_brightness(const uint8_t *p1, const uint8_t *p2, int64_t k)
{
    if (word(p1) == word(p2))
        return 0;
    double d[3];
    pm_diffs(p1, p2, k, d);
    return pm_y(d);
}

/* An image as the AA rule sees it: 8-bit RGBA rows of `row` pixels. */
typedef struct pm_img {
    const uint8_t *p;
    int row;
} pm_img;

static const uint8_t *pm_at(pm_img im, int x, int y)
{
    return im.p + ((size_t)y * (size_t)im.row + (size_t)x) * 4;
}

static int on_border(int x, int y, int w, int h)
{
    return x == 0 || y == 0 || x == w - 1 || y == h - 1;
}

/* More than 2 of the 8 neighbours of (x1, y1) equal to it (border counts as one). */
static int pm_many_siblings(pm_img im, int x1, int y1, int w, int h)
{
    uint32_t v = word(pm_at(im, x1, y1));
    int zeroes = on_border(x1, y1, w, h);
    for (int x = x1 > 0 ? x1 - 1 : 0; x <= x1 + 1 && x < w; x++)
        for (int y = y1 > 0 ? y1 - 1 : 0; y <= y1 + 1 && y < h; y++) {
            if (x == x1 && y == y1)
                continue;
            zeroes += word(pm_at(im, x, y)) == v;
            if (zeroes > 2)
                return 1;
        }
    return 0;
}

/* pixelmatch's antialiased(): is (x1, y1) of img on an edge between flat areas of
 * img and other? w, h: the overlap; k: byte offset of the pixel for the background. */
static int pm_antialiased(pm_img img, pm_img other, int x1, int y1, int w, int h, int64_t k)
{
    const uint8_t *c = pm_at(img, x1, y1);
    int zeroes = on_border(x1, y1, w, h);
    double min = 0, max = 0;
    int minx = 0, miny = 0, maxx = 0, maxy = 0;
    for (int x = x1 > 0 ? x1 - 1 : 0; x <= x1 + 1 && x < w; x++)
        for (int y = y1 > 0 ? y1 - 1 : 0; y <= y1 + 1 && y < h; y++) {
            if (x == x1 && y == y1)
                continue;
            double d = pm_brightness(c, pm_at(img, x, y), k);
            if (d == 0) {
                if (++zeroes > 2)
                    return 0;
            } else if (d < min) {
                min = d, minx = x, miny = y;
            } else if (d > max) {
                max = d, maxx = x, maxy = y;
            }
        }
    if (min == 0 || max == 0)
        return 0;
    return (pm_many_siblings(img, minx, miny, w, h) && pm_many_siblings(other, minx, miny, w, h)) ||
           (pm_many_siblings(img, maxx, maxy, w, h) && pm_many_siblings(other, maxx, maxy, w, h));
}

static void threshold_row(diff_ctx *c, int y)
{
    pm_img ia = { c->a8, c->aw }, ib = { c->b8, c->bw };
    for (int x = 0; x < c->w; x++) {
        const uint8_t *pa = pm_at(ia, x, y), *pb = pm_at(ib, x, y);
        int64_t k = ((int64_t)y * c->w + x) * 4;
        double delta = word(pa) == word(pb) ? 0 : pm_delta(pa, pb, k);
        if (fabs(delta) <= c->max_delta) {
            if (c->out || c->idx)
                put_grey(c, x, y, pa);
            continue;
        }
        if (c->aa && (pm_antialiased(ia, ib, x, y, c->w, c->h, k) ||
                      pm_antialiased(ib, ia, x, y, c->w, c->h, k)))
            mark(c, x, y, PX_AA);
        else
            mark(c, x, y, delta < 0 ? PX_DARKER : PX_CHANGED);
    }
}

/* --- the comparison ------------------------------------------------------------------ */

/* Pixels of the padded canvas inside only one image, row y. */
static void outside_row(diff_ctx *c, int y, int W)
{
    for (int x = y < c->h ? c->w : 0; x < W; x++)
        mark(c, x, y, PX_OUTSIDE);
}

static delve_status check_opts(const diff_image *a, const diff_image *b, const diff_opts *o,
                               delve_err *err)
{
    if (o->threshold_milli < -1 || o->threshold_milli > 1000)
        return delve_fail(err, DELVE_EINPUT, "diff: threshold %d/1000 is not in 0..1",
                          o->threshold_milli);
    if (o->aa && o->threshold_milli < 0)
        return delve_fail(err, DELVE_EINPUT,
                          "diff: anti-aliasing detection needs a threshold");
    int W = a->w > b->w ? a->w : b->w, H = a->h > b->h ? a->h : b->h;
    if (a->w < 1 || a->h < 1 || b->w < 1 || b->h < 1 || W > DIFF_MAX_SIDE ||
        H > DIFF_MAX_SIDE || (int64_t)W * H > DIFF_MAX_PIXELS)
        return delve_fail(err, DELVE_EINPUT, "diff: %d x %d and %d x %d make a canvas past "
                          "the limit (%d pixels)", a->w, a->h, b->w, b->h, DIFF_MAX_PIXELS);
    return DELVE_OK;
}

/* Rows y0..y1-1 of the padded canvas, counted into c->r. */
static void diff_rows(diff_ctx *c, int y0, int y1)
{
    c->y_first = y0;
    for (int y = y0; y < y1; y++) {
        if (c->idx)
            c->idx[(size_t)y * ((size_t)c->W + 1)] = 0; /* PNG filter "none" */
        if (y < c->h && c->exact)
            exact_row(c, c->a, c->b, y);
        else if (y < c->h)
            threshold_row(c, y);
        outside_row(c, y, c->W);
    }
}

/* Rows y0..y1-1 of a canvas, counted into r unless c.r points elsewhere. */
typedef struct diff_half {
    diff_ctx c;
    diff_result r;
    int y0, y1;
} diff_half;

static void *diff_half_thread(void *arg)
{
    diff_half *h = arg;
    diff_rows(&h->c, h->y0, h->y1);
    return NULL;
}

/* Adds to r the counts of another part of the same canvas (rows or columns apart). */
static void diff_merge(diff_result *r, const diff_result *part)
{
    r->changed += part->changed;
    r->aa += part->aa;
    if (part->x0 < 0)
        return;
    if (r->x0 < 0 || part->x0 < r->x0)
        r->x0 = part->x0;
    if (r->y0 < 0 || part->y0 < r->y0)
        r->y0 = part->y0;
    if (part->x1 > r->x1)
        r->x1 = part->x1;
    if (part->y1 > r->y1)
        r->y1 = part->y1;
}

#define DIFF_SPLIT_PIXELS (1 << 18) /* canvases this large are diffed on two threads */

/* Every row of the canvas, H rows: the lower half on a second thread when the canvas
 * is large. */
static void diff_all_rows(diff_ctx *c, int H)
{
    int split = (int64_t)c->W * H >= DIFF_SPLIT_PIXELS;
    diff_half up = { .c = *c, .y0 = 0, .y1 = split ? H / 2 : H };
    diff_half low = { .c = *c, .r = *c->r, .y0 = H / 2, .y1 = H };
    low.c.r = &low.r;
    run_pair(diff_half_thread, &up, split ? &low : NULL);
    if (split)
        diff_merge(c->r, &low.r);
}

/* *r before any pixel is compared: sizes, total, no box. */
static void diff_start(diff_result *r, const diff_image *a, const diff_image *b)
{
    int W = a->w > b->w ? a->w : b->w, H = a->h > b->h ? a->h : b->h;
    *r = (diff_result){ .total = (int64_t)W * H, .x0 = -1, .y0 = -1, .x1 = -1, .y1 = -1,
                        .aw = a->w, .ah = a->h, .bw = b->w, .bh = b->h,
                        .size_differs = a->w != b->w || a->h != b->h };
}

/* diff_images with the diff image drawn into out (a new canvas) or, when idx is not
 * NULL, as palette indices into *idx (malloc'ed, H rows of 1 + W bytes, filter 0). */
static delve_status diff_run(const diff_image *a, const diff_image *b, const diff_opts *o,
                             diff_result *r, canvas *out, uint8_t **idx, delve_err *err)
{
    memset(r, 0, sizeof *r);
    r->x0 = r->y0 = r->x1 = r->y1 = -1;
    if (out)
        memset(out, 0, sizeof *out);
    if (idx)
        *idx = NULL;
    delve_status st = check_opts(a, b, o, err);
    if (st)
        return st;
    int W = a->w > b->w ? a->w : b->w, H = a->h > b->h ? a->h : b->h;
    diff_start(r, a, b);
    uint8_t *ca = NULL, *cb = NULL;
    diff_ctx c = { .a8 = pixels8(a, &ca), .b8 = pixels8(b, &cb), .aw = a->w, .bw = b->w,
                   .w = a->w < b->w ? a->w : b->w, .h = a->h < b->h ? a->h : b->h, .W = W,
                   .aa = o->aa, .r = r, .out = out, .a = a, .b = b,
                   .exact = o->threshold_milli < 0 };
    if (!c.a8 || !c.b8 || (idx && !(c.idx = png_alloc_big((size_t)H * ((size_t)W + 1)))))
        st = delve_fail(err, DELVE_ENOMEM, "diff: out of memory");
    if (!st && out)
        st = canvas_init(out, W, H, err);
    double t = o->threshold_milli / 1000.0;
    c.max_delta = 35215 * t * t;
    if (!st)
        diff_all_rows(&c, H);
    free(ca);
    free(cb);
    if (st && out)
        canvas_free(out);
    if (st)
        free(c.idx);
    else if (idx)
        *idx = c.idx;
    return st;
}

delve_status diff_images(const diff_image *a, const diff_image *b, const diff_opts *o,
                         diff_result *r, canvas *out, delve_err *err)
{
    return diff_run(a, b, o, r, out, NULL, err);
}

/* --- writing the diff image ------------------------------------------------------ */

typedef struct pal_map {
    int16_t grey[256];        /* index of grey v, or -1 */
    uint32_t rgb[256];        /* palette entries as 0xRRGGBB */
    int n;
} pal_map;

/* Index of colour p in m, added when new; -1 past 256 colours. */
static int pal_index(pal_map *m, const uint8_t *p)
{
    int grey = p[0] == p[1] && p[1] == p[2];
    if (grey && m->grey[p[0]] >= 0)
        return m->grey[p[0]];
    uint32_t v = (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2];
    for (int i = 0; !grey && i < m->n; i++)
        if (m->rgb[i] == v)
            return i;
    if (m->n == 256)
        return -1;
    if (grey)
        m->grey[p[0]] = (int16_t)m->n;
    m->rgb[m->n] = v;
    return m->n++;
}


/* Writes one chunk at o: length, type, the n bytes of data (already in place when data is
 * o + 8), CRC; returns the end. */
static uint8_t *put_chunk(uint8_t *o, const char *type, const uint8_t *data, size_t n)
{
    uint8_t *start = o + 4;
    *o++ = (uint8_t)(n >> 24), *o++ = (uint8_t)(n >> 16), *o++ = (uint8_t)(n >> 8);
    *o++ = (uint8_t)n;
    memcpy(o, type, 4);
    o += 4;
    if (n && data != o)
        memcpy(o, data, n);
    o += n;
    uint32_t crc = libdeflate_crc32(0, start, n + 4);
    *o++ = (uint8_t)(crc >> 24), *o++ = (uint8_t)(crc >> 16), *o++ = (uint8_t)(crc >> 8);
    *o++ = (uint8_t)crc;
    return o;
}

/* One part of a zlib stream being encoded (codecs/zrow.h): data[from..to), rows of row
 * bytes, into out (malloc'ed, NULL when out of memory). */
typedef struct zrow_job {
    const uint8_t *data;
    size_t from, to, row;
    int last;
    uint8_t *out;
    size_t n;                 /* bytes written */
    uint32_t adler;           /* Adler-32 of data[from..to) */
} zrow_job;

static void *zrow_thread(void *arg)
{
    zrow_job *j = arg;
    j->out = malloc(zrow_part_bound(j->to - j->from));
    j->n = j->out ? zrow_part(j->data, j->from, j->to, j->row, j->last, j->out) : 0;
    j->adler = (uint32_t)libdeflate_adler32(1, j->data + j->from, j->to - j->from);
    return NULL;
}

/* The deflate parts of idx (raw bytes, rows of row bytes): codecs/zrow's encoder, the
 * lower half of a large image on a second thread. Returns how many parts (1 or 2), 0
 * when out of memory; free each part's out. */
static int pal_zlib(const uint8_t *idx, size_t raw, size_t row, zrow_job part[2])
{
    size_t split = raw >= DIFF_SPLIT_PIXELS ? raw / row / 2 * row : raw;
    part[0] = (zrow_job){ idx, 0, split, row, split == raw, NULL, 0, 0 };
    part[1] = (zrow_job){ idx, split, raw, row, 1, NULL, 0, 0 };
    run_pair(zrow_thread, &part[0], split < raw ? &part[1] : NULL);
    int parts = split < raw ? 2 : 1;
    return part[0].out && (parts == 1 || part[1].out) ? parts : 0;
}

/* The PNG file of a palette image of h rows of 1 + w bytes (filter 0) from its deflate
 * stream's parts in order (zrow_part's, each with the Adler-32 of its bytes). */
static delve_status pal_file(const char *path, int w, int h, const uint32_t *rgb, int n,
                             const zrow_job *part, int parts, delve_err *err)
{
    size_t zn = 2 + 4;
    for (int k = 0; k < parts; k++)
        zn += part[k].n;
    uint8_t *file = malloc(8 + 25 + 12 + 768 + 12 + zn + 12);
    if (!file)
        return delve_fail(err, DELVE_ENOMEM, "diff: out of memory writing %s", path);
    uint8_t ihdr[13] = { (uint8_t)(w >> 24), (uint8_t)(w >> 16), (uint8_t)(w >> 8),
                         (uint8_t)w, (uint8_t)(h >> 24), (uint8_t)(h >> 16),
                         (uint8_t)(h >> 8), (uint8_t)h, 8, 3, 0, 0, 0 };
    uint8_t plte[768];
    for (int i = 0; i < n; i++)
        plte[i * 3] = (uint8_t)(rgb[i] >> 16), plte[i * 3 + 1] = (uint8_t)(rgb[i] >> 8),
        plte[i * 3 + 2] = (uint8_t)rgb[i];
    uint8_t *o = file;
    memcpy(o, "\x89PNG\r\n\x1a\n", 8);
    o = put_chunk(o + 8, "IHDR", ihdr, 13);
    o = put_chunk(o, "PLTE", plte, (size_t)n * 3);
    uint8_t *z = o + 8; /* the zlib stream is put together where IDAT's data goes */
    zrow_zlib_head(z);
    size_t at = 2;
    uint32_t adler = 1;
    for (int k = 0; k < parts; k++) {
        memcpy(z + at, part[k].out, part[k].n);
        at += part[k].n;
        adler = zrow_adler_join(adler, part[k].adler, part[k].to - part[k].from);
    }
    zrow_zlib_tail_of(adler, z + at);
    o = put_chunk(o, "IDAT", z, zn);
    o = put_chunk(o, "IEND", NULL, 0);
    delve_status st = fsio_write_atomic(path, file, (size_t)(o - file), err);
    free(file);
    return st;
}

/* pal_file of idx, deflated here (pal_zlib). */
static delve_status pal_png(const char *path, int w, int h, const uint32_t *rgb, int n,
                            const uint8_t *idx, delve_err *err)
{
    zrow_job part[2];
    int parts = pal_zlib(idx, (size_t)h * ((size_t)w + 1), (size_t)w + 1, part);
    delve_status st = parts ? pal_file(path, w, h, rgb, n, part, parts, err)
                            : delve_fail(err, DELVE_ENOMEM, "diff: out of memory writing %s",
                                         path);
    free(part[0].out);
    free(part[1].out);
    return st;
}

delve_status diff_png_write(const char *path, const canvas *c, delve_err *err)
{
    pal_map *m = malloc(sizeof *m);
    uint8_t *idx = malloc((size_t)c->h * ((size_t)c->w + 1));
    int fits = m && idx;
    if (fits) {
        memset(m->grey, 0xff, sizeof m->grey);
        m->n = 0;
    }
    for (int y = 0; fits && y < c->h; y++) {
        uint8_t *row = idx + (size_t)y * ((size_t)c->w + 1);
        row[0] = 0;
        const uint8_t *p = canvas_at(c, 0, y);
        for (int x = 0; fits && x < c->w; x++, p += 4) {
            int i = p[3] == 255 ? pal_index(m, p) : -1;
            fits = i >= 0;
            row[1 + x] = (uint8_t)i;
        }
    }
    delve_status st = fits ? pal_png(path, c->w, c->h, m->rgb, m->n, idx, err)
                           : png_write(path, c, err);
    free(idx);
    free(m);
    return st;
}

typedef struct load_job {
    const char *path;
    diff_image im;
    delve_err err;
    delve_status st;
} load_job;

static void *load_thread(void *arg)
{
    load_job *j = arg;
    j->st = diff_load(j->path, &j->im, &j->err);
    return NULL;
}

/* Loads A here and B on a second thread at the same time. A's error comes first. */
static delve_status load_pair(const char *a_png, const char *b_png, diff_image *a,
                              diff_image *b, delve_err *err)
{
    load_job ja = { .path = a_png, .err = { "" } }, jb = { .path = b_png, .err = { "" } };
    run_pair(load_thread, &ja, &jb);
    *a = ja.im;
    *b = jb.im;
    delve_status st = ja.st ? ja.st : jb.st;
    if (st && err)
        *err = ja.st ? ja.err : jb.err;
    if (st) {
        diff_image_free(a);
        diff_image_free(b);
    }
    return st;
}


/* --- from scanlines: both files as "none"/"up" rows (png_rows_load) ----------------- */

/* 1 when the 16 RGB pixels at a and b are equal (in three 16-byte vectors where there
 * are vectors: through an array, gcc's code went by the stack). */
static int equal16_rgb(const uint8_t *a, const uint8_t *b)
{
#ifdef DIFF_V16
    diff_v2q d = { 0, 0 };
    for (int i = 0; i < 48; i += 16) {
        diff_v2q u, v;
        memcpy(&u, a + i, 16);
        memcpy(&v, b + i, 16);
        d |= u ^ v;
    }
    return (d[0] | d[1]) == 0;
#else
    uint64_t d = 0;
    for (int i = 0; i < 48; i += 8) {
        uint64_t u, v;
        memcpy(&u, a + i, 8);
        memcpy(&v, b + i, 8);
        d |= u ^ v;
    }
    return d == 0;
#endif
}

/* Luma of an opaque RGB pixel times 1000: luma_on_white of it is 255 times this, so the
 * two order pixels alike. */
static inline int32_t luma_rgb(const uint8_t *p)
{
    return 299 * p[0] + 587 * p[1] + 114 * p[2];
}

/* grey_row of n opaque RGB pixels: grey_fade of an opaque pixel is (264999 - Y) / 10000.
 * One pixel at a time where not copied: as fast here as making RGBA for the vectors. */
static void grey_row_rgb(uint8_t *q, const uint8_t *p, const uint8_t *up, const uint8_t *q_up,
                         int n)
{
    int x = 0;
    for (; x + 16 <= n; x += 16) {
        const uint8_t *p16 = p + (size_t)x * 3;
        if (up && equal16_rgb(p16, up + (size_t)x * 3) && greys16(q_up + x)) {
            memcpy(q + x, q_up + x, 16);
            continue;
        }
        for (int k = 0; k < 16; k++)
            q[x + k] = (uint8_t)((264999 - luma_rgb(p16 + k * 3)) / 10000);
    }
    for (; x < n; x++)
        q[x] = (uint8_t)((264999 - luma_rgb(p + (size_t)x * 3)) / 10000);
}

/* exact_span for a row of n opaque RGB pixels of each image, from column 0: compared as
 * they are, 16 at a time, without making RGBA. */
static void exact_span_rgb(diff_ctx *c, const uint8_t *pa, const uint8_t *pa_up,
                           const uint8_t *pb, int y, int n)
{
    size_t row = (size_t)c->W + 1;
    uint8_t *q = c->idx && !c->greys_done ? c->idx + (size_t)y * row + 1 : NULL;
    if (q && y > c->y_first)
        grey_row_rgb(q, pa, pa_up, q - row, n);
    else if (q)
        grey_row_rgb(q, pa, NULL, NULL, n);
    for (int x = 0; x < n; x += 16) {
        int m = n - x < 16 ? n - x : 16;
        const uint8_t *qa = pa + (size_t)x * 3, *qb = pb + (size_t)x * 3;
        if (m == 16 ? equal16_rgb(qa, qb) : !memcmp(qa, qb, (size_t)m * 3))
            continue;
        for (int k = 0; k < m; k++, qa += 3, qb += 3)
            if (qa[0] != qb[0] || qa[1] != qb[1] || qa[2] != qb[2])
                mark(c, x + k, y, luma_rgb(qb) < luma_rgb(qa) ? PX_DARKER : PX_CHANGED);
    }
}

/* One image's rows as a part reads them: the row above, unfiltered (in buf[] or in the
 * file's rows themselves), two buffers for "up" rows, and two for RGBA (px) when the
 * file is RGB and the other RGBA. */
typedef struct span_img {
    const png_rows *im;
    const uint8_t *up;
    uint8_t *buf[2], *px[2];
} span_img;

/* Row y of s unfiltered, in the file's own bytes a pixel: an "up" row into buf[y % 2],
 * a "none" row read where it is. */
static const uint8_t *span_row(span_img *s, int y)
{
    size_t n = (size_t)s->im->w * (size_t)s->im->bpp;
    const uint8_t *row = s->im->raw + (size_t)y * (n + 1), *cur = row + 1;
    if (row[0] == 2 && y > 0) {
        png_add_up(s->buf[y & 1], cur, s->up, n);
        cur = s->buf[y & 1];
    }
    s->up = cur;
    return cur;
}

/* Rows an image's row y0 needs unfiltered before it (the rows back to
 * the last "none" row: an "up" row needs the row above unfiltered). */
static int seek_rows(const png_rows *im, int y0)
{
    size_t stride = (size_t)im->w * (size_t)im->bpp + 1;
    int y = y0;
    while (y > 0 && im->raw[(size_t)y * stride] == 2)
        y--;
    return y0 - y;
}

/* Readies s for row y0 of a part that starts there: an "up" row needs the row above
 * unfiltered, so the rows from the last "none" row above it are unfiltered first (all
 * of them when every row is "up": a part's rows are then unfiltered twice). */
static void span_seek(span_img *s, int y0)
{
    for (int y = y0 - seek_rows(s->im, y0); y < y0; y++)
        span_row(s, y);
}

#define SPAN_MAX_PARTS 16    /* parts the rows of a large canvas are cut into */
#define SPAN_MIN_PART_ROWS 32

/* Where a part is: not taken; its greys being drawn, or drawn, from A alone while B
 * loads; taken to compare (after its greys, or with them). */
enum { PART_WAITING, PART_GREYING, PART_GREYED, PART_TAKEN };
/* What a thread does with a part it takes. */
enum { SPAN_COMPARE, SPAN_MARKS, SPAN_GREYS_ONLY };

/* Rows y0..y1-1 of two same-sized images compared a row at a time as they are
 * unfiltered, so both stay in the cache; then, with a diff image, those rows of it
 * deflated as one part of its stream (zrow_part from y0 alone: no match reaches the
 * rows of the part above, which may be another thread's). */
typedef struct span_part {
    diff_result r;
    int y0, y1;
    zrow_job z;               /* the part of the stream, when there is a diff image */
    uint32_t adler[2];        /* Adler-32 of A's and B's scanlines of these rows */
} span_part;

/* One run of diff_files from scanlines, shared by its two threads: each takes the
 * next file to load while one is left, then the next part to compare (so a thread that
 * starts late or is held up by other work on the machine leaves more to the other);
 * the one that loads the second file sets the comparison up. Guarded by mu; each
 * thread's row buffers are its own. */
typedef struct span_work {
    const char *path[2];
    png_rows rows[2];
    int taken[2];             /* png_rows_load took the file */
    int claimed, loaded;      /* files taken to load, and loaded */
    int ready;                /* 0 while loading; 1 set up to compare; -1 not from scanlines */
    int want_idx;             /* a diff image is drawn */
    diff_result start;        /* diff_start's result, each part's first */
    diff_ctx c;               /* all but r, shared */
    const png_rows *a, *b;
    span_part part[SPAN_MAX_PARTS];
    int state[SPAN_MAX_PARTS]; /* PART_* */
    int parts;
    int failed;               /* a thread ran out of memory */
    pthread_mutex_t mu;
    pthread_cond_t cv;        /* ready was set */
} span_work;

/* Row y of both images compared into c (RGBA made for the RGB one when they differ in
 * that); *a_up: A's row above as compared, updated. */
static void span_compare(diff_ctx *c, span_img *sa, span_img *sb, int y, const uint8_t **a_up)
{
    const uint8_t *ca = span_row(sa, y), *cb = span_row(sb, y);
    if (c->idx)
        c->idx[(size_t)y * ((size_t)c->W + 1)] = 0; /* PNG filter "none" */
    if (sa->im->bpp == 3 && sb->im->bpp == 3) {
        exact_span_rgb(c, ca, *a_up, cb, y, c->w);
        *a_up = ca;
        return;
    }
    if (sa->im->bpp == 3)
        png_rgb_to_rgba(sa->px[y & 1], ca, (size_t)c->w), ca = sa->px[y & 1];
    if (sb->im->bpp == 3)
        png_rgb_to_rgba(sb->px[y & 1], cb, (size_t)c->w), cb = sb->px[y & 1];
    exact_span(c, ca, *a_up, cb, y, 0, c->w);
    *a_up = ca;
}

/* sa and sb with their buffers in buf (8 rows of w RGBA pixels). */
static void span_open(span_work *w, uint8_t *buf, span_img *sa, span_img *sb)
{
    size_t n = (size_t)w->c.w * 4;
    *sa = (span_img){ w->a, NULL, { buf, buf + n }, { buf + 2 * n, buf + 3 * n } };
    *sb = (span_img){ w->b, NULL, { buf + 4 * n, buf + 5 * n }, { buf + 6 * n, buf + 7 * n } };
}

/* Adds row y of s's file to the Adler-32 *sum (its zlib stream's, checked by
 * diff_spans: png_rows_load leaves it to the reader, PNG_ROWS_ADLER_LATER). */
static void span_sum(const span_img *s, int y, uint32_t *sum)
{
    size_t stride = (size_t)s->im->w * (size_t)s->im->bpp + 1;
    *sum = (uint32_t)libdeflate_adler32(*sum, s->im->raw + (size_t)y * stride, stride);
}

/* One part: its rows compared (with their greys unless mode is SPAN_MARKS), then
 * deflated; 0 when out of memory. */
static int span_part_run(span_work *w, span_part *p, uint8_t *buf, int mode)
{
    span_img sa, sb;
    span_open(w, buf, &sa, &sb);
    span_seek(&sa, p->y0);
    span_seek(&sb, p->y0);
    diff_ctx c = w->c;
    c.r = &p->r;
    c.y_first = p->y0;
    c.greys_done = mode == SPAN_MARKS;
    const uint8_t *a_up = NULL;
    for (int y = p->y0; y < p->y1; y++) {
        span_compare(&c, &sa, &sb, y, &a_up);
        if (mode != SPAN_MARKS) /* A's rows were summed with their greys */
            span_sum(&sa, y, &p->adler[0]);
        span_sum(&sb, y, &p->adler[1]);
    }
    if (c.idx)
        zrow_thread(&p->z);
    return !c.idx || p->z.out != NULL;
}

/* The greys of part p's rows from A alone, while B loads (the values the comparison
 * would draw: grey_row_rgb and grey_row agree on opaque pixels). */
static int span_greys_run(span_work *w, span_part *p, uint8_t *buf)
{
    span_img sa, sb; /* B is being loaded: only sa is read */
    span_open(w, buf, &sa, &sb);
    span_seek(&sa, p->y0);
    size_t row = (size_t)w->c.W + 1;
    const uint8_t *up = NULL;
    for (int y = p->y0; y < p->y1; y++) {
        const uint8_t *ca = span_row(&sa, y);
        span_sum(&sa, y, &p->adler[0]);
        uint8_t *q = w->c.idx + (size_t)y * row;
        q[0] = 0; /* PNG filter "none" */
        const uint8_t *q_up = up ? q + 1 - row : NULL;
        if (sa.im->bpp == 3)
            grey_row_rgb(q + 1, ca, up, q_up, w->c.w);
        else
            grey_row(q + 1, ca, up, q_up, w->c.w);
        up = ca;
    }
    return 1;
}

/* How many parts to cut an image's rows into: one for a small canvas, else as many as
 * SPAN_MAX_PARTS and SPAN_MIN_PART_ROWS allow, unless "up" rows make them unfilter more
 * than an eighth of the rows twice (then two halves). */
static int span_parts(const png_rows *a)
{
    int H = a->h, n = H / SPAN_MIN_PART_ROWS;
    if ((int64_t)a->w * H < DIFF_SPLIT_PIXELS)
        return 1;
    n = n > SPAN_MAX_PARTS ? SPAN_MAX_PARTS : n < 2 ? 2 : n;
    int64_t seek = 0;
    for (int k = 1; k < n; k++)
        seek += seek_rows(a, (int)((int64_t)k * H / n));
    return seek <= H / 8 ? n : 2;
}

/* Cuts the rows of w->rows[i] (the first file loaded, mu held) into parts and allocates
 * the palette rows; 0 when out of memory. The other file's rows are cut alike. */
static int span_layout(span_work *w, int i)
{
    const png_rows *im = &w->rows[i];
    int W = im->w, H = im->h;
    size_t row = (size_t)W + 1;
    w->c = (diff_ctx){ .aw = W, .bw = W, .w = W, .h = H, .W = W, .exact = 1 };
    w->a = &w->rows[0], w->b = &w->rows[1], w->parts = span_parts(im);
    if (w->want_idx && !(w->c.idx = png_alloc_big((size_t)H * row)))
        return 0;
    for (int k = 0; k < w->parts; k++) {
        span_part *p = &w->part[k];
        p->y0 = (int)((int64_t)k * H / w->parts), p->y1 = (int)((int64_t)(k + 1) * H / w->parts);
        p->z = (zrow_job){ w->c.idx ? w->c.idx + (size_t)p->y0 * row : NULL, 0,
                           (size_t)(p->y1 - p->y0) * row, row, k == w->parts - 1, NULL, 0, 0 };
        p->adler[0] = p->adler[1] = 1;
    }
    return 1;
}

/* Sets w up to compare once both files are loaded (mu held): ready 1 when both are
 * scanlines of one size, else -1 (failed too when out of memory). */
static void span_setup(span_work *w, int last)
{
    const png_rows *a = &w->rows[0], *b = &w->rows[1];
    diff_image va = { a->w, a->h, 8, NULL }, vb = { b->w, b->h, 8, NULL };
    diff_opts o = diff_defaults();
    w->ready = -1;
    if (!w->taken[0] || !w->taken[1] || a->w != b->w || a->h != b->h ||
        check_opts(&va, &vb, &o, NULL))
        return; /* diff_run then reads the files, or words what is wrong */
    if (!w->parts && !span_layout(w, last)) {
        w->failed = 1;
        return;
    }
    diff_start(&w->start, &va, &vb);
    for (int k = 0; k < w->parts; k++)
        w->part[k].r = w->start;
    w->ready = 1;
}

/* Loads file i of w as scanlines; after the first, when it is A and a diff image is
 * drawn, cuts the parts so that A's greys can be drawn while B loads; after the
 * second, sets the comparison up. */
static void span_load(span_work *w, int i)
{
    int taken = png_rows_load(w->path[i], DIFF_MAX_SIDE, PNG_ROWS_ADLER_LATER, &w->rows[i]);
    pthread_mutex_lock(&w->mu);
    w->taken[i] = taken;
    if (++w->loaded == 2) {
        span_setup(w, i);
        pthread_cond_broadcast(&w->cv);
    } else if (i == 0 && taken && w->want_idx) {
        w->failed = !span_layout(w, 0);
        pthread_cond_broadcast(&w->cv);
    }
    pthread_mutex_unlock(&w->mu);
}

/* The part a thread takes next (mu held), -1 for none: while B loads and A's parts are
 * cut, the last one whose greys are not drawn (*mode SPAN_GREYS_ONLY); once both are
 * loaded, the first one not taken (SPAN_COMPARE, or SPAN_MARKS when its greys were
 * drawn). Waits while the other thread loads the last file and there is nothing to
 * draw. */
static int span_take(span_work *w, int *mode)
{
    for (;;) {
        for (int k = w->parts - 1; !w->ready && !w->failed && k >= 0; k--)
            if (w->state[k] == PART_WAITING) {
                w->state[k] = PART_GREYING;
                *mode = SPAN_GREYS_ONLY;
                return k;
            }
        if (w->ready || w->failed)
            break;
        pthread_cond_wait(&w->cv, &w->mu);
    }
    for (int k = 0; w->ready > 0 && !w->failed && k < w->parts; k++)
        if (w->state[k] == PART_WAITING || w->state[k] == PART_GREYED) {
            *mode = w->state[k] == PART_GREYED ? SPAN_MARKS : SPAN_COMPARE;
            w->state[k] = PART_TAKEN;
            return k;
        }
    return -1;
}

/* What a thread does next (mu held): a file to load (0 or 1, as *load), else a part as
 * span_take gives it. */
static int span_next(span_work *w, int *load, int *mode)
{
    *load = w->claimed < 2 ? w->claimed++ : -1;
    return *load >= 0 ? -1 : span_take(w, mode);
}

static void *span_thread(void *arg)
{
    span_work *w = arg;
    uint8_t *buf = NULL;
    for (int ok = 1, k = -1;;) {
        int load, mode = SPAN_COMPARE;
        pthread_mutex_lock(&w->mu);
        w->failed |= !ok;
        if (k >= 0 && w->state[k] == PART_GREYING)
            w->state[k] = PART_GREYED;
        k = span_next(w, &load, &mode);
        pthread_mutex_unlock(&w->mu);
        if (load >= 0) {
            span_load(w, load);
            continue;
        }
        if (k < 0)
            break;
        if (!buf)
            buf = malloc(8 * (size_t)w->c.w * 4);
        ok = buf && (mode == SPAN_GREYS_ONLY ? span_greys_run(w, &w->part[k], buf)
                                             : span_part_run(w, &w->part[k], buf, mode));
    }
    free(buf);
    return NULL;
}

/* 1 when the parts' sums of both files' scanlines are the Adler-32s the files give. */
static int span_sums_ok(const span_work *w)
{
    for (int i = 0; i < 2; i++) {
        size_t stride = (size_t)w->rows[i].w * (size_t)w->rows[i].bpp + 1;
        uint32_t sum = 1;
        for (int k = 0; k < w->parts; k++)
            sum = zrow_adler_join(sum, w->part[k].adler[i],
                                  (size_t)(w->part[k].y1 - w->part[k].y0) * stride);
        if (sum != w->rows[i].adler)
            return 0;
    }
    return 1;
}

/* diff_run's exact rule from the two files' scanlines when they allow it (w->ready 1
 * after; the counts in *r, the palette rows in w->c.idx and their deflate parts in w's),
 * else w->ready -1 with nothing kept. Both files are loaded at once, and the rows of a
 * large canvas compared in parts, on two threads. */
static delve_status diff_spans(const char *a_png, const char *b_png, diff_result *r,
                               span_work *w, delve_err *err)
{
    w->path[0] = a_png, w->path[1] = b_png;
    pthread_mutex_init(&w->mu, NULL);
    pthread_cond_init(&w->cv, NULL);
    run_pair(span_thread, w, w);
    pthread_cond_destroy(&w->cv);
    pthread_mutex_destroy(&w->mu);
    if (w->ready > 0 && !w->failed && !span_sums_ok(w))
        w->ready = -1; /* a damaged stream: png_load reads or refuses the files */
    if (w->ready < 0) {
        free(w->rows[0].raw);
        free(w->rows[1].raw);
        free(w->c.idx);
        for (int k = 0; k < w->parts; k++)
            free(w->part[k].z.out);
        w->rows[0].raw = w->rows[1].raw = NULL;
        w->c.idx = NULL;
        w->parts = 0;
    }
    if (w->failed)
        return delve_fail(err, DELVE_ENOMEM, "diff: out of memory");
    if (w->ready > 0) {
        *r = w->start;
        for (int k = 0; k < w->parts; k++)
            diff_merge(r, &w->part[k].r);
    }
    return DELVE_OK;
}

/* The comparison of diff_files: from scanlines when both files allow it (the exact rule,
 * 8-bit RGB or RGBA, "none" and "up" rows, same size: the bench's case and shots'), the
 * diff image's deflate parts in w's then, else from the decoded images (diff_run,
 * w->parts 0). The palette rows in *idx either way. */
static delve_status diff_paths(const char *a_png, const char *b_png, const diff_opts *o,
                               diff_result *r, uint8_t **idx, span_work *w, delve_err *err)
{
    w->want_idx = idx != NULL;
    if (o->threshold_milli < 0) {
        delve_status st = diff_spans(a_png, b_png, r, w, err);
        if (idx)
            *idx = w->c.idx;
        if (st || w->ready > 0) {
            free(w->rows[0].raw);
            free(w->rows[1].raw);
            return st;
        }
    }
    w->parts = 0;
    diff_image a, b;
    delve_status st = load_pair(a_png, b_png, &a, &b, err);
    if (st)
        return st;
    st = diff_run(&a, &b, o, r, NULL, idx, err);
    diff_image_free(&a);
    diff_image_free(&b);
    return st;
}

/* The diff image's PNG: idx deflated already in w's parts, or here. */
static delve_status diff_png(const char *path, const diff_result *r, const uint8_t *idx,
                             const span_work *w, delve_err *err)
{
    uint32_t pal[PAL_COUNT];
    for (int i = 0; i < PAL_GREYS; i++)
        pal[i] = (uint32_t)(255 - i) * 0x010101u;
    for (int k = PX_CHANGED; k <= PX_OUTSIDE; k++)
        pal[PAL_KIND0 + k] = (uint32_t)KIND_RGB[k][0] << 16 | (uint32_t)KIND_RGB[k][1] << 8 |
                             KIND_RGB[k][2];
    int W = r->aw > r->bw ? r->aw : r->bw, H = r->ah > r->bh ? r->ah : r->bh;
    if (!w->parts)
        return pal_png(path, W, H, pal, PAL_COUNT, idx, err);
    zrow_job z[SPAN_MAX_PARTS];
    for (int k = 0; k < w->parts; k++)
        z[k] = w->part[k].z;
    return pal_file(path, W, H, pal, PAL_COUNT, z, w->parts, err);
}

delve_status diff_files(const char *a_png, const char *b_png, const char *out_png,
                        const diff_opts *o, diff_result *r, delve_err *err)
{
    memset(r, 0, sizeof *r);
    r->x0 = r->y0 = r->x1 = r->y1 = -1;
    uint8_t *idx = NULL;
    span_work *w = calloc(1, sizeof *w);
    if (!w)
        return delve_fail(err, DELVE_ENOMEM, "diff: out of memory");
    delve_status st = diff_paths(a_png, b_png, o, r, out_png ? &idx : NULL, w, err);
    if (!st && out_png)
        st = diff_png(out_png, r, idx, w, err);
    for (int k = 0; k < w->parts; k++)
        free(w->part[k].z.out);
    free(w);
    free(idx);
    return st;
}
