/* side: the cross-section of the stacked floors (spec/side-view.md). */
#include "render/side.h"

#include "engine/tide.h"

#include <stdio.h>
#include <stdlib.h>

static const rgba C_ROCK = { 46, 40, 36, 255 };
static const rgba C_ROCK_LINE = { 58, 51, 45, 255 };
static const rgba C_AIR = { 44, 54, 74, 255 };
static const rgba C_GHOST = { 30, 30, 34, 255 };     /* projected rooms off the cut */
static const rgba C_SLAB = { 168, 156, 132, 255 };
static const rgba C_WALL = { 110, 104, 98, 255 };
static const rgba C_WATER = { 52, 110, 190, 255 };
static const rgba C_TIDE = { 150, 200, 250, 255 };   /* the tide's level on Shoals */
static const rgba C_ACID = { 120, 200, 60, 255 };
static const rgba C_LAVA = { 230, 90, 30, 255 };
static const rgba C_TUBE = { 6, 6, 8, 255 };
static const rgba C_PLATE = { 220, 60, 50, 255 };
static const rgba C_WAY = { 240, 200, 80, 255 };
static const rgba C_WAY_GHOST = { 150, 128, 72, 255 }; /* a way whose ends are off the cut */
static const rgba C_DOOR = { 150, 100, 50, 255 };
static const rgba C_STATION = { 90, 220, 230, 255 };
static const rgba C_MONSTER = { 200, 70, 160, 255 };
static const rgba C_ENTRANCE = { 120, 230, 120, 255 };
static const rgba C_RULER = { 200, 196, 186, 255 };
static const rgba C_RULER_BG = { 22, 22, 26, 255 };
static const rgba C_PARTY = { 250, 250, 240, 255 };
static const rgba C_PARTY_GHOST = { 128, 128, 122, 255 }; /* the party off the cut */
static const rgba C_PARTY_EDGE = { 20, 20, 24, 255 };
static const rgba C_COUNTER = { 255, 226, 120, 255 };
static const rgba C_DAMAGE = { 255, 96, 80, 255 };
static const rgba C_LABEL_BG = { 16, 16, 20, 255 };

#define SLAB_CM 40   /* the ground slab's drawn thickness (set) */

int side_ruler_px(int pct)
{
    return SIDE_RULER_PX * (pct > 100 ? pct : 100) / 100;
}

int side_y(const side_layout *l, int32_t h_cm)
{
    return (int)((int64_t)(l->top_cm - h_cm) * l->zoom / 200) - l->sy;
}

/* v px of a 1280 x 720 frame at the layout's pct. */
static int spx(const side_layout *l, int v)
{
    return v * l->pct / 100;
}

static int col_x(const side_layout *l, int c)
{
    return l->x0 + (c - l->c0) * l->zoom - l->sx;
}

/* The cut on floor f's grid: its row (its column when l->by_col). */
static int cut_on(const dungeon *d, const side_layout *l, int f)
{
    const dfloor *f0 = &d->floors[0], *fl = &d->floors[f];
    return l->by_col ? l->col + f0->ox - fl->ox : l->row + f0->oy - fl->oy;
}

/* Is square (x, y) on the cut of floor f? */
static int on_cut(const dungeon *d, const side_layout *l, int f, int x, int y)
{
    return (l->by_col ? x : y) == cut_on(d, l, f);
}

/* The common grid's coordinate along the picture of square (x, y) of floor f: its
 * column, or its row when the cut is a column. */
static int along(const dungeon *d, const side_layout *l, int f, int x, int y)
{
    const dfloor *fl = &d->floors[f];
    return l->by_col ? y + fl->oy : x + fl->ox;
}

/* Square a along the picture, k across it, of floor f, into (*x, *y). */
static void square_of(const side_layout *l, int a, int k, int *x, int *y)
{
    *x = l->by_col ? k : a;
    *y = l->by_col ? a : k;
}

int side_along(const dungeon *d, const side_layout *l, int f, int x, int y)
{
    return along(d, l, f, x, y);
}

