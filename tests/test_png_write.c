/* test_png_write: codecs/png's writer gives, byte for byte, the file plain stb_image_write
 * makes with its deflate handed to ISA-L's igzip (level 0) and every row but the first
 * filtered "up" (without ISA-L: libdeflate at level 1, every row "none"): 8-bit RGB for
 * an opaque canvas (from the pixels packed here the obvious way), RGBA for any other; and
 * the file reads back as the same pixels. On canvases of odd sizes and strides, random,
 * opaque and flat pixels, 1 x 1 and a rendered floor. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>

#include <libdeflate.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#ifdef DELVE_ISAL
#include <isa-l/igzip_lib.h>
#endif

#include "codecs/png.h"
#include "engine/world.h"
#include "films/film.h"
#include "gen/gen.h"
#include "render/frame.h"

#ifdef DELVE_ISAL
#define REF_FILTER 2 /* "up" */

/* stb's zlib hook: igzip at level 0, into ample room. */
static unsigned char *ref_zlib(unsigned char *data, int len, int *out_len, int quality)
{
    (void)quality;
    size_t cap = (size_t)len * 2 + 4096;
    unsigned char *out = malloc(cap);
    struct isal_zstream z;
    memset(&z, 0, sizeof z); /* isal_deflate_stateless_init sets only some fields */
    isal_deflate_stateless_init(&z);
    z.level = 0;
    z.gzip_flag = IGZIP_ZLIB;
    z.next_in = data;
    z.avail_in = (uint32_t)len;
    z.next_out = out;
    z.avail_out = (uint32_t)cap;
    z.end_of_stream = 1;
    assert_int_equal(isal_deflate_stateless(&z), COMP_OK);
    *out_len = (int)z.total_out;
    return out;
}
#else
#define REF_FILTER 0 /* "none" */

/* stb's zlib hook: libdeflate at level 1. */
static unsigned char *ref_zlib(unsigned char *data, int len, int *out_len, int quality)
{
    (void)quality;
    struct libdeflate_compressor *z = libdeflate_alloc_compressor(1);
    size_t cap = libdeflate_zlib_compress_bound(z, (size_t)len);
    unsigned char *out = malloc(cap);
    *out_len = (int)libdeflate_zlib_compress(z, data, (size_t)len, out, cap);
    libdeflate_free_compressor(z);
    return out;
}
#endif

#define STBIW_ZLIB_COMPRESS ref_zlib
#define STBI_WRITE_NO_STDIO
#define STB_IMAGE_WRITE_STATIC
#define STB_IMAGE_WRITE_IMPLEMENTATION
#if defined(__GNUC__)
#pragma GCC diagnostic ignored "-Wunused-function"
#endif
#include "stb_image_write.h"

/* Is every alpha byte of c 255? */
static int opaque(const canvas *c)
{
    for (int y = 0; y < c->h; y++)
        for (int x = 0; x < c->w; x++)
            if (c->px[(size_t)y * (size_t)c->stride + (size_t)x * 4 + 3] != 255)
                return 0;
    return 1;
}

/* png_encode's bytes equal stb's for c (RGB when opaque, else RGBA), and read back as
 * c's pixels. */
