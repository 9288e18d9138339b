/* sheet-compare: the sheet golden's comparison (tests/golden.sh). A contact sheet holds
 * text, and another machine's FreeType draws glyph edges a little differently; nothing
 * else on it may change. So the golden G and this build's sheet N are compared exactly
 * everywhere but in the glyph areas: within SHEET_RADIUS px of a pixel where N differs
 * from OTHER, the same film drawn with another face (tests/golden.sh gives DejaVu Serif,
 * unlike each of Sans, Sans Bold and Sans Mono), so every glyph moves or changes shape
 * there. Inside them a pixel whose channels differ by at most SHEET_LEVELS is forgiven
 * (an anti-aliased edge); larger differences only when scattered: at most SHEET_DENSE in
 * any SHEET_WINDOW square (a new letter piles them up) and SHEET_PIXELS in all. Values
 * measured with FreeType's stem darkening (tests/sheet_tolerance.sh): 56 pixels over
 * 160 levels, at most 2 in one 16 px square; one letter of the title changed: 14.
 * Usage: sheet-compare G.png N.png OTHER.png... [-o DIFF.png] (several OTHERs: glyph
 * areas where N differs from each); exit 0 within, 1 beyond, 2 on bad input.
 * sheet-compare --move X,Y,W,H,DX,DY IN.png OUT.png writes IN with that box's pixels
 * copied DX, DY away (a moved line of text, for the tests). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codecs/png.h"
#include "render/canvas.h"
#include "review/diff.h"

enum {
    SHEET_RADIUS = 1,    /* px around a glyph pixel */
    SHEET_LEVELS = 160,  /* of 255, a channel: forgiven anywhere in the glyph areas */
    SHEET_WINDOW = 16,   /* px a side, windows stepped by half of it */
    SHEET_DENSE = 6,     /* larger differences forgiven in one window */
    SHEET_PIXELS = 200,  /* larger differences forgiven in all */
    ALT_MAX = 4,
};

typedef struct counts {
    long glyph;      /* pixels in the glyph areas */
    long forgiven;   /* in them, differing by 1..SHEET_LEVELS */
    long over;       /* in them, differing by more */
    long outside;    /* differing outside them (must be none) */
    int dense, dx, dy; /* the most `over` pixels in one window, and its corner */
    int x0, y0, x1, y1; /* box of the pixels that count (over and outside); x0 -1: none */
} counts;

/* The largest difference of the four channels of two RGBA pixels. */
static int px_diff(const uint8_t *a, const uint8_t *b)
{
    int m = 0;
    for (int i = 0; i < 4; i++) {
        int d = a[i] > b[i] ? a[i] - b[i] : b[i] - a[i];
        m = d > m ? d : m;
    }
    return m;
}

static int differs_all(const canvas *n, const canvas *alt, int nalt, int x, int y)
{
    for (int k = 0; k < nalt; k++)
        if (!memcmp(canvas_at(n, x, y), canvas_at(&alt[k], x, y), 4)) return 0;
    return 1;
}

/* mask[y*w+x] = 1 within SHEET_RADIUS (a square) of a pixel where n differs from each
 * of the nalt other faces' sheets. NULL when out of memory. */
static uint8_t *glyph_mask(const canvas *n, const canvas *alt, int nalt)
{
    int w = n->w, h = n->h, r = SHEET_RADIUS;
    uint8_t *m = calloc((size_t)w * (size_t)h, 1), *row = calloc((size_t)w * (size_t)h, 1);
    if (!m || !row) { free(m); free(row); return NULL; }
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            if (differs_all(n, alt, nalt, x, y))
                for (int dx = -r; dx <= r; dx++)
                    if (x + dx >= 0 && x + dx < w) row[(size_t)y * w + x + dx] = 1;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++)
            if (row[(size_t)y * w + x])
                for (int dy = -r; dy <= r; dy++)
                    if (y + dy >= 0 && y + dy < h) m[(size_t)(y + dy) * w + x] = 1;
    free(row);
    return m;
}