int side_on_cut(const dungeon *d, const side_layout *l, int f, int x, int y)
{
    return on_cut(d, l, f, x, y);
}

int side_square_at(const dungeon *d, const side_layout *l, int a, int32_t cm, int *f, int *x,
                   int *y)
{
    for (int k = 0; k < d->floor_count; k++) {
        const dfloor *fl = &d->floors[k];
        square_of(l, a - (l->by_col ? fl->oy : fl->ox), cut_on(d, l, k), x, y);
        if (!floor_in(fl, *x, *y))
            continue;
        int32_t g = dungeon_ground_cm(d, k, *x, *y);
        if (cm >= g - SLAB_CM && cm < g + STACK_CEILING_CM) { /* as cut_square draws it */
            *f = k;
            return 1;
        }
    }
    return 0;
}

static int default_row(const dfloor *f)
{
    return f->pit_count ? f->pits[0].y : f->entrance_y;
}

delve_status side_layout_of(const dungeon *d, const side_opts *o, side_layout *l,
                            delve_err *err)
{
    const dfloor *f0 = &d->floors[0];
    int pct = o->pct > 100 ? o->pct : 100;
    *l = (side_layout){ .zoom = o->zoom, .row = o->row < 0 ? default_row(f0) : o->row,
                        .by_col = o->by_col, .col = o->by_col ? o->col : -1,
                        .tide_raw = o->tide_raw,
                        .x0 = side_ruler_px(pct), .pct = pct };
    if (l->by_col && (l->col < 0 || l->col >= f0->w))
        return delve_fail(err, DELVE_EINPUT, "column %d is off floor 1 (columns 0..%d)", o->col,
                          f0->w - 1);
    if (!l->by_col && (l->row < 0 || l->row >= f0->h))
        return delve_fail(err, DELVE_EINPUT, "row %d is off floor 1 (rows 0..%d)", o->row,
                          f0->h - 1);
    if (l->by_col)
        l->row = -1;
    int c1 = l->by_col ? f0->oy + f0->h : f0->ox + f0->w;
    int32_t hi = 0, lo = 0;
    l->c0 = l->by_col ? f0->oy : f0->ox;
    for (int f = 0; f < d->floor_count; f++) {
        const dfloor *fl = &d->floors[f];
        int o0 = l->by_col ? fl->oy : fl->ox, n = l->by_col ? fl->h : fl->w;
        l->c0 = o0 < l->c0 ? o0 : l->c0;
        c1 = o0 + n > c1 ? o0 + n : c1;
        for (int y = 0; y < fl->h; y++)
            for (int x = 0; x < fl->w; x++) {
                int32_t g = dungeon_ground_cm(d, f, x, y);
                hi = g + STACK_CEILING_CM > hi ? g + STACK_CEILING_CM : hi;
                lo = g < lo ? g : lo;
            }
    }
    l->cols = c1 - l->c0;
    l->top_cm = hi + SIDE_MARGIN_CM;
    l->w = l->x0 + l->cols * l->zoom;
    l->h = side_y(l, lo - SIDE_MARGIN_CM) + 1;
    if (l->w > CANVAS_MAX_SIDE || l->h > CANVAS_MAX_SIDE)
        return delve_fail(err, DELVE_ELIMIT, "the side view is %d x %d px, past %d a side",
                          l->w, l->h, CANVAS_MAX_SIDE);
    return DELVE_OK;
}

/* Fills from height lo_cm up to hi_cm over common column c (part px .. px+pw). */
static void span(canvas *c, const side_layout *l, int col, int px, int pw, int32_t lo_cm,
                 int32_t hi_cm, rgba k)
{
    int y0 = side_y(l, hi_cm), y1 = side_y(l, lo_cm);
    canvas_fill_rect(c, col_x(l, col) + px, y0, pw, y1 - y0, k);
}

/* The faded projection of floor f: per square along the picture, the open squares
 * across it. */
