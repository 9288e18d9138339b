/* test_render: canvas maths, PNG round trips and atomic writes, text, the view golden
 * (a hand-built 12 x 8 floor with every tile kind the film shows), the tile cache
 * giving the same bytes as no cache, and contact sheet paging.
 * Set DELVE_UPDATE_GOLDEN=1 to rewrite tests/golden/render-small.png (look at it
 * before committing). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "codecs/png.h"
#include "engine/station.h"
#include "engine/world.h"
#include "gen/gen.h"
#include "render/canvas.h"
#include "render/frame.h"
#include "render/sheet.h"
#include "render/text.h"

#define GOLDEN_SMALL "tests/golden/render-small.png"
#define GOLDEN_FLUIDS "tests/golden/render-fluids.png"

static rgba px_at(const canvas *c, int x, int y)
{
    rgba p;
    memcpy(&p, canvas_at(c, x, y), 4);
    return p;
}

static void assert_px(const canvas *c, int x, int y, int r, int g, int b, int a)
{
    rgba p = px_at(c, x, y);
    if (p.r != r || p.g != g || p.b != b || p.a != a)
        fail_msg("pixel (%d, %d) is (%d, %d, %d, %d), wanted (%d, %d, %d, %d)", x, y, p.r,
                 p.g, p.b, p.a, r, g, b, a);
}

/* --- canvas ------------------------------------------------------------------ */

static void test_blend_exact(void **state)
{
    (void)state;
    canvas c;
    assert_int_equal(canvas_init(&c, 2, 1, NULL), DELVE_OK);
    canvas_clear(&c, (rgba){ 0, 0, 255, 255 });
    canvas_blend_px(&c, 0, 0, (rgba){ 255, 0, 0, 128 });
    assert_px(&c, 0, 0, 128, 0, 127, 255);
    assert_px(&c, 1, 0, 0, 0, 255, 255);
    canvas_blend_rect(&c, 0, 0, 2, 1, (rgba){ 255, 255, 255, 0 });  /* alpha 0: nothing */
    assert_px(&c, 1, 0, 0, 0, 255, 255);
    canvas_blend_rect(&c, 1, 0, 5, 5, (rgba){ 10, 20, 30, 255 });   /* opaque: a copy */
    assert_px(&c, 1, 0, 10, 20, 30, 255);
    /* onto transparent: the colour keeps its own values and alpha */
    canvas t;
    assert_int_equal(canvas_init(&t, 1, 1, NULL), DELVE_OK);
    canvas_blend_px(&t, 0, 0, (rgba){ 200, 100, 50, 128 });
    assert_px(&t, 0, 0, 200, 100, 50, 128);
    canvas_free(&t);
    canvas_free(&c);
}

static void test_fill_clips(void **state)
{
    (void)state;
    canvas c;
    assert_int_equal(canvas_init(&c, 3, 3, NULL), DELVE_OK);
    canvas_fill_rect(&c, -2, -2, 4, 4, (rgba){ 9, 8, 7, 255 });
    assert_px(&c, 0, 0, 9, 8, 7, 255);
    assert_px(&c, 1, 1, 9, 8, 7, 255);
    assert_px(&c, 2, 0, 0, 0, 0, 0);
    assert_px(&c, 0, 2, 0, 0, 0, 0);
    canvas_fill_rect(&c, 3, 0, 5, 5, (rgba){ 1, 1, 1, 255 });   /* wholly outside */
    canvas_fill_rect(&c, 0, -9, 3, 2, (rgba){ 1, 1, 1, 255 });
    canvas_fill_rect(&c, 1, 1, 0, 2, (rgba){ 1, 1, 1, 255 });   /* empty */
    canvas_blend_rect(&c, 2, 2, 100, 100, (rgba){ 50, 60, 70, 255 });
    assert_px(&c, 2, 2, 50, 60, 70, 255);
    assert_px(&c, 2, 1, 0, 0, 0, 0);
    canvas v = canvas_view(&c, 1, 1, 10, 10);                   /* clipped view */
    assert_int_equal(v.w, 2);
    assert_int_equal(v.h, 2);
    canvas_fill_rect(&v, -1, -1, 2, 2, (rgba){ 5, 5, 5, 255 });
    assert_px(&c, 1, 1, 5, 5, 5, 255);
    assert_px(&c, 0, 0, 9, 8, 7, 255);
    canvas_free(&c);
    canvas bad;
    assert_int_equal(canvas_init(&bad, 0, 5, NULL), DELVE_ELIMIT);
    assert_int_equal(canvas_init(&bad, CANVAS_MAX_SIDE + 1, 5, NULL), DELVE_ELIMIT);
}

/* canvas_claim zeroes every pixel of a canvas, and of a view only the view's. */
static void test_claim(void **state)
{
    (void)state;
    canvas c;
    assert_int_equal(canvas_init(&c, 5, 4, NULL), DELVE_OK);
    canvas_fill_rect(&c, 0, 0, 5, 4, (rgba){ 9, 8, 7, 255 });
    canvas v = canvas_view(&c, 1, 1, 3, 2);
    canvas_claim(&v);
    for (int y = 0; y < 4; y++)
        for (int x = 0; x < 5; x++) {
            int in = x >= 1 && x <= 3 && y >= 1 && y <= 2;
            assert_px(&c, x, y, in ? 0 : 9, in ? 0 : 8, in ? 0 : 7, in ? 0 : 255);
        }
    canvas_claim(&c);
    for (int y = 0; y < 4; y++)
        for (int x = 0; x < 5; x++)
            assert_px(&c, x, y, 0, 0, 0, 0);
    canvas_free(&c);
}

/* An "F" in red, with x in green and y in blue so flips and transposes show. */
static void make_f(canvas *c)
{
    static const char *F[4] = { "XXXX", "X...", "XXX.", "X..." };
    for (int y = 0; y < 4; y++)
        for (int x = 0; x < 4; x++) {
            rgba p = { F[y][x] == 'X' ? 255 : 0, (uint8_t)(x * 60), (uint8_t)(y * 60), 255 };
            memcpy(canvas_at(c, x, y), &p, 4);
        }
}

static void test_blit_scaled(void **state)
{
    (void)state;
    canvas src, dst, up;
    assert_int_equal(canvas_init(&src, 4, 4, NULL), DELVE_OK);
    assert_int_equal(canvas_init(&dst, 2, 2, NULL), DELVE_OK);
    make_f(&src);
    canvas_blit_scaled(&dst, &src, 0, 0, 2, 2);
    /* red: 3, 2, 3, 1 lit of 4; green: x means 30 / 150; blue: y means 30 / 150 */
    assert_px(&dst, 0, 0, 191, 30, 30, 255);
    assert_px(&dst, 1, 0, 128, 150, 30, 255);
    assert_px(&dst, 0, 1, 191, 30, 150, 255);
    assert_px(&dst, 1, 1, 64, 150, 150, 255);
    /* upscale is nearest: 2 x 2 back to 4 x 4 repeats each pixel */
    assert_int_equal(canvas_init(&up, 4, 4, NULL), DELVE_OK);
    canvas_blit_scaled(&up, &dst, 0, 0, 4, 4);
    assert_px(&up, 3, 0, 128, 150, 30, 255);
    assert_px(&up, 2, 3, 64, 150, 150, 255);
    /* clipped: drawn half outside, the inside part lands where it belongs */
    canvas_clear(&up, (rgba){ 0, 0, 0, 0 });
    canvas_blit_scaled(&up, &src, -2, -2, 4, 4);
    assert_px(&up, 0, 0, 255, 120, 120, 255); /* src (2, 2), lit in the F */
    assert_px(&up, 2, 0, 0, 0, 0, 0);
    canvas_free(&src);
    canvas_free(&dst);
    canvas_free(&up);
}

