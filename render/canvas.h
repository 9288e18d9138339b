/* canvas: the RGBA frame every picture in delve is drawn into, in memory, CPU only.
 * RGBA8, origin top left, rows `stride` bytes apart; every draw call takes the canvas
 * first and clips to it. Only render/ writes pixels. Integer maths only, so the same
 * calls give the same bytes on every machine and compiler. Uses libc only. */
#ifndef DELVE_RENDER_CANVAS_H
#define DELVE_RENDER_CANVAS_H

#include <stdint.h>

#include "base/status.h"

#define CANVAS_MAX_SIDE 16384  /* limit on either side */

typedef struct rgba {
    uint8_t r, g, b, a;
} rgba;

typedef struct canvas {
    int w, h;
    int stride;    /* bytes per row, >= 4 * w */
    uint8_t *px;   /* owned when made by canvas_init */
} canvas;

/* Allocates a w x h canvas cleared to transparent black. DELVE_ELIMIT when a side is
 * below 1 or past CANVAS_MAX_SIDE, DELVE_ENOMEM. Free with canvas_free. */
delve_status canvas_init(canvas *c, int w, int h, delve_err *err);
/* Frees pixels made by canvas_init (never call it on a canvas_view); c may be NULL. */
void canvas_free(canvas *c);

/* A view of the rectangle (x, y, w, h) of c, clipped to c, sharing its pixels: drawing
 * into the view clips to the rectangle. Not owned: never canvas_free a view. An empty
 * rectangle gives a 0 x 0 view that every call ignores. */
canvas canvas_view(const canvas *c, int x, int y, int w, int h);

/* Pointer to pixel (x, y); the caller keeps it inside the canvas. */
static inline uint8_t *canvas_at(const canvas *c, int x, int y)
{
    return c->px + (long)y * c->stride + (long)x * 4;
}

void canvas_clear(canvas *c, rgba col);
/* Zeroes every pixel of c (transparent black) in one sweep before c is drawn anew whole:
 * memset writes whole cache lines without reading them first, where the renderer's
 * first stores into a frame another core last read fetch each line, so a film frame
 * draws faster after it than without (docs/perf-log.md, "The film"). */
void canvas_claim(canvas *c);
/* Opaque fill of the clipped rectangle. */
void canvas_fill_rect(canvas *c, int x, int y, int w, int h, rgba col);
/* Source-over blend of col (its alpha) on the clipped rectangle; integer maths. */
void canvas_blend_rect(canvas *c, int x, int y, int w, int h, rgba col);
/* Blends one pixel (clipped). */
void canvas_blend_px(canvas *c, int x, int y, rgba col);
/* Blends col at (x, y) with each pixel's alpha scaled by an 8-bit coverage mask
 * (mw x mh, rows mstride bytes apart): alpha = col.a * mask / 255. Clipped. Used for
 * text, glows and halos. */
void canvas_blend_mask(canvas *c, int x, int y, const uint8_t *mask, int mw, int mh,
                       int mstride, rgba col);
/* Box-filtered downscale (or nearest upscale) of src into the rectangle of dst: each
 * destination pixel is the rounded mean of the source pixels its box covers, every
 * channel alike (frames are opaque). Copies, never blends. Clipped. */
void canvas_blit_scaled(canvas *dst, const canvas *src, int x, int y, int w, int h);
/* Copies src at (x, y) in dst, clipped, alpha-blended when blend != 0. */
void canvas_blit(canvas *dst, const canvas *src, int x, int y, int blend);
/* Copies src[0..n) side by side, src[k] at (x + k * step, y), clipped, as n
 * canvas_blit calls without blending in that order would (a NULL src is skipped), but a
 * pixel row at a time across all of them: the writes run along dst's rows (a row of map
 * tiles). */
void canvas_blit_row(canvas *dst, const canvas *const *src, int n, int x, int y, int step);
/* Outline of the rectangle, t pixels thick, inside it; opaque, clipped. */
void canvas_frame_rect(canvas *c, int x, int y, int w, int h, int t, rgba col);

/* A picture kept as rows of runs, to be put back without reading it whole: a run of
 * one colour (CANVAS_RUN_MIN pixels or more) is stored as that colour and put back from
 * registers, other pixels are copied from a packed store. Putting back a mostly flat
 * picture (the HUD panel: bars, boxes, text) reads a fraction of its bytes. */
#define CANVAS_RUN_MIN 8

typedef struct canvas_runs {
    int w, h;              /* the picture kept; 0 x 0 when none */
    uint32_t *row;         /* h + 1 entries: row y's runs are run[row[y]..row[y + 1]) */
    uint32_t *run;         /* pairs: pixels (CANVAS_RUN_FILL set: one colour), then the
                              colour's bytes or the first copied pixel's index in lit */
    uint8_t *lit;          /* copied pixels, RGBA */
    size_t runs, lits, run_cap, lit_cap, row_cap;
} canvas_runs;

#define CANVAS_RUN_FILL 0x80000000u

/* Keeps c's pixels in r (its storage reused and grown). DELVE_ENOMEM leaves r empty. */
delve_status canvas_runs_keep(canvas_runs *r, const canvas *c, delve_err *err);
/* Puts r's pixels into c, which has r's size (nothing done otherwise): the same bytes
 * as the canvas kept. */
void canvas_runs_put(canvas *c, const canvas_runs *r);
void canvas_runs_free(canvas_runs *r);

/* Source-over of one channel set: the one blend formula every call above uses.
 * Exact rounding: 50 % (a = 128) red over opaque blue gives (128, 0, 127, 255). */
static inline uint8_t canvas_div255(uint32_t v)
{
    v += 128;
    return (uint8_t)((v + (v >> 8)) >> 8);
}

#endif
