/* overlay: the viewer's layers, drawn after the map and before the party's lamps would
 * hide nothing they show. Each layer reads only the world (engine/): heights from
 * height_cm, rooms from dfloor.rooms, ways' far ends through the common grid, pit
 * landings through dungeon_below, routes from the world's monster loops, check marks
 * from the caller. */
#include "render/overlay.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/monster.h"
#include "render/look.h"
#include "render/paint.h"

#define HEIGHT_FULL_CM 200  /* the strongest tint: 2 m from the datum */

/* Layer names in FRAME_OV_* bit order, for the legend. */
static const char *const LAYER_NAMES[FRAME_OV_COUNT] = {
    "heights", "rooms", "way links", "pit landings", "routes", "checks", "tide",
    "differences",
};
_Static_assert(sizeof LAYER_NAMES / sizeof LAYER_NAMES[0] == FRAME_OV_COUNT, "one name a layer");

static const rgba ROUTE_COLS[4] = {
    { 120, 220, 255, 220 }, { 255, 140, 220, 220 }, { 170, 255, 120, 220 }, { 255, 230, 110, 220 },
};

static int on_map(const overlay_place *pl, int x, int y)
{
    return x >= pl->sx0 && x < pl->sx1 && y >= pl->sy0 && y < pl->sy1;
}

static int mid_x(const overlay_place *pl, int x) { return pl->ox + x * pl->z + pl->z / 2; }
static int mid_y(const overlay_place *pl, int y) { return pl->oy + y * pl->z + pl->z / 2; }

static void heights(canvas *m, const overlay_place *pl)
{
    const dfloor *f = pl->f;
    if (!f->height_cm)
        return;
    for (int y = pl->sy0; y < pl->sy1; y++)
        for (int x = pl->sx0; x < pl->sx1; x++) {
            int32_t h = f->height_cm[y * f->w + x];
            if (!floor_open(f, x, y) || h == 0)
                continue;
            int a = (int)((h < 0 ? -h : h) * 200 / HEIGHT_FULL_CM);
            a = a > 200 ? 200 : a < 80 ? 80 : a;
            rgba c = h < 0 ? (rgba){ 40, 110, 255, (uint8_t)a } : (rgba){ 255, 130, 30, (uint8_t)a };
            canvas_blend_rect(m, pl->ox + x * pl->z, pl->oy + y * pl->z, pl->z, pl->z, c);
        }
}

static void label(canvas *m, text_ctx *txt, int x, int y, rgba col, const char *s)
{
    if (!txt)
        return;
    int w = text_width(txt, 12, TEXT_BOLD, s);
    canvas_blend_rect(m, x - 2, y - 1, w + 4, 16, (rgba){ 0, 0, 0, 170 });
    text_draw(m, txt, x, y, 12, TEXT_BOLD, col, s);
}

static void rooms(canvas *m, const overlay_place *pl, text_ctx *txt)
{
    const dfloor *f = pl->f;
    rgba col = { 120, 255, 170, 255 };
    for (int i = 0; i < f->room_count; i++) {
        const room *r = &f->rooms[i];
        int x = pl->ox + r->x * pl->z, y = pl->oy + r->y * pl->z;
        canvas_frame_rect(m, x, y, r->w * pl->z, r->h * pl->z, 2, paint_alpha(col, 200));
        char s[16];
        snprintf(s, sizeof s, "%d", i);
        label(m, txt, x + 4, y + 3, col, s);
    }
}