static void same_as_stb(const canvas *c, int want_rgb)
{
    assert_int_equal(opaque(c), want_rgb);
    stbi_write_force_png_filter = REF_FILTER;
    int n = 0;
    unsigned char *want, *rgb = malloc((size_t)c->w * (size_t)c->h * 3);
    assert_non_null(rgb);
    for (int y = 0; y < c->h; y++)
        for (int x = 0; x < c->w; x++)
            for (int i = 0; i < 3; i++)
                rgb[((size_t)y * (size_t)c->w + (size_t)x) * 3 + (size_t)i] =
                    c->px[(size_t)y * (size_t)c->stride + (size_t)x * 4 + (size_t)i];
    if (want_rgb)
        want = stbi_write_png_to_mem(rgb, c->w * 3, c->w, c->h, 3, &n);
    else
        want = stbi_write_png_to_mem(c->px, c->stride, c->w, c->h, 4, &n);
    uint8_t *got = NULL;
    size_t len = 0;
    assert_int_equal(png_encode(c, &got, &len, NULL), DELVE_OK);
    assert_non_null(want);
    assert_int_equal(len, (size_t)n);
    assert_memory_equal(got, want, len);
    assert_int_equal(got[25], want_rgb ? 2 : 6); /* IHDR's colour type */
    png_image im;
    assert_int_equal(png_decode(got, len, "got", 0, 0, &im, NULL), DELVE_OK);
    assert_int_equal(im.w, c->w);
    assert_int_equal(im.h, c->h);
    for (int y = 0; y < c->h; y++)
        assert_memory_equal(im.px + (size_t)y * (size_t)c->w * 4,
                            c->px + (size_t)y * (size_t)c->stride, (size_t)c->w * 4);
    png_image_free(&im);
    free(got);
    free(want);
    free(rgb);
}

/* A w x h view with stride bytes a row over random bytes (a fixed xorshift); opaque:
 * every alpha 255; flat: one colour. */
static void random_canvas(int w, int h, int stride, uint32_t seed, int flat, int opaq)
{
    uint8_t *px = malloc((size_t)stride * (size_t)h);
    uint32_t x = seed;
    for (size_t i = 0; i < (size_t)stride * (size_t)h; i++) {
        x ^= x << 13, x ^= x >> 17, x ^= x << 5;
        px[i] = flat ? (uint8_t)(i % 4 == 3 ? 255 : 40 + i % 4)
                     : (uint8_t)(opaq && i % 4 == 3 ? 255 : x);
    }
    canvas c = { .w = w, .h = h, .stride = stride, .px = px };
    same_as_stb(&c, flat || opaq);
    free(px);
}

static void test_random_and_flat(void **state)
{
    (void)state;
    random_canvas(1, 1, 4, 7, 0, 0);
    random_canvas(1, 1, 4, 7, 0, 1);
    random_canvas(37, 23, 37 * 4, 11, 0, 0);       /* rows not a multiple of 16 bytes */
    random_canvas(37, 23, 37 * 4, 11, 0, 1);
    random_canvas(41, 9, 41 * 4 + 12, 13, 0, 0);   /* a padded stride */
    random_canvas(41, 9, 41 * 4 + 12, 13, 0, 1);
    random_canvas(64, 64, 256, 17, 1, 1);          /* flat: long matches */
    random_canvas(3, 200, 12, 19, 0, 0);
    random_canvas(1, 300, 4, 23, 0, 1);            /* one pixel a row */
}

/* Opaque but for the last pixel: the writer packs RGB up to it, then writes RGBA. */
static void test_last_pixel_not_opaque(void **state)
{
    (void)state;
    uint8_t px[5 * 4 * 4];
    for (size_t i = 0; i < sizeof px; i++)
        px[i] = i % 4 == 3 ? 255 : (uint8_t)(i * 7);
    px[3 * 5 * 4 + 3 * 4 + 3] = 254; /* (3, 3); the padding after it stays 255 */
    canvas c = { .w = 4, .h = 4, .stride = 5 * 4, .px = px };
    same_as_stb(&c, 0);
}

/* One alpha of 254 anywhere in a row (in each 4-pixel group packed at once, and in the
 * pixels after them) makes the file RGBA; none makes it RGB. */
static void test_one_pixel_not_opaque(void **state)
{
    (void)state;
    enum { W = 37, H = 3 };
    uint8_t px[W * H * 4];
    for (int x = -1; x < W; x++) {
        for (size_t i = 0; i < sizeof px; i++)
            px[i] = i % 4 == 3 ? 255 : (uint8_t)(i * 13 + 5);
        if (x >= 0)
            px[(W + x) * 4 + 3] = 254; /* row 1 */
        canvas c = { .w = W, .h = H, .stride = W * 4, .px = px };
        same_as_stb(&c, x < 0);
    }
}

/* A w x h canvas with a padded stride over px (stride * h bytes): opaque or not, and
 * one alpha of 254 at (hole_x, hole_y) unless hole_x is -1. */