static void project_floor(canvas *c, const dungeon *d, const side_layout *l, int f)
{
    const dfloor *fl = &d->floors[f];
    int n = l->by_col ? fl->h : fl->w, m = l->by_col ? fl->w : fl->h;
    for (int a = 0; a < n; a++) {
        int any = 0;
        int32_t lo = 0, hi = 0;
        for (int k = 0; k < m; k++) {
            int x, y;
            square_of(l, a, k, &x, &y);
            if (!floor_open(fl, x, y))
                continue;
            int32_t g = dungeon_ground_cm(d, f, x, y);
            lo = !any || g < lo ? g : lo;
            hi = !any || g > hi ? g : hi;
            any = 1;
        }
        if (any)
            span(c, l, a + (l->by_col ? fl->oy : fl->ox), 0, l->zoom, lo, hi + STACK_CEILING_CM,
                 C_GHOST);
    }
}

/* Floor f's water level in cm from the datum when it is a Shoals floor the layout has a
 * tide for (the whole-unit tide last applied to it: spec a5), else 0 with *on 0. */
static int32_t tide_level(const dungeon *d, const side_layout *l, int f, int *on)
{
    *on = l->tide_raw && d->floors[f].level_type == LT_SHOALS;
    return *on ? d->datum_cm[f] + tide_units(l->tide_raw[f]) * TIDE_CM_PER_UNIT : 0;
}

static rgba fluid_colour(terrain t)
{
    return t == T_ACID ? C_ACID : t == T_LAVA ? C_LAVA : C_WATER;
}

/* One square of floor f on the cut row, in profile. */
static void cut_square(canvas *c, const dungeon *d, const side_layout *l, int f, int x, int y)
{
    const dfloor *fl = &d->floors[f];
    terrain t = floor_at(fl, x, y);
    int col = along(d, l, f, x, y), z = l->zoom, dx = l->by_col ? 0 : 1, dy = 1 - dx;
    int32_t g = dungeon_ground_cm(d, f, x, y);
    if (t == T_WALL || t == T_CAVE_WALL || t == T_BOX) {
        span(c, l, col, 0, z, g - SLAB_CM, g + STACK_CEILING_CM, C_WALL);
        return;
    }
    if (!floor_open(fl, x, y))
        return;
    span(c, l, col, 0, z, g, g + STACK_CEILING_CM, C_AIR);
    if (t == T_RAMP) { /* a slope up to the higher neighbour along the cut */
        int32_t a = floor_open(fl, x - dx, y - dy) ? dungeon_ground_cm(d, f, x - dx, y - dy) : g;
        int32_t b = floor_open(fl, x + dx, y + dy) ? dungeon_ground_cm(d, f, x + dx, y + dy) : g;
        for (int i = 0; i < z; i++)
            span(c, l, col, i, 1, g - SLAB_CM, a + (b - a) * (2 * i + 1) / (2 * z), C_SLAB);
    } else if (t == T_STAIR || t == T_TURN) {
        span(c, l, col, 0, z / 2, g - SLAB_CM, g, C_SLAB);
        span(c, l, col, z / 2, z - z / 2, g - SLAB_CM, g + 25, C_SLAB);
    } else {
        span(c, l, col, 0, z, g - SLAB_CM, g, C_SLAB);
    }
    int tidal, level = tide_level(d, l, f, &tidal);
    if (terrain_is_tidal(t) && tidal && level > g) /* water up to the tide's level */
        span(c, l, col, 0, z, g - SLAB_CM / 2, level, C_WATER);
    else if (terrain_is_fluid(t) || terrain_is_tidal(t))
        span(c, l, col, 0, z, g - SLAB_CM / 2, g + (t == T_DEEP ? 60 : 20), fluid_colour(t));
    if (t == T_DOOR) {
        span(c, l, col, 0, z / 6 + 1, g, g + 240, C_DOOR);
        span(c, l, col, z - z / 6 - 1, z / 6 + 1, g, g + 240, C_DOOR);
        span(c, l, col, 0, z, g + 240, g + STACK_CEILING_CM, C_WALL);
    }
}