/* A way's line to where its far end is on the common grid, and "F2 31,7" by it. */
static void ways(canvas *m, const overlay_place *pl, text_ctx *txt)
{
    const dfloor *f = pl->f;
    const dungeon *d = &pl->w->dg;
    for (int i = 0; i < f->way_count; i++) {
        const way *wy = &f->ways[i];
        if (wy->to_floor < 0 || wy->to_floor >= d->floor_count)
            continue;
        const dfloor *t = &d->floors[wy->to_floor];
        int tx, ty;
        dungeon_landing(t, f, wy->to_x, wy->to_y, &tx, &ty);
        rgba col = wy->to_floor > f->index ? (rgba){ 255, 210, 90, 230 } : (rgba){ 140, 200, 255, 230 };
        paint_line(m, mid_x(pl, wy->x), mid_y(pl, wy->y), mid_x(pl, tx), mid_y(pl, ty), col);
        paint_ring(m, mid_x(pl, tx) * PAINT_SUB, mid_y(pl, ty) * PAINT_SUB, pl->z * PAINT_SUB / 4,
                   pl->z * PAINT_SUB / 4 + 2 * PAINT_SUB, col);
        char s[32];
        snprintf(s, sizeof s, "F%d %d,%d", wy->to_floor + 1, wy->to_x, wy->to_y);
        if (on_map(pl, wy->x, wy->y))
            label(m, txt, pl->ox + (wy->x + 1) * pl->z, pl->oy + wy->y * pl->z, col, s);
    }
}

/* This floor's pits with a line to the square they drop to (on the floor below, same
 * grid), and rings where the pits of the floor above land here. */
static void pits(canvas *m, const overlay_place *pl, text_ctx *txt)
{
    const dfloor *f = pl->f;
    const dungeon *d = &pl->w->dg;
    rgba down = { 255, 90, 200, 240 }, in = { 255, 90, 90, 240 };
    int bx, by;
    for (int i = 0; i < f->pit_count; i++) {
        const pit *p = &f->pits[i];
        if (!dungeon_below(d, f->index, p->x, p->y, &bx, &by))
            continue;
        const dfloor *b = &d->floors[f->index + 1];
        int tx, ty;
        dungeon_landing(b, f, bx, by, &tx, &ty);
        paint_line(m, mid_x(pl, p->x), mid_y(pl, p->y), mid_x(pl, tx), mid_y(pl, ty), down);
        char s[32];
        snprintf(s, sizeof s, "lands F%d %d,%d", f->index + 2, bx, by);
        label(m, txt, pl->ox + (p->x + 1) * pl->z, pl->oy + p->y * pl->z + pl->z / 2, down, s);
    }
    if (f->index == 0)
        return;
    const dfloor *a = &d->floors[f->index - 1];
    for (int i = 0; i < a->pit_count; i++)
        if (dungeon_below(d, a->index, a->pits[i].x, a->pits[i].y, &bx, &by) && floor_in(f, bx, by)) {
            int cx = mid_x(pl, bx) * PAINT_SUB, cy = mid_y(pl, by) * PAINT_SUB, r = pl->z * PAINT_SUB / 2;
            paint_ring(m, cx, cy, r - 3 * PAINT_SUB, r, in);
            paint_ring(m, cx, cy, r / 3, r / 3 + 2 * PAINT_SUB, in);
        }
}

static void routes(canvas *m, const overlay_place *pl)
{
    const dfloor *f = pl->f;
    const monster_loops *ml = &pl->w->loops;
    if (!ml->loops || f->index >= ml->floors)
        return;
    for (int p = 0; p < f->patrol_count && p < FLOOR_MAX_PATROLS; p++) {
        const monster_loop *l = &ml->loops[(f->index * FLOOR_MAX_PATROLS + p) * 2];
        rgba col = ROUTE_COLS[p % 4];
        for (int j = 0; j < l->len; j++) {
            int k = (j + 1) % l->len;
            paint_line(m, mid_x(pl, l->x[j]), mid_y(pl, l->y[j]), mid_x(pl, l->x[k]),
                       mid_y(pl, l->y[k]), col);
        }
        for (int j = 0; j < f->patrols[p].count; j++) /* the waypoints */
            paint_disc(m, mid_x(pl, f->patrols[p].x[j]) * PAINT_SUB,
                       mid_y(pl, f->patrols[p].y[j]) * PAINT_SUB, pl->z * PAINT_SUB / 6, col);
    }
}

