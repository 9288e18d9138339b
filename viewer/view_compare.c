/* view_compare: two dungeons in one window (delve view --compare) and the side view's
 * keys. A is what the command line names before `--` (or the first .dun), B the same
 * with the settings after `--` over it (or the second .dun). The one not shown waits in
 * alt, alt_fs and alt_w; Tab swaps them whole (a film playing is stopped first) and
 * keeps the camera. The differences layer rings each square whose terrain, height, pit,
 * way or station is not the same on the same floor of the other dungeon. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/side.h"
#include "viewer/view_app.h"

/* 1 when square (x, y) of floor a is not what it is on floor b (off one floor counts). */
static int square_differs(const dfloor *a, const dfloor *b, int x, int y)
{
    int in_a = floor_in(a, x, y), in_b = floor_in(b, x, y);
    if (in_a != in_b)
        return 1;
    if (!in_a)
        return 0;
    int i = y * a->w + x, j = y * b->w + x;
    int32_t ha = a->height_cm ? a->height_cm[i] : 0, hb = b->height_cm ? b->height_cm[j] : 0;
    return a->terrain[i] != b->terrain[j] || ha != hb ||
           (floor_pit_at(a, x, y) >= 0) != (floor_pit_at(b, x, y) >= 0) ||
           (floor_way_at(a, x, y) >= 0) != (floor_way_at(b, x, y) >= 0) ||
           (floor_station_at(a, x, y) >= 0) != (floor_station_at(b, x, y) >= 0);
}

/* Appends the squares of floor fi unlike the other dungeon's to v->diffs (*cap grown). */
static int floor_diffs(viewer *v, int fi, int *cap)
{
    const dfloor *a = &v->w.dg.floors[fi], *b = &v->alt_w.dg.floors[fi];
    int w = a->w > b->w ? a->w : b->w, h = a->h > b->h ? a->h : b->h;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            if (!square_differs(a, b, x, y))
                continue;
            if (v->diff_count == *cap) {
                int n = *cap ? 2 * *cap : 256;
                frame_mark *m = realloc(v->diffs, (size_t)n * sizeof *m);
                if (!m)
                    return -1;
                v->diffs = m;
                *cap = n;
            }
            v->diffs[v->diff_count++] = (frame_mark){ fi, x, y, 0 };
        }
    return 0;
}

/* The differences layer's squares, remade from both worlds (floors both have). */
void viewer_compare_diffs(viewer *v)
{
    int cap = 0;
    free(v->diffs);
    v->diffs = NULL;
    v->diff_count = 0;
    if (v->have_world && v->have_alt) {
        int n = v->w.dg.floor_count < v->alt_w.dg.floor_count ? v->w.dg.floor_count
                                                                : v->alt_w.dg.floor_count;
        for (int fi = 0; fi < n; fi++)
            if (floor_diffs(v, fi, &cap)) {
                v->diff_count = 0;
                break;
            }
    }
    v->vo.diffs = v->diffs;
    v->vo.diff_count = v->diff_count;
}

/* "A: " or "B: " before fs's title (the panel's first line). */
void viewer_compare_title(const viewer *v, film_script *fs, int b)
{
    char t[FILM_TEXT_MAX];
    if (!v->a.compare)
        return;
    const char *dun = b == v->showing_b ? v->a.dun : v->alt.dun; /* a file: its name */
    snprintf(t, sizeof t, "%c: %.*s", b ? 'B' : 'A', (int)sizeof t - 4, dun ? dun : fs->title);
    memcpy(fs->title, t, sizeof t);
}

delve_status viewer_compare_open(viewer *v, delve_err *err)
{
    delve_status st = viewer_load_script(&v->alt, &v->alt_fs, err);
    if (!st && (st = director_build_world(&v->alt_fs, &v->alt_w, err)) != DELVE_OK)
        film_free(&v->alt_fs);
    v->have_alt = !st;
    if (st)
        return st;
    viewer_compare_title(v, &v->fs, 0);
    viewer_compare_title(v, &v->alt_fs, 1);
    viewer_compare_diffs(v);
    return DELVE_OK;
}

void viewer_compare_free(viewer *v)
{
    if (v->have_alt) {
        world_free(&v->alt_w);
        film_free(&v->alt_fs);
    }
    v->have_alt = 0;
    free(v->diffs);
    v->diffs = NULL;
    v->diff_count = 0;
}

/* How many squares of floor fi differ. */
static int diffs_on(const viewer *v, int fi)
{
    int n = 0;
    for (int i = 0; i < v->diff_count; i++)
        n += v->diffs[i].floor == fi;
    return n;
}