static canvas hole_canvas(uint8_t *px, int w, int h, int opaq, int hole_x, int hole_y)
{
    int stride = w * 4 + 8;
    for (size_t i = 0; i < (size_t)stride * (size_t)h; i++)
        px[i] = (uint8_t)(i % 4 == 3 && opaq ? 255 : i * 131 + i / 7);
    if (hole_x >= 0) /* one alpha not 255: the file is RGBA */
        px[(size_t)hole_y * (size_t)stride + (size_t)hole_x * 4 + 3] = 254;
    return (canvas){ .w = w, .h = h, .stride = stride, .px = px };
}

/* png_write (over a file already there) and png_write_new (a new file; it refuses one
 * already there) write png_encode's bytes of the canvas, opaque (packed to RGB a row at
 * a time) or not, and leave the canvas as it was. */
static void write_same_hole(int w, int h, int opaq, int hole_x, int hole_y)
{
    size_t n = (size_t)(w * 4 + 8) * (size_t)h;
    uint8_t *px = malloc(n), *was = malloc(n);
    assert_true(px && was);
    canvas c = hole_canvas(px, w, h, opaq, hole_x, hole_y);
    memcpy(was, px, n);
    uint8_t *want = NULL;
    size_t want_len = 0;
    assert_int_equal(png_encode(&c, &want, &want_len, NULL), DELVE_OK);
    char tmp[] = "/tmp/test_png_write.XXXXXX";
    int fd = mkstemp(tmp);
    assert_true(fd >= 0);
    close(fd);
    for (int fresh = 0; fresh < 2; fresh++) {
        assert_int_equal(fresh ? png_write_new(tmp, &c, NULL) : png_write(tmp, &c, NULL),
                         DELVE_OK);
        assert_memory_equal(px, was, n);
        FILE *f = fopen(tmp, "rb");
        assert_non_null(f);
        uint8_t *got = malloc(want_len + 1);
        assert_int_equal(fread(got, 1, want_len + 1, f), want_len);
        fclose(f);
        assert_memory_equal(got, want, want_len);
        free(got);
        if (!fresh) /* there now: a fresh write refuses it, then goes to a new file */
            assert_int_equal(png_write_new(tmp, &c, NULL), DELVE_EIO);
        unlink(tmp);
    }
    free(want);
    free(was);
    free(px);
}

static void write_same(int w, int h, int opaq) { write_same_hole(w, h, opaq, -1, -1); }

static void test_write_same_bytes(void **state)
{
    (void)state;
    write_same_hole(64, 9, 1, 63, 8); /* the last pixel: after the pairs checked at once */
    write_same_hole(63, 9, 1, 62, 8); /* an odd width's last pixel */
    write_same_hole(64, 9, 1, 20, 4); /* inside a pair */
    write_same(37, 23, 1);
    write_same(37, 23, 0);
    write_same(1, 5, 1);
}

/* Fills the stack below the caller's frame with 16-bit halves of value v (small values
 * pass a library's range checks, so they are read as settings). */
__attribute__((noinline)) static void dirty_stack(uint32_t v)
{
    volatile uint32_t junk[1 << 16];
    for (size_t i = 0; i < sizeof junk / sizeof junk[0]; i++)
        junk[i] = v * 0x00010001u;
}

/* png_encode of c where an earlier call left halves of value v on the stack: they must
 * not change the file (igzip read a window size it never set: 357 or 720 bytes). */
__attribute__((noinline)) static size_t encode_over(const canvas *c, uint32_t v, uint8_t **out)
{
    size_t len = 0;
    dirty_stack(v);
    return png_encode(c, out, &len, NULL) == DELVE_OK ? len : 0;
}