static void checks(canvas *m, const overlay_place *pl, const frame_opts *o)
{
    for (int i = 0; i < o->mark_count; i++) {
        const frame_mark *k = &o->marks[i];
        if (k->floor != pl->f->index || !on_map(pl, k->x, k->y))
            continue;
        rgba col = k->error ? (rgba){ 255, 40, 40, 255 } : (rgba){ 255, 200, 0, 255 };
        int x = pl->ox + k->x * pl->z, y = pl->oy + k->y * pl->z, z = pl->z, t = z >= 16 ? 3 : 1;
        canvas_frame_rect(m, x - t, y - t, z + 2 * t, z + 2 * t, t, (rgba){ 0, 0, 0, 255 });
        canvas_frame_rect(m, x, y, z, z, t, col);
        for (int d = 0; d < t; d++) { /* a cross: the square is wrong */
            paint_line(m, x + d, y, x + z - 1, y + z - 1 - d, col);
            paint_line(m, x + z - 1 - d, y, x, y + z - 1 - d, col);
        }
    }
}

/* Shallow water now: blue; dry now but shallow at high tide: cyan stripes. */
static void tide(canvas *m, const overlay_place *pl, const frame_opts *o)
{
    if (!o->tide || o->tide_floor != pl->f->index)
        return;
    int z = pl->z, step = z >= 8 ? z / 4 : 2;
    for (int y = pl->sy0; y < pl->sy1; y++)
        for (int x = pl->sx0; x < pl->sx1; x++) {
            uint8_t t = o->tide[y * pl->f->w + x];
            int px = pl->ox + x * z, py = pl->oy + y * z;
            if (t & FRAME_TIDE_NOW) {
                canvas_blend_rect(m, px, py, z, z, (rgba){ 20, 70, 255, 120 });
                continue;
            }
            if (!(t & FRAME_TIDE_HIGH))
                continue;
            canvas sq = canvas_view(m, px, py, z, z); /* stripes clipped to the square */
            canvas_blend_rect(m, px, py, z, z, (rgba){ 0, 40, 90, 90 });
            for (int d = 0; d < 2 * z; d += step) {
                paint_line(&sq, d - z, z - 1, d, 0, (rgba){ 80, 240, 255, 255 });
                paint_line(&sq, d - z + 1, z - 1, d + 1, 0, (rgba){ 80, 240, 255, 255 });
            }
        }
}

/* 1 when square (x, y) of the floor is in mask (w * h; off the floor: 0). */
static int masked(const uint8_t *mask, const dfloor *f, int x, int y)
{
    return floor_in(f, x, y) && mask[y * f->w + x];
}

/* The compare layer: the squares unlike the other dungeon's whitened, and the edges of
 * each patch of them outlined (white, black outside). Without memory: a ring a square. */
static void diffs(canvas *m, const overlay_place *pl, const frame_opts *o)
{
    const dfloor *f = pl->f;
    uint8_t *mask = calloc((size_t)f->w * (size_t)f->h, 1);
    int z = pl->z, t = z >= 16 ? 2 : 1;
    for (int i = 0; i < o->diff_count; i++) {
        const frame_mark *k = &o->diffs[i];
        if (k->floor != f->index || !on_map(pl, k->x, k->y))
            continue;
        int x = pl->ox + k->x * z, y = pl->oy + k->y * z;
        canvas_blend_rect(m, x, y, z, z, (rgba){ 255, 255, 255, 70 });
        if (mask)
            mask[k->y * f->w + k->x] = 1;
        else
            canvas_frame_rect(m, x, y, z, z, t, (rgba){ 255, 255, 255, 255 });
    }
    for (int y = pl->sy0; mask && y < pl->sy1; y++)
        for (int x = pl->sx0; x < pl->sx1; x++) {
            if (!mask[y * f->w + x])
                continue;
            int px = pl->ox + x * z, py = pl->oy + y * z;
            rgba wh = { 255, 255, 255, 255 }, bl = { 0, 0, 0, 255 };
            if (!masked(mask, f, x, y - 1))
                canvas_fill_rect(m, px, py - t, z, t, bl), canvas_fill_rect(m, px, py, z, t, wh);
            if (!masked(mask, f, x, y + 1))
                canvas_fill_rect(m, px, py + z, z, t, bl), canvas_fill_rect(m, px, py + z - t, z, t, wh);
            if (!masked(mask, f, x - 1, y))
                canvas_fill_rect(m, px - t, py, t, z, bl), canvas_fill_rect(m, px, py, t, z, wh);
            if (!masked(mask, f, x + 1, y))
                canvas_fill_rect(m, px + z, py, t, z, bl), canvas_fill_rect(m, px + z - t, py, t, z, wh);
        }
    free(mask);
}