static void test_blit_clips(void **state)
{
    (void)state;
    canvas src, dst;
    assert_int_equal(canvas_init(&src, 4, 4, NULL), DELVE_OK);
    assert_int_equal(canvas_init(&dst, 3, 3, NULL), DELVE_OK);
    make_f(&src);
    canvas_blit(&dst, &src, 1, -1, 0);
    assert_px(&dst, 1, 0, 255, 0, 60, 255);   /* src (0, 1) */
    assert_px(&dst, 2, 1, 255, 60, 120, 255); /* src (1, 2) */
    assert_px(&dst, 0, 0, 0, 0, 0, 0);
    canvas_free(&src);
    canvas_free(&dst);
}

/* xorshift32 for the tests' random pictures. */
static uint32_t next_rand(uint32_t *x)
{
    *x ^= *x << 13, *x ^= *x >> 17, *x ^= *x << 5;
    return *x;
}

static void fill_random(canvas *c, uint32_t *x, int opaque)
{
    for (int y = 0; y < c->h; y++)
        for (int i = 0; i < c->w * 4; i++)
            canvas_at(c, 0, y)[i] = opaque && i % 4 == 3 ? 255 : (uint8_t)next_rand(x);
}

/* canvas_blit_row is n canvas_blit calls in order: tiles of the step's width (its fast
 * path), narrower and wider ones, missing ones, cut at every edge, steps from 1 to 33. */
static void test_blit_row_as_blits(void **state)
{
    (void)state;
    uint32_t x = 99;
    enum { N = 9 };
    for (int round = 0; round < 400; round++) {
        int step = 1 + (int)(next_rand(&x) % 33), h = 1 + (int)(next_rand(&x) % 30);
        canvas tiles[N], want, got;
        const canvas *row[N];
        for (int k = 0; k < N; k++) {
            int odd = next_rand(&x) % 5 == 0, w = odd ? 1 + (int)(next_rand(&x) % 40) : step;
            assert_int_equal(canvas_init(&tiles[k], w, odd ? 1 + (int)(next_rand(&x) % 30) : h,
                                         NULL), DELVE_OK);
            fill_random(&tiles[k], &x, 0);
            row[k] = next_rand(&x) % 9 == 0 ? NULL : &tiles[k];
        }
        int cw = 1 + (int)(next_rand(&x) % 200), ch = 1 + (int)(next_rand(&x) % 40);
        int px = (int)(next_rand(&x) % 300) - 100, py = (int)(next_rand(&x) % 60) - 30;
        assert_int_equal(canvas_init(&want, cw, ch, NULL), DELVE_OK);
        assert_int_equal(canvas_init(&got, cw, ch, NULL), DELVE_OK);
        uint32_t y0 = x;
        fill_random(&want, &x, 0);
        x = y0;
        fill_random(&got, &x, 0);
        for (int k = 0; k < N; k++)
            if (row[k])
                canvas_blit(&want, row[k], px + k * step, py, 0);
        canvas_blit_row(&got, row, N, px, py, step);
        assert_memory_equal(got.px, want.px, (size_t)cw * (size_t)ch * 4);
        for (int k = 0; k < N; k++)
            canvas_free(&tiles[k]);
        canvas_free(&want);
        canvas_free(&got);
    }
}

/* Source-over on opaque pixels, as canvas_blend_rect and canvas_blend_mask do it eight at
 * a time in 16-bit lanes, equals the formula in 32 bits for every destination byte and
 * alpha: div255(c a + d (255 - a)). */
static void test_blend_opaque_every_alpha(void **state)
{
    (void)state;
    canvas c;
    uint8_t mask[256];
    assert_int_equal(canvas_init(&c, 256, 2, NULL), DELVE_OK);
    for (int i = 0; i < 256; i++)
        mask[i] = (uint8_t)(255 - i);
    const uint8_t cols[3][3] = { { 0, 128, 255 }, { 255, 1, 77 }, { 13, 254, 200 } };
    for (int k = 0; k < 3; k++)
        for (int a = 0; a < 256; a += 1) {
            rgba col = { cols[k][0], cols[k][1], cols[k][2], (uint8_t)a };
            for (int i = 0; i < 256; i++) { /* destination byte i in every channel */
                rgba d = { (uint8_t)i, (uint8_t)(255 - i), (uint8_t)(i * 3), 255 };
                memcpy(canvas_at(&c, i, 0), &d, 4);
                memcpy(canvas_at(&c, i, 1), &d, 4);
            }
            canvas_blend_rect(&c, 0, 0, 256, 1, col);        /* one alpha */
            canvas_blend_mask(&c, 0, 1, mask, 256, 1, 256, col); /* a mask: a x (255 - i) */
            for (int i = 0; i < 256; i++)
                for (int r = 0; r < 2; r++) {
                    uint32_t aa = r ? canvas_div255((uint32_t)a * mask[i]) : (uint32_t)a;
                    uint8_t d[3] = { (uint8_t)i, (uint8_t)(255 - i), (uint8_t)(i * 3) };
                    uint8_t want[4];
                    for (int ch = 0; ch < 3; ch++)
                        want[ch] = canvas_div255(cols[k][ch] * aa + d[ch] * (255 - aa));
                    want[3] = 255;
                    if (memcmp(canvas_at(&c, i, r), want, 4))
                        fail_msg("colour %d alpha %d row %d pixel %d", k, a, r, i);
                }
        }
    canvas_free(&c);
}

/* A picture kept as runs is put back byte for byte: flat bands, runs just below, at and
 * above CANVAS_RUN_MIN, noise, a colour whose alpha alternates, one column, a view with a
 * wider stride; the store is
 * reused by the next keep, and a canvas of another size is left alone. */
static void test_runs_put_back(void **state)
{
    (void)state;
    uint32_t x = 7;
    canvas_runs r = { 0 };
    const int sizes[][2] = { { 1, 1 }, { 320, 720 }, { 37, 5 }, { 1, 40 }, { 9, 3 } };
    for (size_t s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        int w = sizes[s][0], h = sizes[s][1];
        canvas big, pic;
        assert_int_equal(canvas_init(&big, w + 3, h, NULL), DELVE_OK);
        pic = canvas_view(&big, 1, 0, w, h);
        for (int y = 0; y < h; y++) {
            uint8_t *p = canvas_at(&pic, 0, y);
            for (int i = 0; i < w;) {
                int n = 1 + (int)(next_rand(&x) % (y % 3 == 0 ? 3 : 20));
                uint32_t v = y % 4 == 1 ? next_rand(&x) % 3 : next_rand(&x);
                for (int k = 0; k < n && i < w; k++, i++)
                    memcpy(p + 4 * i, y % 5 == 4 ? (uint32_t[]){ next_rand(&x) } : &v, 4);
            }
            for (int i = 0; y % 7 == 2 && i < w; i++) /* one colour, alphas apart */
                memcpy(p + 4 * i, (uint8_t[]){ 40, 50, 60, (uint8_t)(255 - i % 2) }, 4);
        }
        assert_int_equal(canvas_runs_keep(&r, &pic, NULL), DELVE_OK);
        canvas back;
        assert_int_equal(canvas_init(&back, w, h, NULL), DELVE_OK);
        fill_random(&back, &x, 0);
        canvas_runs_put(&back, &r);
        for (int y = 0; y < h; y++)
            assert_memory_equal(canvas_at(&back, 0, y), canvas_at(&pic, 0, y), (size_t)w * 4);
        canvas other;
        assert_int_equal(canvas_init(&other, w + 1, h, NULL), DELVE_OK);
        canvas_runs_put(&other, &r); /* another size: nothing */
        for (int i = 0; i < (w + 1) * h * 4; i++)
            assert_int_equal(other.px[i], 0);
        canvas_free(&other);
        canvas_free(&back);
        canvas_free(&big);
    }
    canvas_runs_free(&r);
    canvas_runs_free(&r); /* twice is fine */
}