/* The same canvas gives the same bytes whatever an earlier call left on the stack. */
static void test_same_bytes_whatever_the_stack(void **state)
{
    (void)state;
    enum { W = 64, H = 9 };
    uint8_t px[W * H * 4];
    for (size_t i = 0; i < sizeof px; i++)
        px[i] = i % 4 == 3 ? 255 : (uint8_t)(i * 131 + i / 7);
    canvas c = { .w = W, .h = H, .stride = W * 4, .px = px };
    uint8_t *first = NULL;
    size_t n = encode_over(&c, 0, &first);
    assert_true(n > 0);
    for (uint32_t v = 1; v < 40; v++) {
        uint8_t *again = NULL;
        assert_int_equal(encode_over(&c, v, &again), n);
        assert_memory_equal(again, first, n);
        free(again);
    }
    free(first);
}

/* Seed 3's dungeon with the films' default party in it, into *w (world_free it). */
static void seed3_world(world *w)
{
    gen_opts o = gen_defaults(3);
    dungeon d;
    party p;
    assert_int_equal(gen_dungeon(&o, &d, NULL), DELVE_OK);
    film_default_party(&p);
    assert_int_equal(world_init(w, &d, &p, NULL), DELVE_OK);
}

/* Floor 2 of seed 3 as `delve shot` draws it. */
static void test_rendered_floor(void **state)
{
    (void)state;
    world w;
    seed3_world(&w);
    frame_opts vo = frame_defaults();
    vo.hud = 0, vo.whole_floor = 1, vo.follow = 0, vo.cam_floor = 1, vo.zoom = 12;
    int wpx, hpx;
    frame_floor_size(&w.dg.floors[1], vo.zoom, &wpx, &hpx);
    canvas c;
    assert_int_equal(canvas_init(&c, wpx, hpx, NULL), DELVE_OK);
    assert_int_equal(frame_render(&c, &w, &vo, NULL, NULL), DELVE_OK);
    same_as_stb(&c, 1);
    canvas_free(&c);
    world_free(&w);
}

/* Frames of seed 3, 1280 x 720 at zoom 24, the camera at n places along its floors (as
 * a film's frames follow the party), every other one a side view (mostly flat: where
 * the encoder's left-overs showed), into c[0..n). */
static void film_like_frames(canvas *c, int n)
{
    world w;
    seed3_world(&w);
    for (int i = 0; i < n; i++) {
        frame_opts vo = frame_defaults();
        vo.hud = 0, vo.follow = 0, vo.cam_floor = i % 3, vo.zoom = 24;
        vo.cam_x_cm = 2000 + i * 1700, vo.cam_y_cm = 1500 + i * 500;
        vo.side = i % 2, vo.side_row = 5 + i, vo.side_x = i * 40; /* and side views */
        assert_int_equal(canvas_init(&c[i], 1280, 720, NULL), DELVE_OK);
        assert_int_equal(frame_render(&c[i], &w, &vo, NULL, NULL), DELVE_OK);
    }
    world_free(&w);
}

/* A frame encoded again after others, in another order, gives the same bytes: nothing an
 * earlier encode left behind may change them. */
static void test_same_bytes_after_other_frames(void **state)
{
    (void)state;
    enum { N = 10 };
    canvas c[N];
    film_like_frames(c, N);
    uint8_t *first[N];
    size_t len[N];
    for (int i = 0; i < N; i++)
        assert_int_equal(png_encode(&c[i], &first[i], &len[i], NULL), DELVE_OK);
    for (int round = 0; round < 4; round++)
        for (int i = 0; i < N; i++) {
            int k = (i * 5 + round) % N; /* another order each round */
            uint8_t *again = NULL;
            size_t n = 0;
            assert_int_equal(png_encode(&c[k], &again, &n, NULL), DELVE_OK);
            assert_int_equal(n, len[k]);
            assert_memory_equal(again, first[k], n);
            free(again);
        }
    for (int i = 0; i < N; i++) {
        free(first[i]);
        canvas_free(&c[i]);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_random_and_flat),
        cmocka_unit_test(test_last_pixel_not_opaque),
        cmocka_unit_test(test_one_pixel_not_opaque),
        cmocka_unit_test(test_write_same_bytes),
        cmocka_unit_test(test_same_bytes_whatever_the_stack),
        cmocka_unit_test(test_rendered_floor),
        cmocka_unit_test(test_same_bytes_after_other_frames),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
