/* canvas: fills, blends and blits on an RGBA8 canvas, clipped, integer maths only.
 * The blend is straight (non-premultiplied) source-over; opaque destinations, which
 * is every frame delve draws, take a short path with the same result. */
#include "render/canvas.h"

#include <stdlib.h>
#include <string.h>

delve_status canvas_init(canvas *c, int w, int h, delve_err *err)
{
    memset(c, 0, sizeof *c);
    if (w < 1 || h < 1 || w > CANVAS_MAX_SIDE || h > CANVAS_MAX_SIDE)
        return delve_fail(err, DELVE_ELIMIT, "canvas %d x %d is outside 1..%d", w, h,
                          CANVAS_MAX_SIDE);
    c->px = calloc((size_t)w * (size_t)h, 4);
    if (!c->px)
        return delve_fail(err, DELVE_ENOMEM, "out of memory for a %d x %d canvas", w, h);
    c->w = w;
    c->h = h;
    c->stride = 4 * w;
    return DELVE_OK;
}

void canvas_free(canvas *c)
{
    if (!c)
        return;
    free(c->px);
    memset(c, 0, sizeof *c);
}

/* Clips the rectangle to [0, cw) x [0, ch); returns 0 when nothing is left. */
static int clip(int cw, int ch, int *x, int *y, int *w, int *h)
{
    int x0 = *x, y0 = *y, x1 = *x + *w, y1 = *y + *h;
    if (*w <= 0 || *h <= 0)
        return 0;
    if (x0 < 0) x0 = 0;
    if (y0 < 0) y0 = 0;
    if (x1 > cw) x1 = cw;
    if (y1 > ch) y1 = ch;
    if (x0 >= x1 || y0 >= y1)
        return 0;
    *x = x0, *y = y0, *w = x1 - x0, *h = y1 - y0;
    return 1;
}

canvas canvas_view(const canvas *c, int x, int y, int w, int h)
{
    canvas v = { 0, 0, c->stride, c->px };
    if (!c->px || !clip(c->w, c->h, &x, &y, &w, &h))
        return v;
    v.w = w;
    v.h = h;
    v.px = canvas_at(c, x, y);
    return v;
}

void canvas_clear(canvas *c, rgba col)
{
    canvas_fill_rect(c, 0, 0, c->w, c->h, col);
}

void canvas_claim(canvas *c)
{
    if (c->px && c->stride == c->w * 4)
        memset(c->px, 0, (size_t)c->stride * (size_t)c->h);
    else
        for (int y = 0; c->px && y < c->h; y++)
            memset(canvas_at(c, 0, y), 0, (size_t)c->w * 4);
}

/* len bytes at d from a 64-byte pattern of one colour, stored from registers: copying
 * the rectangle's first row into the next ones (memcpy) stalls where the rows' addresses
 * alias 4 KiB apart, as the panel's 1280-byte rows at a 5120-byte stride do */
static inline void fill_px(uint8_t *d, const uint8_t pat[64], size_t len)
{
    size_t i = 0;
    for (; i + 64 <= len; i += 64)
        memcpy(d + i, pat, 64);
    for (; i + 16 <= len; i += 16)
        memcpy(d + i, pat, 16);
    for (; i < len; i += 4)
        memcpy(d + i, pat, 4);
}

/* fill_px's 64-byte pattern of col */
static inline void pattern_of(uint8_t pat[64], rgba col)
{
    for (int i = 0; i < 16; i++)
        memcpy(pat + 4 * i, &col, 4);
}

void canvas_fill_rect(canvas *c, int x, int y, int w, int h, rgba col)
{
    if (!c->px || !clip(c->w, c->h, &x, &y, &w, &h))
        return;
    uint8_t pat[64];
    pattern_of(pat, col);
    size_t len = (size_t)w * 4;
    for (int j = 0; j < h; j++)
        fill_px(canvas_at(c, x, y + j), pat, len);
}