/* --- png ---------------------------------------------------------------------- */

static void make_pattern(canvas *c)
{
    for (int y = 0; y < c->h; y++)
        for (int x = 0; x < c->w; x++) {
            rgba p = { (uint8_t)(x * 7), (uint8_t)(y * 11), (uint8_t)((x ^ y) * 3),
                       (uint8_t)(255 - (x + y) % 200) };
            memcpy(canvas_at(c, x, y), &p, 4);
        }
}

/* Decodes png and asserts it is exactly c's pixels. */
static void assert_png_is(const uint8_t *png, size_t len, const canvas *c)
{
    png_image im;
    assert_int_equal(png_decode(png, len, "encoded", PNG_READ_MAX_SIDE, PNG_READ_SPNG_ONLY,
                                &im, NULL), DELVE_OK);
    uint8_t *back = im.px;
    assert_int_equal(im.w, c->w);
    assert_int_equal(im.h, c->h);
    for (int y = 0; y < c->h; y++)
        assert_memory_equal(back + (size_t)y * (size_t)c->w * 4, canvas_at(c, 0, y),
                            (size_t)c->w * 4);
    png_image_free(&im);
}

static void test_png_round_trip(void **state)
{
    (void)state;
    canvas c;
    assert_int_equal(canvas_init(&c, 37, 23, NULL), DELVE_OK);
    make_pattern(&c);
    uint8_t *png = NULL;
    size_t len = 0;
    assert_int_equal(png_encode(&c, &png, &len, NULL), DELVE_OK);
    assert_int_equal(c.w, 37);
    assert_png_is(png, len, &c);
    free(png);
    canvas_free(&c);
}

/* The same pixels give the same bytes, and a view (stride wider than its rows)
 * encodes its own pixels only. */
static void test_png_bytes_stable_and_views(void **state)
{
    (void)state;
    canvas b;
    assert_int_equal(canvas_init(&b, 300, 200, NULL), DELVE_OK);
    make_pattern(&b);
    canvas_fill_rect(&b, 10, 10, 100, 50, (rgba){ 1, 2, 3, 255 });
    uint8_t *p1 = NULL, *p2 = NULL;
    size_t l1 = 0, l2 = 0;
    assert_int_equal(png_encode(&b, &p1, &l1, NULL), DELVE_OK);
    assert_int_equal(png_encode(&b, &p2, &l2, NULL), DELVE_OK);
    assert_int_equal(l1, l2);
    assert_memory_equal(p1, p2, l1);
    free(p1);
    free(p2);
    canvas v = canvas_view(&b, 5, 7, 20, 9);
    uint8_t *png = NULL;
    size_t len = 0;
    assert_int_equal(png_encode(&v, &png, &len, NULL), DELVE_OK);
    assert_int_equal(v.w, 20);
    assert_int_equal(v.h, 9);
    assert_png_is(png, len, &v);
    free(png);
    canvas_free(&b);
}

static int count_entries(const char *dir)
{
    DIR *d = opendir(dir);
    int n = 0;
    struct dirent *e;
    while (d && (e = readdir(d)))
        n += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
    if (d)
        closedir(d);
    return n;
}

static void test_png_write_atomic(void **state)
{
    (void)state;
    char dir[] = "/tmp/delve-test-render-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char file[256], missing[256];
    snprintf(file, sizeof file, "%s/frame.png", dir);
    snprintf(missing, sizeof missing, "%s/no/such/dir/frame.png", dir);
    canvas c;
    assert_int_equal(canvas_init(&c, 16, 9, NULL), DELVE_OK);
    make_pattern(&c);
    delve_err err = { "" };
    assert_int_equal(png_write(file, &c, &err), DELVE_OK);
    assert_int_equal(png_write(file, &c, &err), DELVE_OK);  /* replaces in place */
    assert_int_equal(count_entries(dir), 1);                /* no temporary left */
    png_image back;
    assert_int_equal(png_load(file, PNG_READ_MAX_SIDE, 0, &back, NULL), DELVE_OK);
    assert_memory_equal(back.px, c.px, (size_t)16 * 9 * 4);
    png_image_free(&back);
    assert_int_equal(png_write(missing, &c, &err), DELVE_EIO);
    assert_non_null(strstr(err.msg, missing));
    assert_non_null(strstr(err.msg, "No such file"));
    assert_int_equal(count_entries(dir), 1);
    unlink(file);
    rmdir(dir);
    canvas_free(&c);
}

/* --- text ----------------------------------------------------------------------- */

static void test_text_draws(void **state)
{
    (void)state;
    text_ctx *t = NULL;
    delve_err err = { "" };
    if (text_open(&t, NULL, &err) != DELVE_OK)
        fail_msg("text_open: %s", err.msg);
    canvas c;
    assert_int_equal(canvas_init(&c, 160, 40, NULL), DELVE_OK);
    canvas_clear(&c, (rgba){ 0, 0, 0, 255 });
    int w = text_draw(&c, t, 4, 4, 16, TEXT_SANS, (rgba){ 255, 255, 255, 255 }, "Ash 23/30");
    assert_true(w > 0);
    assert_int_equal(w, text_width(t, 16, TEXT_SANS, "Ash 23/30"));
    int changed = 0;
    for (int y = 0; y < c.h; y++)
        for (int x = 0; x < c.w; x++)
            changed += px_at(&c, x, y).r != 0;
    assert_true(changed > 40);
    /* cached second draw gives the same pixels; other styles draw too */
    canvas d;
    assert_int_equal(canvas_init(&d, 160, 40, NULL), DELVE_OK);
    canvas_clear(&d, (rgba){ 0, 0, 0, 255 });
    text_draw(&d, t, 4, 4, 16, TEXT_SANS, (rgba){ 255, 255, 255, 255 }, "Ash 23/30");
    assert_memory_equal(c.px, d.px, (size_t)160 * 40 * 4);
    assert_true(text_draw(&d, t, 4, 20, 12, TEXT_MONO, (rgba){ 255, 0, 0, 255 }, "0123") > 0);
    assert_true(text_draw(&d, t, -50, -50, 12, TEXT_BOLD, (rgba){ 255, 0, 0, 255 }, "clip") > 0);
    assert_int_equal(text_draw(&d, t, 0, 0, 12, TEXT_SANS, (rgba){ 255, 0, 0, 255 }, ""), 0);
    char buf[32];
    text_fit(t, 12, TEXT_SANS, 40, "a caption far too long for forty pixels", buf, sizeof buf);
    assert_true(text_width(t, 12, TEXT_SANS, buf) <= 40);
    assert_non_null(strstr(buf, "..."));
    /* cut between words, never inside a number: with room for "...Ash +1..." alone, a
       cut inside "+14" would read "+1...": the caption stops after "Ash" */
    char heal[96];
    int hw = text_width(t, 12, TEXT_SANS, "The font heals: Ash +1...");
    text_fit(t, 12, TEXT_SANS, hw, "The font heals: Ash +14 Bryn +14 Cato +12", heal,
             sizeof heal);
    assert_string_equal(heal, "The font heals: Ash...");
    text_fit(t, 12, TEXT_SANS, 30, "Alexandrina", heal, sizeof heal); /* one word: inside */
    assert_true(text_width(t, 12, TEXT_SANS, heal) <= 30);
    assert_non_null(strstr(heal, "..."));
    canvas_free(&c);
    canvas_free(&d);
    text_close(t);
}