/* A small marker standing on the ground of (x, y) of floor f. */
static void marker(canvas *c, const dungeon *d, const side_layout *l, int f, int x, int y,
                   int32_t tall_cm, rgba k)
{
    int32_t g = dungeon_ground_cm(d, f, x, y);
    int z = l->zoom;
    span(c, l, along(d, l, f, x, y), z / 4, z - 2 * (z / 4), g, g + tall_cm, k);
}

/* Pits: plates on the upper floor, the tube through the rock, the landing below. */
static void pits(canvas *c, const dungeon *d, const side_layout *l, int f, int on_row)
{
    const dfloor *fl = &d->floors[f];
    for (int i = 0; i < fl->pit_count; i++) {
        const pit *p = &fl->pits[i];
        if (on_cut(d, l, f, p->x, p->y) != on_row)
            continue;
        int32_t g = dungeon_ground_cm(d, f, p->x, p->y), fall = dungeon_fall_cm(d, f, p->x, p->y);
        int col = along(d, l, f, p->x, p->y), z = l->zoom;
        if (fall > 0)
            span(c, l, col, z / 6, z - 2 * (z / 6), g - fall, g, on_row ? C_TUBE : C_GHOST);
        span(c, l, col, 0, z / 6, g - SLAB_CM, g, C_PLATE);
        span(c, l, col, z - z / 6, z / 6, g - SLAB_CM, g, C_PLATE);
    }
}

/* The landing plate under each of floor f's pits on the cut, on the ground it lands on:
 * drawn after every floor's squares, whose slabs would cover it. */
static void landings(canvas *c, const dungeon *d, const side_layout *l, int f)
{
    const dfloor *fl = &d->floors[f];
    for (int i = 0; i < fl->pit_count; i++) {
        const pit *p = &fl->pits[i];
        int32_t g = dungeon_ground_cm(d, f, p->x, p->y), fall = dungeon_fall_cm(d, f, p->x, p->y);
        if (fall > 0 && on_cut(d, l, f, p->x, p->y))
            span(c, l, along(d, l, f, p->x, p->y), 0, l->zoom, g - fall - SLAB_CM / 2, g - fall,
                 C_PLATE);
    }
}

/* A line t px thick from (xa, ya) to (xb, yb), a dot every pixel along its longer axis
 * (integer steps: the same bytes everywhere). */
static void line(canvas *c, int xa, int ya, int xb, int yb, int t, rgba k)
{
    int dx = xb - xa, dy = yb - ya, n = abs(dx) > abs(dy) ? abs(dx) : abs(dy);
    for (int i = 0; i <= n; i++) {
        int x = xa + (n ? (int)((int64_t)dx * i / n) : 0);
        int y = ya + (n ? (int)((int64_t)dy * i / n) : 0);
        canvas_fill_rect(c, x - t / 2, y - t / 2, t, t, k);
    }
}

/* Way w in profile, from its upper end (xa, ya) to its lower (xb, yb), in k: stairs as
 * treads and risers, a ramp as a slope, a spiral as a zigzag, a ladder as rails with
 * rungs, a lift as a shaft with its car at the top stop; each end marked by a small block
 * on its ground. rise_cm: the height it climbs (a spiral's turns). */