/* Source-over of (r, g, b) at alpha a (1..254) onto the pixel at d. */
static inline void blend_one(uint8_t *d, uint32_t r, uint32_t g, uint32_t b, uint32_t a)
{
    uint32_t da = d[3];
    if (da == 255) {
        uint32_t ia = 255 - a;
        d[0] = canvas_div255(r * a + d[0] * ia);
        d[1] = canvas_div255(g * a + d[1] * ia);
        d[2] = canvas_div255(b * a + d[2] * ia);
        return;
    }
    uint32_t dw = canvas_div255(da * (255 - a)); /* the destination's remaining weight */
    uint32_t oa = a + dw;
    if (oa == 0)
        return;
    d[0] = (uint8_t)((r * a + d[0] * dw + oa / 2) / oa);
    d[1] = (uint8_t)((g * a + d[1] * dw + oa / 2) / oa);
    d[2] = (uint8_t)((b * a + d[2] * dw + oa / 2) / oa);
    d[3] = (uint8_t)oa;
}

static inline void blend_at(uint8_t *d, rgba col, uint32_t a)
{
    if (a == 0)
        return;
    if (a >= 255) {
        d[0] = col.r, d[1] = col.g, d[2] = col.b, d[3] = 255;
        return;
    }
    blend_one(d, col.r, col.g, col.b, a);
}

/* Are the 8 pixels from d opaque? */
static inline int opaque8(const uint8_t *d)
{
    return (d[3] & d[7] & d[11] & d[15] & d[19] & d[23] & d[27] & d[31]) == 255;
}

/* canvas_div255 in 16 bits, for v <= 255 * 255: v + 128 + (v + 128) / 256 stays below
 * 65536, so the vector code works on 16-bit lanes, twice as many as 32-bit ones. */
static inline uint16_t div255_16(uint16_t v)
{
    v = (uint16_t)(v + 128);
    return (uint16_t)((v + (v >> 8)) >> 8);
}

/* blend_one's opaque case on 8 opaque pixels at once, byte k of d with weight a[k] of
 * add[k] / a[k] (add[k] = channel x a[k], at most 255 x 255): one loop over all 32 bytes
 * without branches in 16-bit lanes, which the compiler turns into vector code. Alpha
 * stays 255: div255(255 a + 255 (255 - a)) = 255. */
static inline void over8(uint8_t *restrict d, const uint16_t *restrict add,
                         const uint16_t *restrict a)
{
    for (int k = 0; k < 32; k++)
        d[k] = (uint8_t)div255_16((uint16_t)(add[k] + d[k] * (255 - a[k])));
}

void canvas_blend_rect(canvas *c, int x, int y, int w, int h, rgba col)
{
    if (col.a == 255) {
        canvas_fill_rect(c, x, y, w, h, col);
        return;
    }
    if (col.a == 0 || !c->px || !clip(c->w, c->h, &x, &y, &w, &h))
        return;
    uint32_t a = col.a, ia = 255 - a, r = col.r * a, g = col.g * a, b = col.b * a;
    uint16_t add[32], aw[32]; /* each channel times alpha, an opaque alpha's staying 255 */
    for (int k = 0; k < 32; k += 4) {
        add[k] = (uint16_t)r, add[k + 1] = (uint16_t)g, add[k + 2] = (uint16_t)b;
        add[k + 3] = (uint16_t)(255 * a);
        aw[k] = aw[k + 1] = aw[k + 2] = aw[k + 3] = (uint16_t)a;
    }
    for (int j = 0; j < h; j++) {
        uint8_t *d = canvas_at(c, x, y + j);
        int i = 0;
        for (; i + 8 <= w && opaque8(d); i += 8, d += 32)
            over8(d, add, aw);
        for (; i < w; i++, d += 4) {
            if (d[3] != 255) {
                blend_one(d, col.r, col.g, col.b, a);
                continue;
            }
            d[0] = canvas_div255(r + d[0] * ia); /* blend_one's opaque case */
            d[1] = canvas_div255(g + d[1] * ia);
            d[2] = canvas_div255(b + d[2] * ia);
        }
    }
}

void canvas_blend_px(canvas *c, int x, int y, rgba col)
{
    if (!c->px || x < 0 || y < 0 || x >= c->w || y >= c->h)
        return;
    blend_at(canvas_at(c, x, y), col, col.a);
}