/* fontconfig finds DejaVu Sans; a character DejaVu Sans Mono lacks (U+01C4, in DejaVu
 * Sans 2.37 of Debian's fonts-dejavu-core but not in its Mono) is drawn in the mono
 * style with DejaVu Sans, the first font fontconfig lists for DejaVu Sans that has it,
 * instead of Mono's "missing" box. */
static void test_text_fallback(void **state)
{
    (void)state;
    char file[1024];
    delve_err err = { "" };
    if (text_find_font("DejaVu Sans", file, sizeof file, &err) != DELVE_OK)
        fail_msg("text_find_font: %s", err.msg);
    assert_non_null(strstr(file, "DejaVuSans.ttf"));
    text_ctx *t = NULL;
    assert_int_equal(text_open(&t, NULL, &err), DELVE_OK);
    const char *dz = "\xC7\x84";   /* U+01C4, DZ with caron */
    int sans = text_width(t, 16, TEXT_SANS, dz), x = text_width(t, 16, TEXT_MONO, "x");
    assert_true(sans > 0 && sans != x);     /* Mono's box would be one cell, x's width */
    assert_int_equal(text_width(t, 16, TEXT_MONO, dz), sans);
    assert_int_equal(text_width(t, 16, TEXT_MONO, "x\xC7\x84x"), 2 * x + sans);
    canvas a, b;
    assert_int_equal(canvas_init(&a, 60, 30, NULL), DELVE_OK);
    assert_int_equal(canvas_init(&b, 60, 30, NULL), DELVE_OK);
    rgba white = { 255, 255, 255, 255 };
    assert_int_equal(text_draw(&a, t, 2, 2, 16, TEXT_MONO, white, dz), sans);
    assert_int_equal(text_draw(&b, t, 2, 2, 16, TEXT_SANS, white, dz), sans);
    assert_memory_equal(a.px, b.px, (size_t)60 * 30 * 4);  /* same ascent in both fonts */
    int lit = 0;
    for (int i = 0; i < 60 * 30; i++)
        lit += a.px[i * 4 + 3] != 0;
    assert_true(lit > 20);
    canvas_free(&a);
    canvas_free(&b);
    text_close(t);
}

static void test_text_missing_font(void **state)
{
    (void)state;
    text_ctx *t = NULL;
    delve_err err = { "" };
    assert_int_equal(text_open(&t, "/no/such/font.ttf", &err), DELVE_EINPUT);
    assert_null(t);
    assert_non_null(strstr(err.msg, "/no/such/font.ttf"));
}

/* --- view ----------------------------------------------------------------------- */

/* The 12 x 8 test floor: a room (walls, floor), a door, a walled corridor; things are
 * placed by build_small below. */
static const char *SMALL_MAP[8] = {
    "########    ",
    "#......#    ",
    "#......#####",
    "#......+,,,#",
    "#......###,#",
    "#......# #,#",
    "######## #,#",
    "         #,#",
};

static void put_map(dfloor *f, const char *const *rows)
{
    for (int y = 0; y < f->h; y++)
        for (int x = 0; x < f->w; x++) {
            char ch = rows[y][x];
            floor_set(f, x, y, ch == '#' ? T_WALL : ch == '.' ? T_FLOOR : ch == ',' ? T_CORRIDOR
                              : ch == '+' ? T_DOOR : T_ROCK);
        }
}

/* A world filled in by hand (no world_init): two floors of 12 x 8; on the first a
 * closed pit, an open pit, a hidden pit, a ready font, a spent drip bench, a ready
 * nutrient tap, a lift and a ladder, entrance and goal; the party of two beside the
 * pit at Day 1 08:14. */
static void build_small(world *w)
{
    memset(w, 0, sizeof *w);
    assert_int_equal(dungeon_init(&w->dg, 42, 2, NULL), DELVE_OK);
    for (int i = 0; i < 2; i++) {
        dfloor *f = &w->dg.floors[i];
        assert_int_equal(floor_init(f, i, 12, 8, NULL), DELVE_OK);
        put_map(f, SMALL_MAP);
    }
    dfloor *f = &w->dg.floors[0];
    int64_t now = WORLD_START_S + 14 * 60;
    f->entrance_x = 1, f->entrance_y = 3;
    f->goal_x = 10, f->goal_y = 7;
    assert_int_equal(floor_add_pit(f, (pit){ .x = 4, .y = 3 }, NULL), DELVE_OK);
    assert_int_equal(floor_add_pit(f, (pit){ .x = 10, .y = 5, .open = 1 }, NULL), DELVE_OK);
    assert_int_equal(floor_add_pit(f, (pit){ .x = 5, .y = 5, .hidden = 1 }, NULL), DELVE_OK);
    station font = { 3, 1, 0, -1, LOOK_FONT, STATION_NEVER_USED };
    station bench = { 6, 4, 1, 0, LOOK_DRIP_BENCH, now - 3600 };
    station tap = { 1, 1, -1, 0, LOOK_NUTRIENT_TAP, STATION_NEVER_USED };
    assert_int_equal(floor_add_station(f, font, NULL), DELVE_OK);
    assert_int_equal(floor_add_station(f, bench, NULL), DELVE_OK);
    assert_int_equal(floor_add_station(f, tap, NULL), DELVE_OK);
    assert_int_equal(floor_add_way(f, (way){ WAY_LIFT, 1, 5, 1, 1, 5 }, NULL), DELVE_OK);
    assert_int_equal(floor_add_way(f, (way){ WAY_LADDER, 6, 1, 1, 6, 1 }, NULL), DELVE_OK);
    assert_int_equal(party_add(&w->party, "Ash", 30, 12, 15, NULL), DELVE_OK);
    assert_int_equal(party_add(&w->party, "Bryn", 24, 20, 0, NULL), DELVE_OK);
    w->party.m[0].health = 23;
    w->floor = 0;
    w->x_cm = 2 * 200 + 100;
    w->y_cm = 3 * 200 + 100;
    w->clock_s = now;
    w->phase = PHASE_IDLE;
    dungeon_stack(&w->dg);
}

static void render_small(canvas *c, const world *w, frame_cache *vc)
{
    frame_opts o = frame_defaults();
    o.hud = 0;
    o.whole_floor = 1;
    o.zoom = 24;
    o.t_ms = 500;
    o.cache = vc;
    int fw = 0, fh = 0;
    frame_floor_size(&w->dg.floors[0], o.zoom, &fw, &fh);
    assert_int_equal(fw, 288);
    assert_int_equal(fh, 192);
    assert_int_equal(canvas_init(c, fw, fh, NULL), DELVE_OK);
    delve_err err = { "" };
    if (frame_render(c, w, &o, NULL, &err) != DELVE_OK)
        fail_msg("frame_render: %s", err.msg);
}

/* c's pixels equal the golden's at path, and c encodes to a PNG of those pixels (DELVE_UPDATE_GOLDEN=1 rewrites
 * it first: only after looking at the new picture). */