static void way_profile(canvas *c, const side_layout *l, const way *w, int32_t rise_cm,
                        int xa, int ya, int xb, int yb, rgba k)
{
    int z = l->zoom, n = yb - ya, t = z >= 16 ? 2 : 1;
    if (w->kind == WAY_LIFT || w->kind == WAY_LADDER) {
        line(c, xa - z / 3, ya, xa - z / 3, yb, t, k);
        line(c, xa + z / 3, ya, xa + z / 3, yb, t, k);
        for (int y = ya; w->kind == WAY_LADDER && y <= yb; y += z / 2 + 1)
            canvas_fill_rect(c, xa - z / 3, y, 2 * (z / 3) + 1, 1, k);
        if (w->kind == WAY_LIFT) /* the car at its top stop */
            canvas_fill_rect(c, xa - z / 3, ya - z / 2, 2 * (z / 3) + 1, z / 2, k);
        return;
    }
    if (w->kind == WAY_SPIRAL) {
        /* a helix seen from the side: a leg per half turn, as the engine winds it */
        int legs = (dungeon_spiral_quarter_turns(rise_cm) + 1) / 2, half = (z - 4) / 2;
        legs = legs < 2 ? 2 : legs;
        for (int i = 0; i < legs; i++)
            line(c, xa + (i % 2 ? half : -half), ya + n * i / legs,
                 xa + (i % 2 ? -half : half), ya + n * (i + 1) / legs, t, k);
    } else if (w->kind == WAY_STAIR) {
        int steps = 8;
        for (int i = 0; i < steps; i++) {
            int x0 = xa + (xb - xa) * i / steps, x1 = xa + (xb - xa) * (i + 1) / steps;
            int y0 = ya + n * i / steps, y1 = ya + n * (i + 1) / steps;
            line(c, x0, y0, x0, y1, t, k); /* the riser down, then the tread along */
            line(c, x0, y1, x1, y1, t, k);
        }
    } else {
        line(c, xa, ya, xb, yb, t, k);
    }
    int m = z / 3 > 2 ? z / 3 : 2;
    canvas_fill_rect(c, xa - m / 2, ya - m, m, m, k);
    canvas_fill_rect(c, xb - m / 2, yb - m, m, m, k);
}

/* Ways in profile from their end on floor f to their other end: those with neither end
 * on the cut (cut 0), faded, or those with one on it (cut 1). */
static void ways(canvas *c, const dungeon *d, const side_layout *l, int f, int cut)
{
    const dfloor *fl = &d->floors[f];
    int z = l->zoom;
    for (int i = 0; i < fl->way_count; i++) {
        const way *w = &fl->ways[i];
        if (w->to_floor <= f || w->to_floor >= d->floor_count)
            continue; /* each way once, from its upper end */
        if ((on_cut(d, l, f, w->x, w->y) || on_cut(d, l, w->to_floor, w->to_x, w->to_y)) !=
            cut)
            continue;
        int32_t a = dungeon_ground_cm(d, f, w->x, w->y);
        int32_t b = dungeon_ground_cm(d, w->to_floor, w->to_x, w->to_y);
        int xa = col_x(l, along(d, l, f, w->x, w->y)) + z / 2;
        int xb = col_x(l, along(d, l, w->to_floor, w->to_x, w->to_y)) + z / 2;
        int ya = side_y(l, a), yb = side_y(l, b);
        if (yb > ya)
            way_profile(c, l, w, a - b, xa, ya, xb, yb, cut ? C_WAY : C_WAY_GHOST);
    }
}

/* The ruler's glyphs, 5 rows top down, w bits a row (the leftmost pixel the highest
 * bit): 3 px wide digits and signs; 'm' 5 px (in 3 it read as an 'n' or an 'h': "7.0 h").
 * Any other character (a space) is a blank 3 px wide. */
static const struct {
    char ch;
    uint8_t w, rows[5];
} GLYPHS[] = {
    { '0', 3, { 7, 5, 5, 5, 7 } }, { '1', 3, { 2, 6, 2, 2, 7 } }, { '2', 3, { 7, 1, 7, 4, 7 } },
    { '3', 3, { 7, 1, 7, 1, 7 } }, { '4', 3, { 5, 5, 7, 1, 1 } }, { '5', 3, { 7, 4, 7, 1, 7 } },
    { '6', 3, { 7, 4, 7, 5, 7 } }, { '7', 3, { 7, 1, 1, 1, 1 } }, { '8', 3, { 7, 5, 7, 5, 7 } },
    { '9', 3, { 7, 5, 7, 1, 7 } }, { '-', 3, { 0, 0, 7, 0, 0 } }, { '.', 3, { 0, 0, 0, 0, 2 } },
    { '+', 3, { 0, 2, 7, 2, 0 } },
    { 'F', 3, { 7, 4, 6, 4, 4 } }, { 'm', 5, { 000, 032, 025, 025, 025 } },
};
enum { GLYPH_COUNT = sizeof GLYPHS / sizeof GLYPHS[0] };