static void count_box(counts *c, int x, int y)
{
    if (c->x0 < 0 || x < c->x0) c->x0 = x;
    if (c->y0 < 0 || y < c->y0) c->y0 = y;
    if (x > c->x1) c->x1 = x;
    if (y > c->y1) c->y1 = y;
}

/* The window (SHEET_WINDOW a side, stepped by half) with the most marks in over (w x h). */
static void densest(const uint8_t *over, int w, int h, counts *c)
{
    int s = SHEET_WINDOW;
    for (int y0 = 0; y0 < h; y0 += s / 2) {
        for (int x0 = 0; x0 < w; x0 += s / 2) {
            int k = 0;
            for (int y = y0; y < y0 + s && y < h; y++)
                for (int x = x0; x < x0 + s && x < w; x++)
                    k += over[(size_t)y * w + x];
            if (k > c->dense) c->dense = k, c->dx = x0, c->dy = y0;
        }
    }
}

/* Counts g against n under mask, marking larger glyph-area differences in over; paints
 * the diff image into out (g's size): g faded to grey, differences outside the glyph
 * areas red, larger ones inside blue, forgiven ones amber. */
static void compare(const canvas *g, const canvas *n, const uint8_t *mask, uint8_t *over,
                    counts *c, canvas *out)
{
    for (int y = 0; y < g->h; y++) {
        for (int x = 0; x < g->w; x++) {
            const uint8_t *a = canvas_at(g, x, y);
            size_t i = (size_t)y * g->w + x;
            int d = px_diff(a, canvas_at(n, x, y));
            int luma = (a[0] * 77 + a[1] * 150 + a[2] * 29) >> 8;
            uint8_t grey = (uint8_t)(255 - (255 - luma) / 10);
            rgba col = { grey, grey, grey, 255 };
            c->glyph += mask[i];
            if (d && !mask[i]) { c->outside++; count_box(c, x, y); col = (rgba){ DIFF_RGB_CHANGED, 255 }; }
            else if (d > SHEET_LEVELS) { c->over++; over[i] = 1; count_box(c, x, y); col = (rgba){ DIFF_RGB_DARKER, 255 }; }
            else if (d) { c->forgiven++; col = (rgba){ DIFF_RGB_AA, 255 }; }
            canvas_fill_rect(out, x, y, 1, 1, col);
        }
    }
}

static int too_much(const counts *c)
{
    return c->outside || c->dense > SHEET_DENSE || c->over > SHEET_PIXELS;
}

static void report(const counts *c, long total)
{
    printf("sheet: %ld of %ld pixels differ outside the glyph areas (must be 0); inside them "
           "(within %d px of text, %ld pixels) %ld differ by at most %d levels (glyph edges, "
           "forgiven), %ld by more (forgiven: at most %d in all and %d in any %d px square; "
           "densest %d at x %d y %d)",
           c->outside, total, SHEET_RADIUS, c->glyph, c->forgiven, SHEET_LEVELS, c->over,
           SHEET_PIXELS, SHEET_DENSE, SHEET_WINDOW, c->dense, c->dx, c->dy);
    if (c->x0 >= 0)
        printf(", box x %d..%d y %d..%d", c->x0, c->x1, c->y0, c->y1);
    printf(": %s\n", too_much(c) ? "DIFFERENT" : c->forgiven || c->over ? "WITHIN TOLERANCE" : "SAME");
}

static int load(const char *path, canvas *c)
{
    delve_err err = { 0 };
    if (png_read(path, c, &err) == DELVE_OK) return 1;
    fprintf(stderr, "sheet-compare: %s\n", err.msg);
    return 0;
}

/* Compares g with n, glyph areas from alt; the diff image to out_path when something
 * differs. 0 within the tolerance, 1 beyond, 2 when out of memory or not written. */
