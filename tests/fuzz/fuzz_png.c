/* fuzz_png: a PNG file as `delve diff` reads it (review/diff.h's diff_load: png_decode
 * at the file's own depth, DIFF_MAX_SIDE) and, when it decodes: the same through
 * libspng alone gives the same pixels (codecs/png.h: the fast path agrees with libspng
 * on every file); as the viewer and sheets read it (8 bits) it decodes too; the image
 * diffed with itself counts no change, and with one channel of its first pixel changed
 * counts exactly that pixel (review/diff.h); when png_rows_decode takes the file (as
 * `delve diff` does to compare from scanlines), its rows unfiltered are those pixels. */
#include <stdlib.h>
#include <string.h>

#include "codecs/png.h"
#include "review/diff.h"
#include "tests/fuzz/fuzz.h"

static size_t bytes_of(const png_image *im)
{
    return (size_t)im->w * (size_t)im->h * 4 * (size_t)(im->bits / 8);
}

static void same_as_libspng(const uint8_t *data, size_t size, const png_image *a)
{
    png_image b;
    delve_err err = { "" };
    delve_status st = png_decode(data, size, "fuzz.png", DIFF_MAX_SIDE,
                                 PNG_READ_DEEP | PNG_READ_SPNG_ONLY, &b, &err);
    fuzz_require(st == DELVE_OK || st == DELVE_ENOMEM, "libspng reads what the fast path reads");
    if (st)
        return;
    fuzz_require(a->w == b.w && a->h == b.h && a->bits == b.bits, "the same size and depth");
    fuzz_require(memcmp(a->px, b.px, bytes_of(a)) == 0, "the same pixels");
    png_image_free(&b);
}

/* a against itself: nothing changed; against a copy with one channel of pixel (0, 0)
 * changed: that pixel alone (exact, any depth). */
static void diff_self(const png_image *a)
{
    diff_opts exact = diff_defaults();
    diff_result r;
    canvas out;
    delve_err err = { "" };
    if (diff_images(a, a, &exact, &r, &out, &err))
        return;
    fuzz_require(r.changed == 0 && r.x0 == -1 && !r.size_differs, "an image equals itself");
    fuzz_require(r.total == (int64_t)a->w * a->h, "every pixel compared");
    fuzz_require(out.w == a->w && out.h == a->h, "the diff image is the image's size");
    canvas_free(&out);
    png_image b = *a;
    if (!(b.px = malloc(bytes_of(a))))
        return;
    memcpy(b.px, a->px, bytes_of(a));
    ((uint8_t *)b.px)[0] ^= 0x80;
    if (diff_images(a, &b, &exact, &r, NULL, &err) == DELVE_OK)
        fuzz_require(r.changed == 1 && r.x0 == 0 && r.y0 == 0 && r.x1 == 0 && r.y1 == 0,
                     "one changed channel is one changed pixel, at (0, 0)");
    free(b.px);
}

/* Read at 8 bits as png_read does, diffed with itself at a threshold with
 * anti-aliasing detection (pixelmatch's path): nothing changed. */
static void eight_bits(const uint8_t *data, size_t size)
{
    png_image c;
    delve_err err = { "" };
    if (png_decode(data, size, "fuzz.png", PNG_READ_MAX_SIDE, 0, &c, &err))
        return;
    fuzz_require(c.bits == 8, "read at 8 bits");
    diff_opts t = { .threshold_milli = 100, .aa = 1 };
    diff_result r;
    if (diff_images(&c, &c, &t, &r, NULL, &err) == DELVE_OK)
        fuzz_require(r.changed == 0 && r.aa == 0, "an image equals itself at a threshold");
    png_image_free(&c);
}

/* png_rows_decode takes only what png_decode reads at 8 bits, and its "none"/"up" rows,
 * unfiltered here the obvious way, are png_decode's pixels. */
static void rows_agree(const uint8_t *data, size_t size, const png_image *a)
{
    png_rows r;
    if (!png_rows_decode(data, size, DIFF_MAX_SIDE, 0, &r))
        return;
    fuzz_require(a && a->bits == 8 && r.w == a->w && r.h == a->h,
                 "png_rows_decode takes only files png_decode reads, at their size");
    size_t bpp = (size_t)r.bpp, n = (size_t)r.w * bpp;
    const uint8_t *px = a->px;
    uint8_t *rows = malloc(n * (size_t)r.h); /* unfiltered, as in the file */
    for (int y = 0; rows && y < r.h; y++) {
        const uint8_t *row = r.raw + (size_t)y * (n + 1);
        fuzz_require(row[0] == 0 || row[0] == 2, "rows are \"none\" or \"up\"");
        for (size_t i = 0; i < n; i++) {
            uint8_t up = row[0] == 2 && y > 0 ? rows[(size_t)(y - 1) * n + i] : 0;
            uint8_t v = rows[(size_t)y * n + i] = (uint8_t)(row[1 + i] + up);
            const uint8_t *q = px + ((size_t)y * (size_t)r.w + i / bpp) * 4;
            fuzz_require(v == q[i % bpp] && (bpp == 4 || q[3] == 255),
                         "unfiltered rows are the decoded pixels");
        }
    }
    free(rows);
    free(r.raw);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    png_image a;
    delve_err err = { "" };
    if (png_decode(data, size, "fuzz.png", DIFF_MAX_SIDE, PNG_READ_DEEP, &a, &err)) {
        rows_agree(data, size, NULL);
        return 0;
    }
    rows_agree(data, size, &a);
    fuzz_require(a.w >= 1 && a.h >= 1 && (a.bits == 8 || a.bits == 16),
                 "a decoded image has pixels at 8 or 16 bits");
    same_as_libspng(data, size, &a);
    diff_self(&a);
    eight_bits(data, size);
    png_image_free(&a);
    return 0;
}