/* ch's entry in GLYPHS, or -1. */
static int glyph_of(char ch)
{
    for (int i = 0; i < GLYPH_COUNT; i++)
        if (GLYPHS[i].ch == ch)
            return i;
    return -1;
}

static void glyph(canvas *c, int x, int y, char ch, int s, rgba k)
{
    int i = glyph_of(ch);
    for (int r = 0; i >= 0 && r < 5; r++)
        for (int b = 0; b < GLYPHS[i].w; b++)
            if (GLYPHS[i].rows[r] >> (GLYPHS[i].w - 1 - b) & 1)
                canvas_fill_rect(c, x + b * s, y + r * s, s, s, k);
}

/* Advance of ch at scale sc: its width and a pixel between letters. */
static int advance(char ch, int sc)
{
    int i = glyph_of(ch);
    return ((i >= 0 ? GLYPHS[i].w : 3) + 1) * sc;
}

static void label(canvas *c, int x, int y, const char *s, int sc, rgba k)
{
    for (; *s; x += advance(*s, sc), s++)
        glyph(c, x, y, *s, sc, k);
}

/* Width of label s at scale sc, its last pixel gap included. */
static int label_w(const char *s, int sc)
{
    int w = 0;
    for (; *s; s++)
        w += advance(*s, sc);
    return w;
}

/* Text in the ruler's glyphs at scale sc on a dark plate. */
static void plate(canvas *c, int x, int y, const char *s, int sc, rgba k)
{
    canvas_fill_rect(c, x - sc, y - sc, label_w(s, sc) + sc, 7 * sc, C_LABEL_BG);
    label(c, x, y, s, sc, k);
}

/* Text in the ruler's glyphs at scale sc with a dark outline (readable on water, ground
 * and rock alike, hiding only the pixels round its strokes). */
static void outlined(canvas *c, int x, int y, const char *s, int sc, rgba k)
{
    int o = sc > 1 ? sc / 2 : 1;
    static const int DX[] = { -1, 1, 0, 0, -1, 1, -1, 1 }, DY[] = { 0, 0, -1, 1, -1, -1, 1, 1 };
    for (int i = 0; i < 8; i++)
        label(c, x + DX[i] * o, y + DY[i] * o, s, sc, C_LABEL_BG);
    label(c, x, y, s, sc, k);
}

/* The first of 1, 5, 10, 20, 50, 100 m (from index from) at least px_min px apart. */
static int metres_apart(const side_layout *l, int from, int px_min)
{
    static const int STEP[] = { 1, 5, 10, 20, 50, 100 };
    int i = from;
    while (i < 5 && STEP[i] * l->zoom / 2 < px_min)
        i++;
    return STEP[i];
}

/* The depth ruler: metres from floor 1's datum, signed as the floors' labels and the
 * viewer's heights are ("-5" is 5 m below it), a tick every metre and a number every
 * 5 m when they fit (further apart at small zooms: 10, 20, 50 m), numbers above their
 * tick and inside the picture; each floor's label at its datum ("F2 -7.0 m",
 * spec/side-view.md) outlined and inside the picture; sizes at the layout's
 * pct, halved below 12 px a square. */