/* One pixel of canvas_blend_mask: coverage m of col at d. */
static inline void mask_px(uint8_t *d, uint32_t m, rgba col)
{
    if (m == 0)
        return;
    blend_at(d, col, col.a == 255 ? m : canvas_div255(m * col.a));
}

#if defined(__SSE2__)
#include <emmintrin.h>

/* div255_16 on 8 lanes. */
static inline __m128i div255_x8(__m128i v)
{
    v = _mm_add_epi16(v, _mm_set1_epi16(128));
    return _mm_srli_epi16(_mm_add_epi16(v, _mm_srli_epi16(v, 8)), 8);
}

/* Two opaque pixels as 16-bit lanes q under alphas p (each pixel's alpha in its four
 * lanes) of colour c: div255(c p + q (255 - p)), every sum at most 255 x 255. */
static inline __m128i over2_x8(__m128i q, __m128i p, __m128i c)
{
    __m128i v = _mm_add_epi16(_mm_mullo_epi16(c, p),
                              _mm_mullo_epi16(q, _mm_sub_epi16(_mm_set1_epi16(255), p)));
    return div255_x8(v);
}

/* 8 opaque pixels under coverage m[0..8) of col (alpha col.a x m / 255; 0 leaves a
 * pixel as it is and 255 puts col, as blend_at does: edges of glyphs mix): the alphas,
 * their spread to each pixel's four channels and the blend in SSE2's 16-bit lanes (the
 * scalar setup took as long as the blend); the same bytes as the scalar path below. */
static inline void mask8(uint8_t *d, const uint8_t *m, rgba col)
{
    const __m128i zero = _mm_setzero_si128();
    __m128i a = _mm_unpacklo_epi8(_mm_loadl_epi64((const __m128i *)(const void *)m), zero);
    if (col.a != 255)
        a = div255_x8(_mm_mullo_epi16(a, _mm_set1_epi16(col.a)));
    __m128i lo = _mm_unpacklo_epi16(a, a), hi = _mm_unpackhi_epi16(a, a);
    __m128i c = _mm_setr_epi16(col.r, col.g, col.b, 255, col.r, col.g, col.b, 255);
    __m128i d0 = _mm_loadu_si128((const __m128i *)(const void *)d);
    __m128i d1 = _mm_loadu_si128((const __m128i *)(const void *)(d + 16));
    __m128i r0 = over2_x8(_mm_unpacklo_epi8(d0, zero), _mm_unpacklo_epi32(lo, lo), c);
    __m128i r1 = over2_x8(_mm_unpackhi_epi8(d0, zero), _mm_unpackhi_epi32(lo, lo), c);
    __m128i r2 = over2_x8(_mm_unpacklo_epi8(d1, zero), _mm_unpacklo_epi32(hi, hi), c);
    __m128i r3 = over2_x8(_mm_unpackhi_epi8(d1, zero), _mm_unpackhi_epi32(hi, hi), c);
    _mm_storeu_si128((__m128i *)(void *)d, _mm_packus_epi16(r0, r1));
    _mm_storeu_si128((__m128i *)(void *)(d + 16), _mm_packus_epi16(r2, r3));
}
#else
/* 8 opaque pixels under coverage m[0..8) of col (alpha col.a x m / 255; 0 leaves a
 * pixel as it is and 255 puts col, as blend_at does: edges of glyphs mix), through over8. */
static inline void mask8(uint8_t *d, const uint8_t *m, rgba col)
{
    uint16_t add[32], aw[32];
    for (int k = 0; k < 8; k++) {
        uint16_t a = col.a == 255 ? m[k] : canvas_div255((uint32_t)m[k] * col.a);
        add[4 * k] = (uint16_t)(col.r * a), add[4 * k + 1] = (uint16_t)(col.g * a);
        add[4 * k + 2] = (uint16_t)(col.b * a), add[4 * k + 3] = (uint16_t)(255 * a);
        aw[4 * k] = aw[4 * k + 1] = aw[4 * k + 2] = aw[4 * k + 3] = a;
    }
    over8(d, add, aw);
}
#endif