/* Tab: the other dungeon shown (the film stopped before it), its layers and timeline. */
void viewer_compare_swap(viewer *v)
{
    if (!v->have_alt || !v->have_world)
        return;
    viewer_args a = v->a;
    film_script fs = v->fs;
    world w = v->w;
    v->a = v->alt, v->alt = a;
    v->fs = v->alt_fs, v->alt_fs = fs;
    v->w = v->alt_w, v->alt_w = w;
    v->showing_b = !v->showing_b;
    v->watched = 0; /* the files in use changed, not on disk */
    v->frame = v->last_frame = v->playing = 0;
    viewer_camera_clamp(v);
    viewer_layers_update(v);
    viewer_survey(v);
    viewer_compare_say(v, "Tab");
}

/* "KEY: A shown; N squares on floor F unlike B (d rings them)" on the status line. */
void viewer_compare_say(viewer *v, const char *key)
{
    int fi = viewer_shown_floor(v), n = diffs_on(v, fi);
    viewer_say(v, "%s: %c shown; %d square%s on floor %d unlike %c (d rings them)", key,
               v->showing_b ? 'B' : 'A', n, n == 1 ? "" : "s", fi + 1, v->showing_b ? 'A' : 'B');
}

/* After the shown dungeon was reloaded (n, p, r): the other one from v->alt, its seed
 * moved by seed_step too. 1 when done; 0 with the status line saying why (kept). */
int viewer_compare_reload(viewer *v, int seed_step)
{
    film_script fs;
    world w;
    delve_err e = { "" };
    if (!v->a.compare || !v->have_alt)
        return 1;
    viewer_args was = v->alt;
    if (seed_step) {
        v->alt.o.seed += (uint64_t)(int64_t)seed_step;
        v->alt.given |= OPTS_BIT(OPTS_SEED);
    }
    delve_status st = viewer_load_script(&v->alt, &fs, &e);
    if (!st && (st = director_build_world(&fs, &w, &e)) != DELVE_OK)
        film_free(&fs);
    if (st) {
        v->alt = was;
        viewer_say(v, "%c not reloaded: %s", v->showing_b ? 'A' : 'B', e.msg);
        return 0;
    }
    world_free(&v->alt_w);
    film_free(&v->alt_fs);
    v->alt_w = w;
    v->alt_fs = fs;
    viewer_compare_title(v, &v->fs, v->showing_b);
    viewer_compare_title(v, &v->alt_fs, !v->showing_b);
    viewer_compare_diffs(v);
    return 1;
}

/* The cut row for v: the row under the mouse, else the party's, on floor 1's grid. */
static int side_row_now(const viewer *v)
{
    int fi, x, y;
    if (!(v->mouse_in && frame_square_at(&v->c, &v->w, &v->vo, v->mx, v->my, &fi, &x, &y)))
        fi = v->w.floor, y = world_sy(&v->w);
    const dfloor *f0 = &v->w.dg.floors[0];
    int r = y + v->w.dg.floors[fi].oy - f0->oy;
    return r < 0 ? 0 : r >= f0->h ? f0->h - 1 : r;
}

void viewer_side_hint(const viewer *v, char *buf, size_t cap)
{
    snprintf(buf, cap, "side view cut along %s %d of floor 1: up/down move the cut, o the %s, "
             "v the map", v->vo.side_by_col ? "column" : "row",
             v->vo.side_by_col ? v->vo.side_col : v->vo.side_row,
             v->vo.side_by_col ? "row" : "column");
}

void viewer_side_say(viewer *v)
{
    char hint[VIEWER_LINE_MAX];
    viewer_side_hint(v, hint, sizeof hint);
    viewer_say(v, "%s", hint);
    v->status_hint = 1;
}

/* The side view's cut checked: its picture drawn at a zoom it fits (else the side view
 * off with why); says the cut. */
static void side_cut_changed(viewer *v, const char *key)
{
    int w, h;
    delve_err e = { "" };
    v->vo.side_x = v->vo.side_y = 0;
    viewer_side_scale(v);
    if (frame_side_size(&v->w, &v->vo, &w, &h, &e) == DELVE_ELIMIT)
        viewer_side_fit(v); /* too large at this zoom: the zoom it fits at */
    if (frame_side_size(&v->w, &v->vo, &w, &h, &e)) {
        v->vo.side = 0;
        viewer_say(v, "%s: no side view: %s", key, e.msg);
        return;
    }
    viewer_side_say(v);
}

/* v: the side view on (cut along the row under the mouse or the party's) or off. */
void viewer_side_toggle(viewer *v)
{
    if (v->vo.side || !v->have_world) {
        v->vo.side = 0;
        return;
    }
    v->vo.side_row = side_row_now(v);
    v->vo.side_by_col = 0;
    v->vo.side = 1;
    side_cut_changed(v, "v");
}

