/* test_yuv: codecs/yuv's I420 and BGRA against exact bytes of a small asymmetric
 * fixture (odd sides, so the dropped last column and row show), against a slow
 * per-pixel reference on a larger canvas seen through a view (a stride past its width),
 * the 2:1 path of canvas_blit_scaled against the box means it must equal, and the
 * halved BGRA --video's GIF frames take against that path. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "codecs/yuv.h"
#include "render/canvas.h"

static void put(canvas *c, int x, int y, int r, int g, int b)
{
    uint8_t *p = canvas_at(c, x, y);
    p[0] = (uint8_t)r, p[1] = (uint8_t)g, p[2] = (uint8_t)b, p[3] = 255;
}

/* 5 x 3: red, green, blue, white over black, grey, yellow, cyan; the fifth column and
 * the third row are what I420 leaves out (magenta and dark grey, never seen). */
static void make_fixture(canvas *c)
{
    static const uint8_t ROWS[2][5][3] = {
        { { 255, 0, 0 }, { 0, 255, 0 }, { 0, 0, 255 }, { 255, 255, 255 }, { 255, 0, 255 } },
        { { 0, 0, 0 }, { 128, 128, 128 }, { 255, 255, 0 }, { 0, 255, 255 }, { 9, 9, 9 } },
    };
    canvas_clear(c, (rgba){ 200, 10, 90, 255 });
    for (int y = 0; y < 2; y++)
        for (int x = 0; x < 5; x++)
            put(c, x, y, ROWS[y][x][0], ROWS[y][x][1], ROWS[y][x][2]);
}

static void test_i420_fixture(void **state)
{
    (void)state;
    canvas c;
    assert_int_equal(canvas_init(&c, 5, 3, NULL), DELVE_OK);
    make_fixture(&c);
    assert_int_equal(yuv_i420_size(5, 3), 12);
    uint8_t out[13];
    memset(out, 0xEE, sizeof out);
    yuv_i420(out, &c);
    /* Y row 0, Y row 1 (black 16, white 235, red 82: BT.601's limited range), then U of
       the two 2 x 2 blocks, then V */
    static const uint8_t WANT[12] = { 82, 144, 41, 235, 16, 126, 210, 169, 100, 137, 132, 100 };
    assert_memory_equal(out, WANT, sizeof WANT);
    assert_int_equal(out[12], 0xEE); /* nothing past the picture */
    canvas_free(&c);
}

static int floor_div(int a, int b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }

/* The definition, one value at a time: luma from each pixel, chroma from each 2 x 2
 * block's sums, rounded to nearest. */
static void i420_reference(uint8_t *dst, const canvas *c)
{
    int w = c->w & ~1, h = c->h & ~1;
    uint8_t *u = dst + w * h, *v = u + w * h / 4;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            const uint8_t *p = canvas_at(c, x, y);
            dst[y * w + x] = (uint8_t)(floor_div(66 * p[0] + 129 * p[1] + 25 * p[2] + 128, 256) + 16);
        }
    for (int y = 0; y < h; y += 2)
        for (int x = 0; x < w; x += 2) {
            int s[3] = { 0, 0, 0 };
            for (int k = 0; k < 4; k++)
                for (int ch = 0; ch < 3; ch++)
                    s[ch] += canvas_at(c, x + k % 2, y + k / 2)[ch];
            int i = (y / 2) * (w / 2) + x / 2;
            u[i] = (uint8_t)(floor_div(112 * s[2] - 38 * s[0] - 74 * s[1] + 512, 1024) + 128);
            v[i] = (uint8_t)(floor_div(112 * s[0] - 94 * s[1] - 18 * s[2] + 512, 1024) + 128);
        }
}

static void fill_noise(canvas *c, uint32_t seed)
{
    for (int y = 0; y < c->h; y++)
        for (int x = 0; x < c->w; x++) {
            seed = seed * 1664525u + 1013904223u;
            put(c, x, y, (int)(seed >> 24), (int)(seed >> 16) & 255, (int)(seed >> 8) & 255);
        }
}

/* A view w wide of a noise canvas with every extreme a channel can take, against the
 * reference: 67 (66 even: the AVX2 steps of 16 pixels where the CPU has it, else SSE2's
 * of 8, and the scalar loop for the last 2) and 91 (an SSE2 step after the AVX2 ones). */
static void i420_case(int w)
{
    canvas big;
    assert_int_equal(canvas_init(&big, w + 3, 41, NULL), DELVE_OK);
    fill_noise(&big, 7);
    /* every extreme a channel can take, for the rounding at the ends of the ranges */
    for (int x = 0; x < 8; x++)
        put(&big, 3 + x, 2, x & 1 ? 255 : 0, x & 2 ? 255 : 0, x & 4 ? 255 : 0);
    canvas c = canvas_view(&big, 3, 2, w, 39); /* rows farther apart than it is wide */
    size_t n = yuv_i420_size(c.w, c.h);
    uint8_t *got = malloc(n), *want = malloc(n);
    assert_non_null(got);
    assert_non_null(want);
    yuv_i420(got, &c);
    i420_reference(want, &c);
    assert_memory_equal(got, want, n);
    free(got);
    free(want);
    canvas_free(&big);
}