void canvas_blend_mask(canvas *c, int x, int y, const uint8_t *mask, int mw, int mh,
                       int mstride, rgba col)
{
    int cx = x, cy = y, w = mw, h = mh;
    if (col.a == 0 || !c->px || !clip(c->w, c->h, &cx, &cy, &w, &h))
        return;
    for (int j = 0; j < h; j++) {
        const uint8_t *m = mask + (long)(cy - y + j) * mstride + (cx - x);
        uint8_t *d = canvas_at(c, cx, cy + j);
        int i = 0;
        for (; i + 8 <= w; i += 8) { /* text masks are mostly empty: 8 at a time */
            uint64_t any;
            memcpy(&any, m + i, 8);
            if (any && opaque8(d + 4 * i))
                mask8(d + 4 * i, m + i, col);
            else if (any)
                for (int k = i; k < i + 8; k++)
                    mask_px(d + 4 * k, m[k], col);
        }
        for (; i < w; i++)
            mask_px(d + 4 * i, m[i], col);
    }
}

/* Half-open source span [*s0, *s1) that destination index i of n covers in a source of
 * sn: a box when shrinking, one pixel (nearest) when growing. */
static inline void span(int i, int n, int sn, int *s0, int *s1)
{
    *s0 = (int)((int64_t)i * sn / n);
    *s1 = (int)((int64_t)(i + 1) * sn / n);
    if (*s1 <= *s0)
        *s1 = *s0 + 1;
}

/* Row j of canvas_blit_scaled when src is exactly k times the rectangle (x, y) both
 * ways, k 2 or 4 (--video's GIF frames, the sheet's thumbnails): every box is k x k, so
 * no span is computed and the divide is a shift. Channels 0 and 2, then 1 and 3, are
 * summed two at a time in 16-bit fields of a word (16 x 255 fits), so the byte order of
 * the machine does not matter; the same sums and rounding as the general path, so the
 * same bytes. */
static inline void blit_box_row(canvas *dst, const canvas *src, int x, int y, int cx, int cw,
                                int j, int k, int shift)
{
    const uint32_t m = 0x00ff00ffu, half = (uint32_t)(k * k / 2) * 0x00010001u;
    uint8_t *d = canvas_at(dst, cx, j);
    const uint8_t *row = canvas_at(src, (cx - x) * k, (j - y) * k);
    for (int i = 0; i < cw; i++, d += 4, row += 4 * k) {
        uint32_t even = 0, odd = 0;
        for (int b = 0; b < k; b++)
            for (int a = 0; a < k; a++) {
                uint32_t p;
                memcpy(&p, row + (size_t)b * (size_t)src->stride + 4 * (size_t)a, 4);
                even += p & m;
                odd += (p >> 8) & m;
            }
        uint32_t out = (((even + half) >> shift) & m) | ((((odd + half) >> shift) & m) << 8);
        memcpy(d, &out, 4);
    }
}

void canvas_blit_scaled(canvas *dst, const canvas *src, int x, int y, int w, int h)
{
    int cx = x, cy = y, cw = w, ch = h;
    if (!dst->px || !src->px || src->w < 1 || src->h < 1 ||
        !clip(dst->w, dst->h, &cx, &cy, &cw, &ch))
        return;
    if (src->w == 2 * w && src->h == 2 * h) {
        for (int j = cy; j < cy + ch; j++)
            blit_box_row(dst, src, x, y, cx, cw, j, 2, 2);
        return;
    }
    if (src->w == 4 * w && src->h == 4 * h) {
        for (int j = cy; j < cy + ch; j++)
            blit_box_row(dst, src, x, y, cx, cw, j, 4, 4);
        return;
    }
    for (int j = cy; j < cy + ch; j++) {
        int sy0, sy1;
        span(j - y, h, src->h, &sy0, &sy1);
        uint8_t *d = canvas_at(dst, cx, j);
        for (int i = cx; i < cx + cw; i++, d += 4) {
            int sx0, sx1;
            span(i - x, w, src->w, &sx0, &sx1);
            uint32_t sum[4] = { 0, 0, 0, 0 };
            for (int sy = sy0; sy < sy1; sy++) {
                const uint8_t *s = canvas_at(src, sx0, sy);
                for (int sx = sx0; sx < sx1; sx++, s += 4) {
                    sum[0] += s[0], sum[1] += s[1], sum[2] += s[2], sum[3] += s[3];
                }
            }
            uint32_t n = (uint32_t)((sx1 - sx0) * (sy1 - sy0));
            for (int k = 0; k < 4; k++)
                d[k] = (uint8_t)((sum[k] + n / 2) / n);
        }
    }
}