static void check_golden(const char *file, const canvas *c)
{
    uint8_t *png = NULL;
    size_t len = 0;
    assert_int_equal(png_encode(c, &png, &len, NULL), DELVE_OK);
    const char *update = getenv("DELVE_UPDATE_GOLDEN");
    if (update && *update == '1') {
        delve_err err = { "" };
        if (png_write(file, c, &err) != DELVE_OK)
            fail_msg("%s", err.msg);
    }
    png_image gim;
    delve_err gerr = { "" };
    if (png_load(file, PNG_READ_MAX_SIDE, 0, &gim, &gerr) != DELVE_OK)
        fail_msg("%s (run with DELVE_UPDATE_GOLDEN=1 to make it)", gerr.msg);
    const uint8_t *gold = gim.px;
    assert_int_equal(gim.w, c->w);
    assert_int_equal(gim.h, c->h);
    for (int i = 0; i < c->w * c->h; i++)
        if (memcmp(gold + 4 * i, c->px + 4 * i, 4) != 0)
            fail_msg("pixel (%d, %d) differs from %s", i % c->w, i / c->w, file);
    /* the encoding: the same bytes twice (libdeflate at a fixed level is deterministic)
     * and the same pixels read back; the golden's own bytes may come from an older
     * writer (the pixels are what a golden fixes) */
    uint8_t *again = NULL;
    size_t again_len = 0;
    assert_int_equal(png_encode(c, &again, &again_len, NULL), DELVE_OK);
    assert_int_equal(again_len, len);
    assert_memory_equal(again, png, len);
    png_image back;
    assert_int_equal(png_decode(png, len, file, 0, 0, &back, NULL), DELVE_OK);
    assert_int_equal(back.w, c->w);
    assert_int_equal(back.h, c->h);
    assert_memory_equal(back.px, gold, (size_t)c->w * (size_t)c->h * 4);
    png_image_free(&back);
    free(again);
    png_image_free(&gim);
    free(png);
}

static void test_view_golden(void **state)
{
    (void)state;
    world w;
    build_small(&w);
    frame_cache *vc = frame_cache_new();
    canvas c;
    render_small(&c, &w, vc);
    check_golden(GOLDEN_SMALL, &c);
    canvas_free(&c);
    frame_cache_free(vc);
    dungeon_free(&w.dg);
}

/* Fluids, bridges over each, crates, a cave and its door (spec doomrl.md looks). */
static const char *FLUID_MAP[10] = {
    "####################",
    "#....~~~~~....%%%%%#",
    "#..~~~~~~~~~..%...%#",
    "#..~~~:::~~~..%...%#",
    "#.....:::.....+...%#",
    "#.XX..===.....%%%%%#",
    "#.XX.=====..&&&&&..#",
    "#....==:==..&&:&&..#",
    "#.....===...&&:&&..#",
    "####################",
};

static void build_fluids(world *w)
{
    memset(w, 0, sizeof *w);
    assert_int_equal(dungeon_init(&w->dg, 42, 1, NULL), DELVE_OK);
    dfloor *f = &w->dg.floors[0];
    assert_int_equal(floor_init(f, 0, 20, 10, NULL), DELVE_OK);
    static const char GLYPH[] = "#.~=&:X%+";
    static const terrain T[] = { T_WALL, T_FLOOR, T_WATER, T_ACID, T_LAVA, T_BRIDGE,
                                 T_BOX, T_CAVE_WALL, T_DOOR };
    for (int y = 0; y < 10; y++)
        for (int x = 0; x < 20; x++)
            floor_set(f, x, y, T[strchr(GLYPH, FLUID_MAP[y][x]) - GLYPH]);
    w->x_cm = 1 * 200 + 100;
    w->y_cm = 8 * 200 + 100;
    dungeon_stack(&w->dg);
}

static void render_fluids(canvas *c, const world *w, uint32_t t_ms)
{
    frame_opts o = frame_defaults();
    o.hud = 0, o.whole_floor = 1, o.zoom = 24, o.t_ms = t_ms;
    assert_int_equal(canvas_init(c, 480, 240, NULL), DELVE_OK);
    assert_int_equal(frame_render(c, w, &o, NULL, NULL), DELVE_OK);
}

/* Mean of one channel over square (sx, sy) at zoom 24. */
static int square_mean(const canvas *c, int sx, int sy, int ch)
{
    int sum = 0;
    for (int y = 0; y < 24; y++)
        for (int x = 0; x < 24; x++)
            sum += canvas_at(c, sx * 24 + x, sy * 24 + y)[ch];
    return sum / (24 * 24);
}

static int square_same(const canvas *a, const canvas *b, int sx, int sy)
{
    for (int y = 0; y < 24; y++)
        if (memcmp(canvas_at(a, sx * 24, sy * 24 + y), canvas_at(b, sx * 24, sy * 24 + y), 24 * 4))
            return 0;
    return 1;
}

static void test_view_fluids(void **state)
{
    (void)state;
    world w;
    build_fluids(&w);
    canvas a, b;
    render_fluids(&a, &w, 500);
    check_golden(GOLDEN_FLUIDS, &a);
    /* each fluid reads as its colour: water blue, acid green, lava red */
    assert_true(square_mean(&a, 8, 1, 2) > square_mean(&a, 8, 1, 0) + 60);
    assert_true(square_mean(&a, 6, 6, 1) > square_mean(&a, 6, 6, 0) + 60);
    assert_true(square_mean(&a, 12, 6, 0) > square_mean(&a, 12, 6, 2) + 80);
    /* alive: a quarter second later the fluids moved and the plain floor did not */
    render_fluids(&b, &w, 750);
    assert_false(square_same(&a, &b, 8, 1));
    assert_false(square_same(&a, &b, 6, 6));
    assert_false(square_same(&a, &b, 12, 6));
    assert_true(square_same(&a, &b, 2, 2));
    assert_true(square_same(&a, &b, 16, 2));
    /* lava lights the floor beside it: more red than with the lava gone */
    canvas_free(&b);
    for (int y = 6; y < 9; y++)
        for (int x = 11; x < 18; x++)
            if (floor_at(&w.dg.floors[0], x, y) == T_LAVA)
                floor_set(&w.dg.floors[0], x, y, T_FLOOR);
    render_fluids(&b, &w, 500);
    int warm_lit = square_mean(&a, 17, 7, 0) - square_mean(&a, 17, 7, 2);
    int warm_dark = square_mean(&b, 17, 7, 0) - square_mean(&b, 17, 7, 2);
    assert_true(warm_lit > warm_dark + 12);
    assert_true(square_same(&a, &b, 2, 2)); /* far from the lava: untouched */
    canvas_free(&a);
    canvas_free(&b);
    dungeon_free(&w.dg);
}

/* A 48 x 72 px view of the fluids' floor from (cx_px, cy_px) of the floor at zoom 24. */
static void render_window(canvas *c, const world *w, int cx_px, int cy_px)
{
    frame_opts o = frame_defaults();
    o.hud = 0, o.follow = 0, o.cam_floor = 0, o.zoom = 24, o.t_ms = 500;
    o.cam_x_cm = cx_px * FLOOR_SQUARE_CM / 24, o.cam_y_cm = cy_px * FLOOR_SQUARE_CM / 24;
    assert_int_equal(canvas_init(c, 48, 72, NULL), DELVE_OK);
    assert_int_equal(frame_render(c, w, &o, NULL, NULL), DELVE_OK);
}

/* Lava one square outside the view, left or right of it, still lights the ground inside
 * it: the view of columns 17-18 (lava at 16) and of 10-11 (lava from 12) each differ
 * from the same view with that column of lava turned to floor. */