static void test_i420_matches_reference(void **state)
{
    (void)state;
    i420_case(67);
    i420_case(91);
}

static void test_bgra(void **state)
{
    (void)state;
    canvas big;
    assert_int_equal(canvas_init(&big, 4, 2, NULL), DELVE_OK);
    put(&big, 1, 0, 10, 20, 30);
    put(&big, 2, 0, 40, 50, 60);
    put(&big, 1, 1, 70, 80, 90);
    canvas c = canvas_view(&big, 1, 0, 2, 2);
    uint8_t out[17];
    out[16] = 0xEE;
    yuv_bgra(out, &c);
    static const uint8_t WANT[16] = { 30, 20, 10, 255, 60, 50, 40, 255,
                                      90, 80, 70, 255, 0, 0, 0, 0 };
    assert_memory_equal(out, WANT, sizeof WANT);
    assert_int_equal(out[16], 0xEE);
    canvas_free(&big);
}

/* canvas_blit_scaled of a k times larger noise source (one alpha not 255) into the
 * rw x rh rectangle at (x, y) of a dw x dh canvas, clipped: each pixel inside the
 * rounded mean of its k x k box, alpha too; each outside left as it was. */
static void box_case(int k, int dw, int dh, int x, int y, int rw, int rh, uint32_t seed)
{
    canvas src, dst;
    int n = k * k;
    assert_int_equal(canvas_init(&src, rw * k, rh * k, NULL), DELVE_OK);
    assert_int_equal(canvas_init(&dst, dw, dh, NULL), DELVE_OK);
    fill_noise(&src, seed);
    canvas_at(&src, 3, 1)[3] = 3;
    memset(dst.px, 0xEE, (size_t)dst.stride * (size_t)dst.h);
    canvas_blit_scaled(&dst, &src, x, y, rw, rh);
    for (int j = 0; j < dh; j++)
        for (int i = 0; i < dw; i++)
            for (int c = 0; c < 4; c++) {
                int sx = (i - x) * k, sy = (j - y) * k, sum = 0;
                if (j - y >= rh || i - x >= rw || i < x || j < y) { /* outside it */
                    assert_int_equal(canvas_at(&dst, i, j)[c], 0xEE);
                    continue;
                }
                for (int b = 0; b < n; b++)
                    sum += canvas_at(&src, sx + b % k, sy + b / k)[c];
                assert_int_equal(canvas_at(&dst, i, j)[c], (sum + n / 2) / n);
            }
    canvas_free(&src);
    canvas_free(&dst);
}

/* A source exactly twice the rectangle (--video's GIF frames), clipped on the left,
 * and four times it (the sheet's thumbnails), clipped on top, and both unclipped. */
static void test_blit_boxes(void **state)
{
    (void)state;
    box_case(2, 5, 3, -1, 0, 6, 4, 99);
    box_case(4, 6, 4, 0, -1, 6, 4, 7);  /* the last row below the rectangle */
    box_case(2, 7, 5, 2, 1, 3, 3, 3);   /* inside, a margin all round */
    box_case(4, 3, 3, 0, 0, 3, 3, 5);
}

/* yuv_bgra_half against what it stands for, canvas_blit_scaled into a canvas half the
 * size and yuv_bgra of that: a noise source seen through a view (rows farther apart than
 * its width), odd sides (the last column and row left out), a width whose half is no
 * multiple of four (the pixels after the vector loop), one alpha not 255. */
static void test_bgra_half(void **state)
{
    (void)state;
    canvas big, half;
    assert_int_equal(canvas_init(&big, 40, 17, NULL), DELVE_OK);
    fill_noise(&big, 11);
    canvas_at(&big, 5, 3)[3] = 7;
    canvas c = canvas_view(&big, 1, 1, 31, 15), even = canvas_view(&c, 0, 0, 30, 14);
    assert_int_equal(canvas_init(&half, 15, 7, NULL), DELVE_OK);
    canvas_blit_scaled(&half, &even, 0, 0, 15, 7);
    size_t n = 15 * 7 * 4;
    uint8_t *got = malloc(n + 1), *want = malloc(n);
    assert_non_null(got);
    assert_non_null(want);
    got[n] = 0xEE;
    yuv_bgra(want, &half);
    yuv_bgra_half(got, &c);
    assert_memory_equal(got, want, n);
    assert_int_equal(got[n], 0xEE);
    free(got);
    free(want);
    canvas_free(&half);
    canvas_free(&big);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_i420_fixture),
        cmocka_unit_test(test_i420_matches_reference),
        cmocka_unit_test(test_bgra),
        cmocka_unit_test(test_blit_boxes),
        cmocka_unit_test(test_bgra_half),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