/* Copies n pixels from s to d: tiles' rows are short (24 px at the films' zoom), where
 * inline 16-byte moves beat a call to memcpy. */
static inline void copy_px(uint8_t *d, const uint8_t *s, int n)
{
    size_t len = (size_t)n * 4, i = 0;
    if (len > 256) {
        memcpy(d, s, len);
        return;
    }
    for (; i + 16 <= len; i += 16)
        memcpy(d + i, s + i, 16);
    for (; i < len; i += 4)
        memcpy(d + i, s + i, 4);
}

void canvas_blit(canvas *dst, const canvas *src, int x, int y, int blend)
{
    int cx = x, cy = y, w = src->w, h = src->h;
    if (!dst->px || !src->px || !clip(dst->w, dst->h, &cx, &cy, &w, &h))
        return;
    for (int j = 0; j < h; j++) {
        const uint8_t *s = canvas_at(src, cx - x, cy - y + j);
        uint8_t *d = canvas_at(dst, cx, cy + j);
        if (!blend) {
            copy_px(d, s, w);
            continue;
        }
        for (int i = 0; i < w; i++, s += 4, d += 4) {
            if (s[3] == 255)
                memcpy(d, s, 4);
            else if (s[3] != 0)
                blend_one(d, s[0], s[1], s[2], s[3]);
        }
    }
}

/* Row j of src in dst with src's left edge at dst x, clipped to dst's columns. */
static void copy_row(canvas *dst, const canvas *src, int x, int dy, int j)
{
    int sx = x < 0 ? -x : 0, w = src->w - sx;
    if (x + src->w > dst->w)
        w = dst->w - x - sx;
    if (w > 0)
        copy_px(canvas_at(dst, x + sx, dy), canvas_at(src, sx, j), w);
}

/* len bytes (32 or more) from s to d in 32-byte moves, the last one overlapping the one
 * before: a tile row at the films' zoom (24 px, 96 bytes) in three, with no loop over a
 * remainder. */
static inline void copy_tile_px(uint8_t *d, const uint8_t *s, size_t len)
{
    size_t i = 0;
    for (; i + 32 < len; i += 32)
        memcpy(d + i, s + i, 32);
    memcpy(d + len - 32, s + len - 32, 32);
}

/* Row off of tiles sp[k0..k1), each len bytes (32 or more), side by side from d. */
static void copy_tiles(uint8_t *d, const uint8_t *const *sp, int k0, int k1, size_t off,
                       size_t len)
{
    for (int k = k0; k < k1; k++, d += len)
        copy_tile_px(d, sp[k] + off, len);
}

#if (defined(__x86_64__) || defined(__i386__)) && defined(__GNUC__)
#include <immintrin.h>
/* copy_tiles in AVX2's 32-byte moves where the CPU has them (the baseline build has
 * SSE2's 16): the map's tiles are most of a frame's bytes, and the wider moves make the
 * render measurably cheaper (docs/perf-log.md, "A frame"). The same bytes. */
__attribute__((target("avx2"))) static void copy_tiles_avx2(uint8_t *d,
                                                            const uint8_t *const *sp,
                                                            int k0, int k1, size_t off,
                                                            size_t len)
{
    for (int k = k0; k < k1; k++, d += len) {
        const uint8_t *s = sp[k] + off;
        for (size_t i = 0; i + 32 < len; i += 32)
            _mm256_storeu_si256((__m256i *)(void *)(d + i),
                                _mm256_loadu_si256((const __m256i *)(const void *)(s + i)));
        _mm256_storeu_si256((__m256i *)(void *)(d + len - 32),
                            _mm256_loadu_si256((const __m256i *)(const void *)(s + len - 32)));
    }
}
static int has_avx2(void) { return __builtin_cpu_supports("avx2"); }
#else
#define copy_tiles_avx2 copy_tiles
static int has_avx2(void) { return 0; }
#endif