static void test_lava_glow_from_outside(void **state)
{
    (void)state;
    const int view_x[2] = { 17 * 24 + 24, 10 * 24 + 24 }, lava_x[2] = { 16, 12 };
    for (int k = 0; k < 2; k++) {
        world w;
        build_fluids(&w);
        canvas a, b;
        render_window(&a, &w, view_x[k], 7 * 24 + 12);
        for (int y = 6; y < 9; y++)
            if (floor_at(&w.dg.floors[0], lava_x[k], y) == T_LAVA)
                floor_set(&w.dg.floors[0], lava_x[k], y, T_FLOOR);
        render_window(&b, &w, view_x[k], 7 * 24 + 12);
        assert_memory_not_equal(a.px, b.px, (size_t)a.stride * (size_t)a.h);
        canvas_free(&a);
        canvas_free(&b);
        dungeon_free(&w.dg);
    }
}

/* Seed 4's top floor (a pit, patrol packs) grown by 5 squares left and 3 on top: every
 * thing and route square moved with its squares, ways from below point at the same
 * squares, the pit lands on the same square, and the rendered floor is the old one
 * shifted by the margin (seed 001: routes left unshifted ended up inside rock). */
static void test_grow_floor(void **state)
{
    (void)state;
    gen_opts o = gen_defaults(4);
    dungeon a, b;
    assert_int_equal(gen_dungeon(&o, &a, NULL), DELVE_OK);
    assert_int_equal(gen_dungeon(&o, &b, NULL), DELVE_OK);
    assert_int_equal(grow_floor(&b, 0, 5, 3, NULL), DELVE_OK);
    const dfloor *fa = &a.floors[0], *fb = &b.floors[0];
    assert_int_equal(fb->w, fa->w + 5);
    assert_int_equal(fb->h, fa->h + 3);
    assert_true(fa->patrol_count > 0 && fa->pit_count > 0);
    for (int p = 0; p < fb->patrol_count; p++)
        for (int j = 0; j < fb->patrols[p].count; j++) {
            int x = fb->patrols[p].x[j], y = fb->patrols[p].y[j];
            assert_true(floor_walkable(fb, x, y));
            assert_int_equal(floor_at(fb, x, y), floor_at(fa, x - 5, y - 3));
        }
    for (int i = 0; i < fb->monster_count; i++)
        assert_true(floor_walkable(fb, fb->monsters[i].x, fb->monsters[i].y));
    for (int j = 0; j < b.floors[1].way_count; j++) {
        const way *wa = &a.floors[1].ways[j], *wb = &b.floors[1].ways[j];
        if (wb->to_floor == 0) {
            assert_int_equal(wb->to_x, wa->to_x + 5);
            assert_int_equal(wb->to_y, wa->to_y + 3);
            assert_int_equal(floor_way_at(fb, wb->to_x, wb->to_y) >= 0, 1);
        }
    }
    int ax, ay, bx, by;
    const pit *pa = &fa->pits[0], *pb = &fb->pits[0];
    assert_int_equal(dungeon_below(&a, 0, pa->x, pa->y, &ax, &ay), 1);
    assert_int_equal(dungeon_below(&b, 0, pb->x, pb->y, &bx, &by), 1);
    assert_int_equal(bx, ax);
    assert_int_equal(by, ay);
    assert_int_equal(dungeon_fall_cm(&b, 0, pb->x, pb->y), dungeon_fall_cm(&a, 0, pa->x, pa->y));
    assert_int_equal(b.datum_cm[1], a.datum_cm[1]);
    /* the picture: the old floor, shifted by the margin */
    party p = { 0 };
    assert_int_equal(party_add(&p, "Ash", 30, 12, 15, NULL), DELVE_OK);
    world wa, wb;
    assert_int_equal(world_init(&wa, &a, &p, NULL), DELVE_OK);
    assert_int_equal(world_init(&wb, &b, &p, NULL), DELVE_OK);
    frame_opts vo = frame_defaults();
    vo.hud = 0, vo.whole_floor = 1, vo.zoom = 8;
    canvas ca, cb;
    assert_int_equal(canvas_init(&ca, 64 * 8, 40 * 8, NULL), DELVE_OK);
    assert_int_equal(canvas_init(&cb, 69 * 8, 43 * 8, NULL), DELVE_OK);
    assert_int_equal(frame_render(&ca, &wa, &vo, NULL, NULL), DELVE_OK);
    assert_int_equal(frame_render(&cb, &wb, &vo, NULL, NULL), DELVE_OK);
    for (int y = 0; y < ca.h; y++)
        if (memcmp(canvas_at(&ca, 0, y), canvas_at(&cb, 5 * 8, y + 3 * 8), (size_t)ca.w * 4))
            fail_msg("row %d of the grown floor differs from the old one shifted", y);
    canvas_free(&ca);
    canvas_free(&cb);
    world_free(&wa);
    world_free(&wb);
}

/* No cache, a fresh cache and a cache used at another zoom first: the same bytes. */
static void test_view_cache_same_bytes(void **state)
{
    (void)state;
    world w;
    build_small(&w);
    canvas a, b, cc;
    frame_cache *vc = frame_cache_new();
    render_small(&a, &w, NULL);
    render_small(&b, &w, vc);
    frame_opts o = frame_defaults();
    o.hud = 0, o.zoom = 12, o.cache = vc;
    canvas tmp;
    assert_int_equal(canvas_init(&tmp, 100, 80, NULL), DELVE_OK);
    assert_int_equal(frame_render(&tmp, &w, &o, NULL, NULL), DELVE_OK);
    render_small(&cc, &w, vc);
    assert_memory_equal(a.px, b.px, (size_t)a.w * a.h * 4);
    assert_memory_equal(a.px, cc.px, (size_t)a.w * a.h * 4);
    canvas_free(&a);
    canvas_free(&b);
    canvas_free(&cc);
    canvas_free(&tmp);
    frame_cache_free(vc);
    dungeon_free(&w.dg);
}

/* Frames at another time differ only where things move (pit glow, motes); the HUD
 * needs text; the tube replaces the map; a bad floor is refused. */
static void test_view_frames(void **state)
{
    (void)state;
    world w;
    build_small(&w);
    frame_cache *vc = frame_cache_new();
    canvas a, b;
    assert_int_equal(canvas_init(&a, 1280, 720, NULL), DELVE_OK);
    assert_int_equal(canvas_init(&b, 1280, 720, NULL), DELVE_OK);
    frame_opts o = frame_defaults();
    o.cache = vc;
    delve_err err = { "" };
    assert_int_equal(frame_render(&a, &w, &o, NULL, &err), DELVE_EINPUT);
    o.hud = 0;
    o.t_ms = 0;
    assert_int_equal(frame_render(&a, &w, &o, NULL, &err), DELVE_OK);
    o.t_ms = 800;
    assert_int_equal(frame_render(&b, &w, &o, NULL, &err), DELVE_OK);
    assert_memory_not_equal(a.px, b.px, (size_t)1280 * 720 * 4);
    assert_px(&a, 0, 0, 7, 7, 9, 255);  /* a small floor is centred in the void */
    w.phase = PHASE_TUBE;  /* tick 0: the plates give way, still the map */
    w.tube_tick = 0;
    o.t_ms = 0;
    assert_int_equal(frame_render(&b, &w, &o, NULL, &err), DELVE_OK);
    assert_memory_not_equal(a.px, b.px, (size_t)1280 * 720 * 4);
    assert_px(&b, 0, 0, 7, 7, 9, 255);
    w.tube_tick = 2;       /* in the tube: the shaft fills the map area */
    assert_int_equal(frame_render(&b, &w, &o, NULL, &err), DELVE_OK);
    assert_px(&b, 0, 0, 0, 0, 0, 255);
    assert_memory_not_equal(a.px, b.px, (size_t)1280 * 720 * 4);
    o.follow = 0;
    o.cam_floor = 5;
    assert_int_equal(frame_render(&b, &w, &o, NULL, &err), DELVE_EINPUT);
    canvas_free(&a);
    canvas_free(&b);
    frame_cache_free(vc);
    dungeon_free(&w.dg);
}