static int judge(const canvas *g, const canvas *n, const canvas *alt, int nalt,
                 const char *out_path)
{
    canvas out = { 0 };
    delve_err err = { 0 };
    counts c = { .x0 = -1, .y0 = -1, .x1 = -1, .y1 = -1 };
    uint8_t *mask = glyph_mask(n, alt, nalt), *over = calloc((size_t)g->w * g->h, 1);
    int rc = 2;
    if (mask && over && canvas_init(&out, g->w, g->h, &err) == DELVE_OK) {
        compare(g, n, mask, over, &c, &out);
        densest(over, g->w, g->h, &c);
        report(&c, (long)g->w * g->h);
        rc = too_much(&c);
        if (out_path && (c.outside || c.over || c.forgiven) &&
            diff_png_write(out_path, &out, &err) != DELVE_OK) {
            fprintf(stderr, "sheet-compare: %s\n", err.msg);
            rc = 2;
        }
    }
    free(mask), free(over), canvas_free(&out);
    return rc;
}

/* G N OTHER... [-o DIFF] */
static int run(const char *gp, const char *np, char **altp, int nalt, const char *out_path)
{
    canvas g = { 0 }, n = { 0 }, alt[ALT_MAX] = { 0 };
    int rc = 2, same = 1, k = 0;
    if (load(gp, &g) && load(np, &n)) {
        for (; k < nalt && load(altp[k], &alt[k]); k++)
            same &= alt[k].w == n.w && alt[k].h == n.h;
        if (k == nalt && (g.w != n.w || g.h != n.h || !same)) {
            printf("sheet: sizes differ: golden %dx%d, now %dx%d (or the other face's): "
                   "DIFFERENT\n", g.w, g.h, n.w, n.h);
            rc = 1;
        } else if (k == nalt) {
            rc = judge(&g, &n, alt, nalt, out_path);
        }
    }
    canvas_free(&g), canvas_free(&n);
    for (int i = 0; i < k; i++) canvas_free(&alt[i]);
    return rc;
}

/* --move X,Y,W,H,DX,DY IN OUT */
static int move(const char *spec, const char *in_path, const char *out_path)
{
    int x, y, w, h, dx, dy, rc = 2;
    canvas in = { 0 }, out = { 0 };
    delve_err err = { 0 };
    if (sscanf(spec, "%d,%d,%d,%d,%d,%d", &x, &y, &w, &h, &dx, &dy) != 6) return 2;
    if (load(in_path, &in) && load(in_path, &out)) {
        for (int j = 0; j < h; j++)
            for (int i = 0; i < w; i++) {
                int sx = x + i, sy = y + j, tx = sx + dx, ty = sy + dy;
                if (sx >= 0 && sx < in.w && sy >= 0 && sy < in.h && tx >= 0 && tx < out.w &&
                    ty >= 0 && ty < out.h)
                    memcpy(canvas_at(&out, tx, ty), canvas_at(&in, sx, sy), 4);
            }
        rc = png_write(out_path, &out, &err) == DELVE_OK ? 0 : 2;
    }
    canvas_free(&in), canvas_free(&out);
    return rc;
}

int main(int argc, char **argv)
{
    const char *out = NULL;
    if (argc == 5 && !strcmp(argv[1], "--move")) return move(argv[2], argv[3], argv[4]);
    if (argc > 2 && !strcmp(argv[argc - 2], "-o")) out = argv[argc - 1], argc -= 2;
    if (argc >= 4 && argc - 3 <= ALT_MAX) return run(argv[1], argv[2], argv + 3, argc - 3, out);
    fprintf(stderr, "usage: sheet-compare GOLDEN.png NOW.png OTHER-FACE.png... [-o DIFF.png]\n"
                    "       sheet-compare --move X,Y,W,H,DX,DY IN.png OUT.png\n");
    return 2;
}