void overlay_draw(canvas *map, const overlay_place *pl, const frame_opts *o, text_ctx *txt)
{
    unsigned ov = o->overlays;
    if (ov & FRAME_OV_HEIGHTS)
        heights(map, pl);
    if (ov & FRAME_OV_ROUTES)
        routes(map, pl);
    if (ov & FRAME_OV_ROOMS)
        rooms(map, pl, txt);
    if (ov & FRAME_OV_WAYS)
        ways(map, pl, txt);
    if (ov & FRAME_OV_PITS)
        pits(map, pl, txt);
    if (ov & FRAME_OV_TIDE)
        tide(map, pl, o);
    if (ov & FRAME_OV_CHECKS)
        checks(map, pl, o);
    if (ov & FRAME_OV_DIFF)
        diffs(map, pl, o);
}

void overlay_timeline(canvas *s, const frame_timeline *tl)
{
    canvas_fill_rect(s, 0, 0, s->w, s->h, (rgba){ 20, 20, 26, 255 });
    canvas_fill_rect(s, 0, 0, s->w, 1, LOOK_PANEL_EDGE);
    if (tl->total <= 0 || s->w < 2)
        return;
    int done = (int)((int64_t)s->w * (tl->shown < 0 ? 0 : tl->shown) / tl->total);
    canvas_fill_rect(s, 0, 5, done, s->h - 10, (rgba){ 70, 90, 130, 255 });
    for (int i = 0; i < tl->tick_count; i++) {
        int x = (int)((int64_t)s->w * (tl->ticks[i] - 1) / tl->total);
        canvas_fill_rect(s, x, 2, 1, s->h - 4, LOOK_GOAL);
    }
    if (tl->shown > 0)
        canvas_fill_rect(s, done > 1 ? done - 2 : 0, 1, 3, s->h - 1, LOOK_TEXT);
}

int overlay_legend_h(const frame_opts *o, text_ctx *txt)
{
    int n = o->legend ? (int)strlen(o->legend) : 0;
    n = n > FRAME_OV_COUNT ? FRAME_OV_COUNT : n;
    return o->legend && txt ? (n + 1) / 2 * text_line_h(txt, 12, TEXT_SANS) + 24 : 0;
}

void overlay_legend(canvas *a, const frame_opts *o, text_ctx *txt)
{
    if (!o->legend || !txt)
        return;
    int lh = text_line_h(txt, 12, TEXT_SANS), x = 16, col_w = (a->w - 32) / 2;
    text_draw(a, txt, x, 0, 11, TEXT_BOLD, LOOK_TEXT_DIM, "LAYERS");
    for (int i = 0; i < FRAME_OV_COUNT && o->legend[i]; i++) {
        char s[48];
        snprintf(s, sizeof s, "%c  %s", o->legend[i], LAYER_NAMES[i]);
        int on = (o->overlays >> i) & 1;
        text_draw(a, txt, x + (i % 2) * col_w, 16 + (i / 2) * lh, 12, on ? TEXT_BOLD : TEXT_SANS,
                  on ? LOOK_TEXT : LOOK_TEXT_DIM, s);
    }
}