/* The world of a generated dungeon (seed, floors; every other setting its default)
 * with a party of one. */
static void seed_world(uint64_t seed, int floors, world *w)
{
    gen_opts go = gen_defaults(seed);
    go.floors = floors;
    dungeon d;
    assert_int_equal(gen_dungeon(&go, &d, NULL), DELVE_OK);
    party p = { 0 };
    assert_int_equal(party_add(&p, "Ash", 30, 12, 15, NULL), DELVE_OK);
    assert_int_equal(world_init(w, &d, &p, NULL), DELVE_OK);
}

/* At 32 floors, looking at floor 12 with the party on 1: "(party on 1)" goes under the
 * floor line instead of into the clock, so the clock's box is drawn as when the party's
 * own floor is shown; and a title too long for the panel takes a second line instead of
 * ending in "...": the floor line's band shows the title's second line. */
static void test_hud_no_overlap(void **state)
{
    (void)state;
    world w;
    seed_world(9, 32, &w);
    text_ctx *t = NULL;
    delve_err err = { "" };
    if (text_open(&t, NULL, &err) != DELVE_OK)
        fail_msg("text_open: %s", err.msg);
    canvas a, b;
    assert_int_equal(canvas_init(&a, 1280, 720, NULL), DELVE_OK);
    assert_int_equal(canvas_init(&b, 1280, 720, NULL), DELVE_OK);
    frame_opts o = frame_defaults();
    o.title = "Seed 9";
    assert_int_equal(frame_render(&a, &w, &o, t, &err), DELVE_OK);
    o.follow = 0, o.cam_floor = 11;
    assert_int_equal(frame_render(&b, &w, &o, t, &err), DELVE_OK);
    for (int y = 40; y < 68; y++) /* the clock: x 1150..1263 */
        if (memcmp(canvas_at(&a, 1150, y), canvas_at(&b, 1150, y), 114 * 4))
            fail_msg("row %d of the clock differs: the floor line ran into it", y);
    o.follow = 1;
    o.title = "A title far too long for the panel of three hundred and twenty px";
    assert_int_equal(frame_render(&b, &w, &o, t, &err), DELVE_OK);
    int moved = 0; /* "Floor 1 of 32" of the one-line title's frame, x 976..1149 */
    for (int y = 46; y < 66; y++)
        moved += memcmp(canvas_at(&a, 976, y), canvas_at(&b, 976, y), 174 * 4) != 0;
    assert_true(moved > 10); /* the title's second line is there now */
    canvas_free(&a);
    canvas_free(&b);
    text_close(t);
    world_free(&w);
}

/* The kept HUD panel: a frame whose HUD reads the same as the last one's puts that
 * panel back, and every input the panel shows, changed alone, draws it anew; either
 * way the frame is the one drawn without a cache, byte for byte. */
static void test_hud_kept(void **state)
{
    (void)state;
    world w;
    seed_world(58, 3, &w);
    text_ctx *t = NULL;
    delve_err err = { "" };
    if (text_open(&t, NULL, &err) != DELVE_OK)
        fail_msg("text_open: %s", err.msg);
    canvas want, got;
    assert_int_equal(canvas_init(&want, 1280, 720, NULL), DELVE_OK);
    assert_int_equal(canvas_init(&got, 1280, 720, NULL), DELVE_OK);
    frame_cache *vc = frame_cache_new();
    const char *recent[] = { "The party sets out", "Ash falls 7 m" };
    frame_opts o = frame_defaults();
    o.title = "Kept panels", o.caption = "A caption", o.recent = recent, o.recent_count = 1;
    long drawn, kept;
    for (int step = 0; step < 11; step++) {
        switch (step) { /* 0, 1: the same; then one input each, then that one again */
        case 2: w.party.m[0].health -= 3; break;
        case 4: w.clock_s += 60; break;
        case 5: o.caption = "Another caption"; break;
        case 6: o.recent_count = 2; break;
        case 7: o.title = "Kept panels!"; break;
        case 8: w.party.m[0].power -= 1; break;
        case 9: o.follow = 0, o.cam_floor = 1; break;
        case 10: w.clock_s += 1; break; /* the minute the clock shows stays */
        }
        o.cache = NULL;
        assert_int_equal(frame_render(&want, &w, &o, t, &err), DELVE_OK);
        o.cache = vc;
        memset(got.px, step & 1 ? 0xff : 0, (size_t)got.stride * (size_t)got.h);
        assert_int_equal(frame_render(&got, &w, &o, t, &err), DELVE_OK);
        for (int y = 0; y < want.h; y++)
            if (memcmp(canvas_at(&want, 0, y), canvas_at(&got, 0, y), (size_t)want.w * 4))
                fail_msg("step %d: row %d differs from the frame drawn without a cache", step, y);
    }
    frame_cache_hud_counts(vc, &drawn, &kept);
    assert_int_equal(drawn, 8); /* steps 0, 2, 4, 5, 6, 7, 8, 9 */
    assert_int_equal(kept, 3);  /* steps 1, 3, 10 */
    frame_cache_free(vc);
    canvas_free(&want);
    canvas_free(&got);
    text_close(t);
    world_free(&w);
}

/* Each of the viewer's layers draws something on seed 4 (sunk and raised rooms, patrol
 * packs, a pit, ways, rooms; one check mark, one compare difference and two tide squares
 * given), and only on the map: with every layer off the frame is the plain one. */
static void test_view_layers(void **state)
{
    (void)state;
    world w;
    seed_world(4, 3, &w);
    frame_mark mark = { .floor = 0, .x = 10, .y = 10, .error = 1 };
    const dfloor *f0 = &w.dg.floors[0];
    uint8_t *tide = calloc((size_t)f0->w * (size_t)f0->h, 1);
    assert_non_null(tide);
    tide[12 * f0->w + 12] = FRAME_TIDE_NOW;
    tide[12 * f0->w + 14] = FRAME_TIDE_HIGH;
    canvas plain, lay;
    assert_int_equal(canvas_init(&plain, 64 * 8, 40 * 8, NULL), DELVE_OK);
    assert_int_equal(canvas_init(&lay, 64 * 8, 40 * 8, NULL), DELVE_OK);
    size_t bytes = (size_t)plain.w * plain.h * 4;
    for (int bit = 0; bit < FRAME_OV_COUNT; bit++) {
        int changed = 0;
        assert_int_equal(w.dg.floor_count, 3);
        for (int f = 0; f < w.dg.floor_count; f++) {
            frame_opts o = frame_defaults();
            o.hud = 0, o.whole_floor = 1, o.zoom = 8, o.follow = 0, o.cam_floor = f;
            o.marks = &mark, o.mark_count = 1;
            o.diffs = &mark, o.diff_count = 1;
            o.tide = tide, o.tide_floor = 0;
            assert_int_equal(frame_render(&plain, &w, &o, NULL, NULL), DELVE_OK);
            o.overlays = 1u << bit;
            assert_int_equal(frame_render(&lay, &w, &o, NULL, NULL), DELVE_OK);
            changed += memcmp(plain.px, lay.px, bytes) != 0;
        }
        if (!changed)
            fail_msg("layer %d drew nothing on any floor of seed 4", bit);
    }
    free(tide);
    canvas_free(&plain);
    canvas_free(&lay);
    world_free(&w);
}

