/* paint: colour mixing, hashing, and anti-aliased shapes in integer maths. */
#include "render/paint.h"

#include "engine/rng.h"

static int clamp255(int v)
{
    return v < 0 ? 0 : v > 255 ? 255 : v;
}

rgba paint_shade(rgba c, int d)
{
    return (rgba){ (uint8_t)clamp255(c.r + d), (uint8_t)clamp255(c.g + d),
                   (uint8_t)clamp255(c.b + d), c.a };
}

rgba paint_mix(rgba a, rgba b, int t)
{
    t = t < 0 ? 0 : t > 256 ? 256 : t;
    return (rgba){ (uint8_t)((a.r * (256 - t) + b.r * t) >> 8),
                   (uint8_t)((a.g * (256 - t) + b.g * t) >> 8),
                   (uint8_t)((a.b * (256 - t) + b.b * t) >> 8),
                   (uint8_t)((a.a * (256 - t) + b.a * t) >> 8) };
}

uint32_t paint_hash(uint32_t a, uint32_t b, uint32_t c)
{
    uint64_t k = ((uint64_t)a << 32) ^ ((uint64_t)b << 16) ^ (uint64_t)c ^
                 ((uint64_t)b << 48);
    return (uint32_t)(rng_mix(k ^ 0x5DEECE66Dull) >> 32);
}

/* Samples inside the annulus r0 < d <= r1 of a pixel's 4 x 4 sub-samples (0..16). */
static int coverage(int px, int py, int cx, int cy, int64_t r0sq, int64_t r1sq)
{
    int n = 0;
    for (int sy = 0; sy < 4; sy++)
        for (int sx = 0; sx < 4; sx++) {
            int64_t dx = (int64_t)px * PAINT_SUB + sx * (PAINT_SUB / 4) + PAINT_SUB / 8 - cx;
            int64_t dy = (int64_t)py * PAINT_SUB + sy * (PAINT_SUB / 4) + PAINT_SUB / 8 - cy;
            int64_t d = dx * dx + dy * dy;
            n += d <= r1sq && d > r0sq;
        }
    return n;
}

void paint_ring(canvas *c, int cx, int cy, int r0, int r1, rgba col)
{
    if (r1 <= 0)
        return;
    int x0 = (cx - r1) / PAINT_SUB - 1, x1 = (cx + r1) / PAINT_SUB + 1;
    int y0 = (cy - r1) / PAINT_SUB - 1, y1 = (cy + r1) / PAINT_SUB + 1;
    int64_t r0sq = r0 > 0 ? (int64_t)r0 * r0 : -1, r1sq = (int64_t)r1 * r1;
    if (x0 < 0) x0 = 0;
    if (y0 < 0) y0 = 0;
    if (x1 >= c->w) x1 = c->w - 1;
    if (y1 >= c->h) y1 = c->h - 1;
    for (int y = y0; y <= y1; y++)
        for (int x = x0; x <= x1; x++) {
            int n = coverage(x, y, cx, cy, r0sq, r1sq);
            if (n)
                canvas_blend_px(c, x, y, paint_alpha(col, col.a * n / 16));
        }
}

void paint_disc(canvas *c, int cx, int cy, int r, rgba col)
{
    paint_ring(c, cx, cy, 0, r, col);
}

void paint_line(canvas *c, int x0, int y0, int x1, int y1, rgba col)
{
    int dx = x1 > x0 ? x1 - x0 : x0 - x1, sx = x0 < x1 ? 1 : -1;
    int dy = y1 > y0 ? y0 - y1 : y1 - y0, sy = y0 < y1 ? 1 : -1;
    int e = dx + dy;
    for (;;) {
        canvas_blend_px(c, x0, y0, col);
        if (x0 == x1 && y0 == y1)
            break;
        int e2 = 2 * e;
        if (e2 >= dy) {
            e += dy;
            x0 += sx;
        }
        if (e2 <= dx) {
            e += dx;
            y0 += sy;
        }
    }
}

void paint_vgrad(canvas *c, int x, int y, int w, int h, rgba a, rgba b)
{
    for (int j = 0; j < h; j++)
        canvas_fill_rect(c, x, y + j, w, 1, paint_mix(a, b, h > 1 ? j * 256 / (h - 1) : 0));
}

void paint_falloff_mask(uint8_t *m, int r, int peak, int power)
{
    int n = 2 * r + 1;
    int64_t rr = (int64_t)r * r;
    for (int y = 0; y < n; y++)
        for (int x = 0; x < n; x++) {
            int64_t dx = x - r, dy = y - r, d = dx * dx + dy * dy;
            int64_t f = d >= rr ? 0 : rr - d;      /* 1 - d^2/r^2, scaled by rr */
            m[y * n + x] = (uint8_t)(power >= 2 ? peak * f * f / (rr * rr) : peak * f / rr);
        }
}