enum { ROW_GROUP = 64 }; /* tiles of a row taken together by canvas_blit_row */

/* Are src[k0..k1) tiles of one shape, step px wide with rows 4 * step bytes apart, h
 * rows each, from 8 px wide? Then a group's rows are copied by copy_tile_px. */
static int same_tiles(const canvas *const *src, int k0, int k1, int step, int h)
{
    if (step < 8)
        return 0;
    for (int k = k0; k < k1; k++)
        if (!src[k] || !src[k]->px || src[k]->w != step || src[k]->h != h ||
            src[k]->stride != 4 * step)
            return 0;
    return 1;
}

/* canvas_blit_row for src[0..n), n <= ROW_GROUP: the tiles wholly inside dst's columns
 * row by row from their pixel pointers when they are all of one shape, the rest (the
 * map's left and right edges) through copy_row. */
static void blit_group(canvas *dst, const canvas *const *src, int n, int x, int y, int step,
                       int h)
{
    int k0 = x >= 0 ? 0 : (-x + step - 1) / step, k1 = (dst->w - x) / step;
    k1 = k1 > n ? n : k1 < k0 ? k0 : k1;
    int fast = k1 > k0 && same_tiles(src, k0, k1, step, h);
    const uint8_t *sp[ROW_GROUP];
    for (int k = k0; fast && k < k1; k++)
        sp[k] = src[k]->px;
    size_t len = (size_t)step * 4;
    int wide = has_avx2();
    for (int j = y < 0 ? -y : 0; j < h && y + j < dst->h; j++) {
        for (int k = 0; k < n; k++) {
            if (fast && k == k0) {
                uint8_t *d = canvas_at(dst, x + k0 * step, y + j);
                (wide ? copy_tiles_avx2 : copy_tiles)(d, sp, k0, k1, (size_t)j * len, len);
                k = k1;
                if (k == n)
                    break;
            }
            if (src[k] && src[k]->px && j < src[k]->h)
                copy_row(dst, src[k], x + k * step, y + j, j);
        }
    }
}

void canvas_blit_row(canvas *dst, const canvas *const *src, int n, int x, int y, int step)
{
    int h = 0;
    for (int k = 0; k < n; k++)
        h = src[k] && src[k]->px && src[k]->h > h ? src[k]->h : h;
    if (!dst->px)
        return;
    for (int k = 0; k < n; k += ROW_GROUP)
        blit_group(dst, src + k, n - k < ROW_GROUP ? n - k : ROW_GROUP, x + k * step, y, step,
                   h);
}

void canvas_frame_rect(canvas *c, int x, int y, int w, int h, int t, rgba col)
{
    if (t <= 0 || w <= 0 || h <= 0)
        return;
    if (2 * t >= w || 2 * t >= h) {
        canvas_fill_rect(c, x, y, w, h, col);
        return;
    }
    canvas_fill_rect(c, x, y, w, t, col);
    canvas_fill_rect(c, x, y + h - t, w, t, col);
    canvas_fill_rect(c, x, y + t, t, h - 2 * t, col);
    canvas_fill_rect(c, x + w - t, y + t, t, h - 2 * t, col);
}

/* --- runs ------------------------------------------------------------------------- */

/* Room for need more elements of size sz in *buf holding n of *cap; 0 when out of
 * memory (*buf as it was). */
static int grow(void *buf, size_t *cap, size_t n, size_t need, size_t sz)
{
    if (n + need <= *cap)
        return 1;
    size_t cap2 = (n + need) * 2;
    void *p = realloc(*(void **)buf, cap2 * sz);
    if (!p)
        return 0;
    *(void **)buf = p;
    *cap = cap2;
    return 1;
}

/* Pixels from x in row p (n in all) equal to pixel x. */
static int run_len(const uint8_t *p, int x, int n)
{
    int e = x + 1;
    while (e < n && !memcmp(p + 4 * e, p + 4 * x, 4))
        e++;
    return e - x;
}