/* --- sheet ---------------------------------------------------------------------- */

static void test_sheet_pages(void **state)
{
    (void)state;
    sheet_opts o = { .title = "t", .seed = 7, .floors = 3, .total_frames = 9 };
    int rows = sheet_rows_per_page(&o);
    int cell_h = 180 + SHEET_STRIP_H + PARTY_MAX * (SHEET_BAR_H + SHEET_BAR_GAP);
    assert_true(SHEET_HEADER_H + SHEET_GUTTER + rows * (cell_h + SHEET_GUTTER) <= SHEET_MAX_SIDE);
    assert_true(SHEET_HEADER_H + SHEET_GUTTER + (rows + 1) * (cell_h + SHEET_GUTTER) > SHEET_MAX_SIDE);
    assert_int_equal(sheet_cells_per_page(&o), rows * 6);

    text_ctx *t = NULL;
    delve_err err = { "" };
    if (text_open(&t, NULL, &err) != DELVE_OK)
        fail_msg("text_open: %s", err.msg);
    canvas thumb, big;
    assert_int_equal(canvas_init(&thumb, 320, 180, NULL), DELVE_OK);
    canvas_clear(&thumb, (rgba){ 90, 40, 40, 255 });
    assert_int_equal(canvas_init(&big, 640, 360, NULL), DELVE_OK);  /* scaled down */
    canvas_clear(&big, (rgba){ 20, 100, 60, 255 });
    sheet_cell cells[7];
    memset(cells, 0, sizeof cells);
    for (int i = 0; i < 7; i++) {
        cells[i].thumb = i == 3 ? NULL : i == 6 ? &big : &thumb;
        cells[i].frame_no = i + 1;
        cells[i].time_s = WORLD_START_S + i * 60;
        snprintf(cells[i].caption, sizeof cells[i].caption, "step %d", i + 1);
        cells[i].member_count = 1;
        cells[i].health[0] = 30 - i;
        cells[i].max_health[0] = 30;
    }
    o.members = 1;
    canvas s;
    assert_int_equal(sheet_render(&s, &o, cells, 7, 1, 1, t, &err), DELVE_OK);
    assert_int_equal(s.w, 8 + 6 * 328);
    assert_int_equal(s.h, SHEET_HEADER_H + 8 + 2 * (180 + SHEET_STRIP_H + 6 + 8));
    /* the first thumbnail sits under the header at the gutter */
    assert_px(&s, 8, SHEET_HEADER_H + 8, 90, 40, 40, 255);
    int row2 = SHEET_HEADER_H + 8 + 180 + SHEET_STRIP_H + 6 + 8;
    assert_px(&s, 8 + 100, row2 + 100, 20, 100, 60, 255);
    assert_px(&s, 8 + 3 * 328 + 2, SHEET_HEADER_H + 8 + 2, 36, 36, 42, 255); /* missing */
    canvas_free(&s);
    o.columns = 1;
    assert_int_equal(sheet_render(&s, &o, cells, sheet_rows_per_page(&o) + 1, 1, 1, t, &err),
                     DELVE_ELIMIT);
    canvas_free(&thumb);
    canvas_free(&big);
    text_close(t);
}

/* png_read: the pixels back, a hostile header refused before decoding, not-a-PNG. */
static void test_png_read_limits(void **state)
{
    (void)state;
    canvas c, back;
    assert_int_equal(canvas_init(&c, 4, 3, NULL), DELVE_OK);
    make_pattern(&c);
    const char *good = "build-test-read.png", *huge = "build-test-huge.png";
    assert_int_equal(png_write(good, &c, NULL), DELVE_OK);
    assert_int_equal(png_read(good, &back, NULL), DELVE_OK);
    assert_int_equal(back.w, 4);
    assert_int_equal(back.h, 3);
    for (int y = 0; y < 3; y++)
        assert_memory_equal(canvas_at(&back, 0, y), canvas_at(&c, 0, y), 16);
    canvas_free(&back);
    uint8_t *png = NULL;
    size_t len = 0;
    assert_int_equal(png_encode(&c, &png, &len, NULL), DELVE_OK);
    png[16] = 0x00, png[17] = 0x01, png[18] = 0x86, png[19] = 0xA0; /* width 100000 */
    FILE *fp = fopen(huge, "wb");
    assert_non_null(fp);
    assert_int_equal(fwrite(png, 1, len, fp), len);
    fclose(fp);
    delve_err err = { "" };
    assert_int_equal(png_read(huge, &back, &err), DELVE_ELIMIT);
    assert_non_null(strstr(err.msg, "100000 x 3 is past the limit (16384 a side"));
    assert_int_equal(png_read("tests/CMakeLists.txt", &back, &err), DELVE_EINPUT);
    assert_non_null(strstr(err.msg, "not a PNG"));
    free(png);
    unlink(good);
    unlink(huge);
    canvas_free(&c);
}

/* Wrapped lines break at spaces, never before a signed number: "Cato -11" stays whole. */
static void test_breaks_at(void **state)
{
    (void)state;
    const char *s = "Bryn -14 Cato +11 a - b 12";
    assert_int_equal(text_breaks_at(s, 4), 0);   /* before "-14" */
    assert_int_equal(text_breaks_at(s, 8), 1);   /* after it, before "Cato" */
    assert_int_equal(text_breaks_at(s, 13), 0);  /* before "+11" */
    assert_int_equal(text_breaks_at(s, 19), 1);  /* before a lone "-" */
    assert_int_equal(text_breaks_at(s, 21), 1);  /* after it */
    assert_int_equal(text_breaks_at(s, 23), 1);  /* before an unsigned "12" */
    assert_int_equal(text_breaks_at(s, 1), 0);   /* not a space */
    assert_int_equal(text_breaks_at("a -", 1), 1); /* a '-' at the end */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_breaks_at),
        cmocka_unit_test(test_blend_exact),
        cmocka_unit_test(test_fill_clips),
        cmocka_unit_test(test_claim),
        cmocka_unit_test(test_blit_scaled),
        cmocka_unit_test(test_blit_clips),
        cmocka_unit_test(test_blit_row_as_blits),
        cmocka_unit_test(test_blend_opaque_every_alpha),
        cmocka_unit_test(test_runs_put_back),
        cmocka_unit_test(test_png_round_trip),
        cmocka_unit_test(test_png_bytes_stable_and_views),
        cmocka_unit_test(test_png_read_limits),
        cmocka_unit_test(test_png_write_atomic),
        cmocka_unit_test(test_text_draws),
        cmocka_unit_test(test_text_fallback),
        cmocka_unit_test(test_text_missing_font),
        cmocka_unit_test(test_view_golden),
        cmocka_unit_test(test_hud_no_overlap),
        cmocka_unit_test(test_hud_kept),
        cmocka_unit_test(test_view_layers),
        cmocka_unit_test(test_view_fluids),
        cmocka_unit_test(test_lava_glow_from_outside),
        cmocka_unit_test(test_grow_floor),
        cmocka_unit_test(test_view_cache_same_bytes),
        cmocka_unit_test(test_view_frames),
        cmocka_unit_test(test_sheet_pages),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
