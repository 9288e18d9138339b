/* yuv: RGBA canvases into I420 and BGRA for the video encoders. */
#include "render/yuv.h"

/* BT.601 limited range, 8-bit fixed point (the coefficients of Rec. 601 scaled by
 * 219/255 for luma and 224/255 for chroma, times 256). Chroma is computed from sums of
 * four pixels, so it has two more bits to shift away; the offsets fold in 128 (or 16)
 * and the rounding, and keep every sum positive so the shifts are of unsigned values. */
enum {
    YR = 66, YG = 129, YB = 25, Y_OFF = (16 << 8) + 128,
    UR = 38, UG = 74, UB = 112, /* U = UB * b - UR * r - UG * g */
    VR = 112, VG = 94, VB = 18, /* V = VR * r - VG * g - VB * b */
    C_OFF = (128 << 10) + 512,
};

size_t yuv_i420_size(int w, int h)
{
    size_t luma = (size_t)(w & ~1) * (size_t)(h & ~1);
    return luma + luma / 2;
}

static inline uint8_t luma(const uint8_t *p)
{
    return (uint8_t)((YR * p[0] + YG * p[1] + YB * p[2] + Y_OFF) >> 8);
}

/* One pair of rows (a and b, w2 pixels, w2 even) into two luma rows and a row each of
 * U and V. */
static void row_pair(const uint8_t *a, const uint8_t *b, int w2, uint8_t *ya, uint8_t *yb,
                     uint8_t *u, uint8_t *v)
{
    for (int x = 0; x < w2; x += 2, a += 8, b += 8) {
        ya[x] = luma(a);
        ya[x + 1] = luma(a + 4);
        yb[x] = luma(b);
        yb[x + 1] = luma(b + 4);
        int r = a[0] + a[4] + b[0] + b[4];
        int g = a[1] + a[5] + b[1] + b[5];
        int bl = a[2] + a[6] + b[2] + b[6];
        u[x / 2] = (uint8_t)((UB * bl - UR * r - UG * g + C_OFF) >> 10);
        v[x / 2] = (uint8_t)((VR * r - VG * g - VB * bl + C_OFF) >> 10);
    }
}

void yuv_i420(uint8_t *dst, const canvas *c)
{
    int w2 = c->w & ~1, h2 = c->h & ~1;
    size_t luma_n = (size_t)w2 * (size_t)h2;
    uint8_t *y = dst, *u = dst + luma_n, *v = u + luma_n / 4;
    for (int j = 0; j < h2; j += 2) {
        row_pair(canvas_at(c, 0, j), canvas_at(c, 0, j + 1), w2, y + (size_t)j * w2,
                 y + (size_t)(j + 1) * w2, u + (size_t)(j / 2) * (w2 / 2),
                 v + (size_t)(j / 2) * (w2 / 2));
    }
}

void yuv_bgra(uint8_t *dst, const canvas *c)
{
    for (int j = 0; j < c->h; j++) {
        const uint8_t *s = canvas_at(c, 0, j);
        for (int i = 0; i < c->w; i++, s += 4, dst += 4) {
            dst[0] = s[2];
            dst[1] = s[1];
            dst[2] = s[0];
            dst[3] = s[3];
        }
    }
}
