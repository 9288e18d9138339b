/* diff: compares two images pixel by pixel and draws what changed (`delve diff`,
 * `delve review`, the goldens in CI). Default is exact: any change in any channel of
 * any pixel counts, alpha included, 16-bit images at 16 bits. With a threshold it
 * counts as pixelmatch 7 does (npm pixelmatch@7.x: YIQ colour distance, limit
 * 35215 * T * T, optional anti-aliasing detection), so the counts equal pixelmatch's.
 * Images of different sizes are always a difference; they are compared on the larger
 * canvas, the area outside one image counting as changed (the threshold rule, AA
 * detection included, runs on the overlap as if both were cropped to it).
 * Rule source: spec/films-and-review.md and pixelmatch 7's published algorithm
 * (rewritten, not copied; review/diff.c says how it is followed). Uses base,
 * render/canvas.h, codecs/png (which reads the PNGs) and libdeflate; integers only
 * except the threshold path, which mirrors a float rule. */
#ifndef DELVE_REVIEW_DIFF_H
#define DELVE_REVIEW_DIFF_H

#include <stdint.h>

#include "base/status.h"
#include "codecs/png.h"
#include "render/canvas.h"

#define DIFF_MAX_SIDE PNG_READ_MAX_SIDE        /* pixels a side, either image */
#define DIFF_MAX_PIXELS PNG_READ_MAX_PIXELS    /* pixels of an 8-bit image (half that at 16
                                                  * bits: 256 MB decoded) and of the padded
                                                  * canvas; a diff stays under 1 GB */
#define DIFF_MAX_FILE_BYTES PNG_READ_MAX_FILE_BYTES /* bytes of a PNG file */

typedef struct diff_opts {
    int threshold_milli;   /* -1 = exact (default); else T*1000, YIQ distance limit 35215*T*T as pixelmatch 7 */
    int aa;                /* 1: pixelmatch 7 anti-aliasing detection (only with a threshold) */
} diff_opts;

typedef struct diff_result {
    int64_t changed;       /* pixels counted as different */
    int64_t aa;            /* pixels over the threshold but skipped as anti-aliased */
    int64_t total;         /* pixels compared (the larger canvas when sizes differ) */
    int x0, y0, x1, y1;    /* bounding box of changed pixels, inclusive; x0 = -1 when none */
    int aw, ah, bw, bh;    /* the two sizes */
    int size_differs;      /* 1 when the sizes differ (always a difference) */
} diff_result;

/* A decoded image as codecs/png reads it: RGBA, 8 or 16 bits a channel. diff_load makes
 * one that owns px (diff_image_free). */
typedef png_image diff_image;

/* Colours of the diff image (opaque): unchanged pixels are image A's luma faded toward
 * white (pixelmatch's look, alpha 0.1). */
#define DIFF_RGB_CHANGED 255, 0, 0      /* changed, B brighter or alike */
#define DIFF_RGB_DARKER 0, 90, 255      /* changed, B darker than A there */
#define DIFF_RGB_AA 240, 190, 0         /* over the threshold but anti-aliasing */
#define DIFF_RGB_OUTSIDE 255, 0, 200    /* inside only one of two images of different sizes */

/* Exact comparison, no anti-aliasing detection. */
diff_opts diff_defaults(void);

/* Reads a PNG (png_load with PNG_READ_DEEP: any colour type and bit depth) into *im as
 * RGBA at its own depth. The size is checked from the header before decoding
 * (DIFF_MAX_SIDE, DIFF_MAX_PIXELS). DELVE_EINPUT naming the file when it is missing,
 * unreadable, too large or not a PNG that decodes (png_decode's messages); DELVE_ENOMEM. */
delve_status diff_load(const char *path, diff_image *im, delve_err *err);
void diff_image_free(diff_image *im);

/* Compares a and b (see the top of this file) into *r. When out is not NULL it is made
 * (canvas_init, free with canvas_free) the size of the larger canvas and the diff image
 * drawn in it. DELVE_EINPUT for aa without a threshold, a threshold past 1000, or a
 * padded canvas past DIFF_MAX_PIXELS; DELVE_ENOMEM. Thread-safe. */
delve_status diff_images(const diff_image *a, const diff_image *b, const diff_opts *o,
                         diff_result *r, canvas *out, delve_err *err);

/* Writes a diff image (or any opaque canvas of at most 256 colours) as an 8-bit palette
 * PNG, a quarter of the RGBA data to compress; other canvases as png_write does.
 * Atomic (fsio_write_atomic). DELVE_EIO naming the path, DELVE_ENOMEM. */
delve_status diff_png_write(const char *path, const canvas *c, delve_err *err);

/* Reads A and B (as diff_load; size limits checked before decoding), compares them,
 * writes the diff image to out_png when it is not NULL (atomic). DELVE_EINPUT with err naming the
 * file on unreadable/corrupt/missing/too large input; DELVE_EIO on write failure. */
delve_status diff_files(const char *a_png, const char *b_png, const char *out_png,
                        const diff_opts *o, diff_result *r, delve_err *err);

#endif