/* o: the cut turned from the row to the party's column on floor 1's grid, or back. */
static void side_turn(viewer *v)
{
    const dfloor *f0 = &v->w.dg.floors[0];
    int x = world_sx(&v->w) + v->w.dg.floors[v->w.floor].ox - f0->ox;
    v->vo.side_col = x < 0 ? 0 : x >= f0->w ? f0->w - 1 : x;
    v->vo.side_by_col = !v->vo.side_by_col;
    side_cut_changed(v, "o");
}

/* The side view's keys: up/down move the cut a row (or column), o turns it, left/right
 * pan. 1 when handled. */
int viewer_side_key(viewer *v, SDL_Keycode k)
{
    if (!v->vo.side)
        return 0;
    int z = v->vo.zoom, *cut = v->vo.side_by_col ? &v->vo.side_col : &v->vo.side_row;
    int n = v->vo.side_by_col ? v->w.dg.floors[0].w : v->w.dg.floors[0].h;
    switch (k) {
    case SDLK_o: side_turn(v); return 1;
    case SDLK_UP: *cut -= *cut > 0; break;
    case SDLK_DOWN: *cut += *cut < n - 1; break;
    case SDLK_LEFT: viewer_pan_px(v, -4 * z, 0); return 1;
    case SDLK_RIGHT: viewer_pan_px(v, 4 * z, 0); return 1;
    default: return 0;
    }
    viewer_side_say(v);
    return 1;
}

/* "-7.25 m": a height in cm from the datum, to the centimetre. */
static void height_text(int32_t cm, char *buf, size_t cap)
{
    snprintf(buf, cap, "%s%d.%02d m", cm < 0 ? "-" : "+", (cm < 0 ? -cm : cm) / 100,
             (cm < 0 ? -cm : cm) % 100);
}

/* The hover line over the side view: over the ruler the height; over the picture the
 * height first (the panel's box may cut the rest), then the party when the mouse is on
 * its marker, else the floor whose room or slab holds that height at that place of the
 * cut and what is on its square there (as on the map: world_describe), else "rock (x N
 * on floor 1's grid)" (y N along a column). */
void viewer_side_hover(const viewer *v, char *buf, size_t cap)
{
    side_opts so = { .zoom = v->vo.zoom, .row = v->vo.side_row, .pct = v->vo.side_pct,
                     .by_col = v->vo.side_by_col, .col = v->vo.side_col };
    side_layout l;
    delve_err e = { "" };
    if (!v->mouse_in || v->mx >= viewer_map_w(v) || v->my >= viewer_map_h(v) ||
        side_layout_of(&v->w.dg, &so, &l, &e))
        return;
    int px = v->mx + v->vo.side_x, py = v->my - side_top(&l, viewer_map_h(v)) + v->vo.side_y;
    if (px >= l.w || py < 0 || py >= l.h)
        return;
    char h[32], what[VIEWER_LINE_MAX];
    int32_t cm = l.top_cm - (int32_t)((int64_t)py * 200 / l.zoom);
    height_text(cm, h, sizeof h);
    const char *cut = l.by_col ? "column" : "row";
    int at = l.by_col ? l.col : l.row;
    if (v->mx < l.x0) {
        snprintf(buf, cap, "side view, %s %d: %s", cut, at, h);
        return;
    }
    const dungeon *d = &v->w.dg;
    int a = (px - l.x0) / l.zoom + l.c0; /* along the picture, on the common grid */
    snprintf(what, sizeof what, "rock (%s %d on floor 1's grid)", l.by_col ? "y" : "x",
             a - (l.by_col ? d->floors[0].oy : d->floors[0].ox));
    int sx = world_sx(&v->w), sy = world_sy(&v->w), pf = v->w.floor;
    int32_t feet = dungeon_ground_cm(d, pf, sx, sy);
    if (a == side_along(d, &l, pf, sx, sy) && cm >= feet && cm < feet + SIDE_PARTY_CM) {
        snprintf(buf, cap, "side view, %s %d: %s; the party, F%d %d,%d (%s the cut)", cut, at,
                 h, pf + 1, sx, sy, side_on_cut(d, &l, pf, sx, sy) ? "on" : "behind");
        return;
    }
    int f, x, y;
    if (side_square_at(d, &l, a, cm, &f, &x, &y)) {
        char sq[VIEWER_LINE_MAX - 16];
        world_describe(&v->w, f, x, y, sq, (int)sizeof sq);
        snprintf(what, sizeof what, "F%d %s", f + 1, sq);
    }
    snprintf(buf, cap, "side view, %s %d: %s; %s", cut, at, h, what);
}