static void ruler(canvas *c, const dungeon *d, const side_layout *l)
{
    canvas_fill_rect(c, 0, 0, l->x0, l->h - l->sy, C_RULER_BG);
    /* half size below 12 px a square, where floors 6 m apart are 36 px or less: the
       labels' plates (7 dots high) never overlap */
    int sc = spx(l, l->zoom * 100 / l->pct < 12 ? 1 : 2), line = spx(l, 1);
    int tick = metres_apart(l, 0, 4), num = metres_apart(l, 1, 7 * sc);
    int32_t top_m = (l->top_cm / 100 + 1) / num * num + num;
    for (int32_t m = top_m; side_y(l, m * 100) < l->h - l->sy; m--) {
        int y = side_y(l, m * 100);
        if (m % tick)
            continue;
        int len = spx(l, m % num ? 6 : 14);
        canvas_fill_rect(c, l->x0 - len, y, len, line, C_RULER);
        if (m % num == 0 && y > spx(l, 6)) {
            char t[16];
            snprintf(t, sizeof t, m > 0 ? "+%d" : "%d", (int)m);
            label(c, spx(l, 4), y - 6 * sc < 0 ? 0 : y - 6 * sc, t, sc, C_RULER);
        }
    }
    for (int f = 0; f < d->floor_count; f++) {
        int32_t dm = d->datum_cm[f];
        char t[32];
        snprintf(t, sizeof t, "F%d %s%d.%d m", f + 1, dm < 0 ? "-" : "",
                 (int)(dm < 0 ? -dm : dm) / 100, (int)(dm < 0 ? -dm : dm) % 100 / 10);
        int y = side_y(l, dm), ly = y + 3 * sc, bottom = l->h - l->sy - 6 * sc;
        outlined(c, l->x0 + spx(l, 4), ly > bottom ? bottom : ly, t, sc, C_ENTRANCE);
        canvas_fill_rect(c, l->x0 - spx(l, 20), y, spx(l, 20), line, C_ENTRANCE);
    }
}

static void floor_things(canvas *c, const dungeon *d, const side_layout *l, int f)
{
    const dfloor *fl = &d->floors[f];
    for (int i = 0; i < fl->station_count; i++)
        if (on_cut(d, l, f, fl->stations[i].x, fl->stations[i].y))
            marker(c, d, l, f, fl->stations[i].x, fl->stations[i].y, 90, C_STATION);
    for (int i = 0; i < fl->monster_count; i++)
        if (on_cut(d, l, f, fl->monsters[i].x, fl->monsters[i].y))
            marker(c, d, l, f, fl->monsters[i].x, fl->monsters[i].y, 150, C_MONSTER);
    if (on_cut(d, l, f, fl->entrance_x, fl->entrance_y) &&
        floor_in(fl, fl->entrance_x, fl->entrance_y))
        marker(c, d, l, f, fl->entrance_x, fl->entrance_y, 180, C_ENTRANCE);
}

/* On a Shoals floor with a tide, its level as a line across the floor's part of the
 * picture (spec/side-view.md), 2 px at 16 px a square and more. */
static void tide_line(canvas *c, const dungeon *d, const side_layout *l, int f)
{
    int on;
    int32_t level = tide_level(d, l, f, &on);
    const dfloor *fl = &d->floors[f];
    int o0 = l->by_col ? fl->oy : fl->ox, n = l->by_col ? fl->h : fl->w;
    if (on)
        canvas_fill_rect(c, col_x(l, o0), side_y(l, level) - (l->zoom >= 16),
                         n * l->zoom, 1 + (l->zoom >= 16), C_TIDE);
}

void side_render(canvas *c, const dungeon *d, const side_layout *l)
{
    int w = l->w - l->sx > l->x0 ? l->w - l->sx : l->x0; /* the ruler whole at any scroll */
    canvas cv = canvas_view(c, 0, 0, w, l->h - l->sy);
    canvas_fill_rect(&cv, 0, 0, cv.w, cv.h, C_ROCK);
    for (int32_t m = l->top_cm / 100; side_y(l, m * 100) < l->h; m--)
        if (m % 5 == 0)
            canvas_fill_rect(&cv, l->x0, side_y(l, m * 100), cv.w - l->x0, 1, C_ROCK_LINE);
    /* behind the cut: the projected rooms, pits and ways, which the cut's squares hide */
    for (int f = 0; f < d->floor_count; f++) {
        project_floor(&cv, d, l, f);
        pits(&cv, d, l, f, 0);
    }
    for (int f = 0; f < d->floor_count; f++)
        ways(&cv, d, l, f, 0);
    for (int f = 0; f < d->floor_count; f++) {
        const dfloor *fl = &d->floors[f];
        int r = cut_on(d, l, f), n = l->by_col ? fl->h : fl->w, m = l->by_col ? fl->w : fl->h;
        for (int a = 0; r >= 0 && r < m && a < n; a++) {
            int x, y;
            square_of(l, a, r, &x, &y);
            cut_square(&cv, d, l, f, x, y);
        }
        pits(&cv, d, l, f, 1);
        floor_things(&cv, d, l, f);
    }
    for (int f = 0; f < d->floor_count; f++) {
        landings(&cv, d, l, f);
        ways(&cv, d, l, f, 1);
        tide_line(&cv, d, l, f);
    }
    ruler(&cv, d, l);
}