/* Appends a run of n pixels (fill: the colour at px, else copied from px). */
static int add_run(canvas_runs *r, const uint8_t *px, int n, int fill)
{
    if (!grow(&r->run, &r->run_cap, r->runs, 2, sizeof *r->run) ||
        (!fill && !grow(&r->lit, &r->lit_cap, r->lits * 4, (size_t)n * 4, 1)))
        return 0;
    uint32_t v = (uint32_t)r->lits;
    if (fill)
        memcpy(&v, px, 4);
    else
        memcpy(r->lit + r->lits * 4, px, (size_t)n * 4), r->lits += (size_t)n;
    r->run[r->runs++] = (uint32_t)n | (fill ? CANVAS_RUN_FILL : 0);
    r->run[r->runs++] = v;
    return 1;
}

/* Row y of c as runs: runs of CANVAS_RUN_MIN or more of one colour, the pixels between
 * them copied. */
static int keep_row(canvas_runs *r, const canvas *c, int y)
{
    const uint8_t *p = canvas_at(c, 0, y);
    int lit = -1;
    for (int x = 0; x < c->w;) {
        int n = run_len(p, x, c->w);
        if (n < CANVAS_RUN_MIN) {
            lit = lit < 0 ? x : lit;
            x += n;
            continue;
        }
        if (lit >= 0 && !add_run(r, p + 4 * lit, x - lit, 0))
            return 0;
        lit = -1;
        if (!add_run(r, p + 4 * x, n, 1))
            return 0;
        x += n;
    }
    return lit < 0 || add_run(r, p + 4 * lit, c->w - lit, 0);
}

delve_status canvas_runs_keep(canvas_runs *r, const canvas *c, delve_err *err)
{
    r->w = r->h = 0;
    r->runs = r->lits = 0;
    if (!c->px)
        return DELVE_OK;
    if (!grow(&r->row, &r->row_cap, 0, (size_t)c->h + 1, sizeof *r->row))
        return delve_fail(err, DELVE_ENOMEM, "out of memory keeping a %d x %d picture", c->w, c->h);
    for (int y = 0; y < c->h; y++) {
        r->row[y] = (uint32_t)r->runs;
        if (!keep_row(r, c, y)) {
            r->runs = r->lits = 0;
            return delve_fail(err, DELVE_ENOMEM, "out of memory keeping a %d x %d picture",
                              c->w, c->h);
        }
    }
    r->row[c->h] = (uint32_t)r->runs;
    r->w = c->w;
    r->h = c->h;
    return DELVE_OK;
}

/* n pixels of colour v (its bytes as they lie in memory) from d, 4 at a time from a
 * register: a run of the panel's colour between words is a few of them. */
static inline void fill_u32(uint8_t *d, uint32_t v, size_t n)
{
    uint8_t pat[16];
    for (int k = 0; k < 4; k++)
        memcpy(pat + 4 * k, &v, 4);
    size_t i = 0;
    for (; i + 4 <= n; i += 4)
        memcpy(d + 4 * i, pat, 16);
    for (; i < n; i++)
        memcpy(d + 4 * i, &v, 4);
}

void canvas_runs_put(canvas *c, const canvas_runs *r)
{
    if (!c->px || c->w != r->w || c->h != r->h || !r->row)
        return;
    for (int y = 0; y < c->h; y++) {
        uint8_t *d = canvas_at(c, 0, y);
        for (uint32_t i = r->row[y]; i < r->row[y + 1]; i += 2) {
            uint32_t n = r->run[i] & ~CANVAS_RUN_FILL;
            if (r->run[i] & CANVAS_RUN_FILL)
                fill_u32(d, r->run[i + 1], n);
            else
                copy_px(d, r->lit + (size_t)r->run[i + 1] * 4, (int)n);
            d += (size_t)n * 4;
        }
    }
}

void canvas_runs_free(canvas_runs *r)
{
    if (!r)
        return;
    free(r->row);
    free(r->run);
    free(r->lit);
    memset(r, 0, sizeof *r);
}