delve_status side_fit(const dungeon *d, const side_opts *cut, int mw, int mh, int col,
                      side_layout *l, delve_err *err)
{
    int pct = cut->pct;
    side_opts o = *cut;
    o.zoom = pct > 100 ? 48 * pct / 100 : 48;
    delve_status st = side_layout_of(d, &o, l, err);
    while ((st == DELVE_ELIMIT || (!st && l->h > mh)) && o.zoom > 4) {
        int z = st ? o.zoom / 2 : o.zoom * mh / l->h; /* too wide: halve it */
        o.zoom = z < 4 ? 4 : z < o.zoom ? z : o.zoom - 1;
        st = side_layout_of(d, &o, l, err);
    }
    if (st)
        return st;
    int mid = l->x0 + (col - l->c0) * l->zoom + l->zoom / 2;
    int sx = mid - (l->x0 + (mw - l->x0) / 2), most = l->w - mw;
    l->sx = sx > most ? most : sx;
    l->sx = l->sx < 0 ? 0 : l->sx;
    return DELVE_OK;
}

char *side_depth_text(int cm, char *buf, size_t cap)
{
    cm = cm < 0 ? 0 : cm;
    snprintf(buf, cap, "%d.%d m", cm / 100, cm % 100 / 10);
    return buf;
}

int side_top(const side_layout *l, int area_h)
{
    return l->h < area_h ? (area_h - l->h) / 2 : 0;
}

void side_draw_party(canvas *pic, const side_layout *l, const side_party *p)
{
    /* on the picture right of the ruler only: a party panned past the left edge is not
       drawn over the depths */
    canvas body = canvas_view(pic, l->x0, 0, pic->w - l->x0, pic->h), *c = &body;
    int z = l->zoom, x = col_x(l, p->col) - l->x0, feet = side_y(l, p->feet_cm);
    int tall = side_y(l, 0) - side_y(l, SIDE_PARTY_CM), w = z / 2 < 4 ? 4 : z / 2;
    tall = tall < 6 ? 6 : tall;
    canvas_fill_rect(c, x + (z - w) / 2 - 1, feet - tall - 1, w + 2, tall + 2, C_PARTY_EDGE);
    canvas_fill_rect(c, x + (z - w) / 2, feet - tall, w, tall,
                     p->off_cut ? C_PARTY_GHOST : C_PARTY);
    int sc = spx(l, z * 100 / l->pct >= 24 ? 4 : 3), tx = x + z + 2 * sc;
    char t[32];
    if (p->fallen_cm >= 0)
        plate(c, tx, feet - tall, side_depth_text(p->fallen_cm, t, sizeof t), sc, C_COUNTER);
    /* the damage under the counter, a plate every 16 dots, in rows that stay inside the
       picture: a plate that would run out of it starts the next row, and a row's first
       plate moves left to fit whole (six members beside a marker near the right edge
       ran out of it; "-12" cut to "-1" misreads) */
    int px = tx, row = 1;
    for (int i = 0; i < p->damage_count && i < 6; i++) {
        snprintf(t, sizeof t, "-%d", p->damage[i]);
        int pw = label_w(t, sc);
        if (px > tx && px + pw > c->w) {
            px = tx;
            row++;
        }
        int at = px == tx && px + pw > c->w ? c->w - pw : px;
        plate(c, at < sc ? sc : at, feet - tall + 8 * sc * row, t, sc, C_DAMAGE);
        px += 16 * sc;
    }
}
