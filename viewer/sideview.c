/* sideview: the side view in the map area (sideview.h). Its picture (render/side.h) is
 * larger or smaller than the map; the part shown starts at (x, y) of it, kept so no void
 * shows past the picture's right or bottom edge. */
#include <stdio.h>

#include "render/side.h"
#include "viewer/sideview.h"

void sideview_to_frame(const sideview *s, frame_opts *o)
{
    o->side = s->on;
    o->side_row = s->row;
    o->side_col = s->col;
    o->side_by_col = s->by_col;
    o->side_x = s->x;
    o->side_y = s->y;
    o->side_pct = s->pct;
}

/* The picture's size at the camera's zoom (frame_side_size's errors). */
static delve_status picture_size(const sideview *s, const camera_view *c, const world *w, int *pw,
                                 int *ph, delve_err *e)
{
    frame_opts o = camera_frame(c);
    sideview_to_frame(s, &o);
    return frame_side_size(w, &o, pw, ph, e);
}

void sideview_scale(sideview *s, const camera_view *c)
{
    s->pct = frame_hud_scale(camera_map_w(c), camera_map_h(c));
}

void sideview_clamp(sideview *s, const camera_view *c, const world *w, say_line *msg)
{
    int pw, ph;
    delve_err e = { "" };
    if (!s->on || !w)
        return;
    sideview_scale(s, c);
    int rows = w->dg.floors[0].h; /* another dungeon (Tab, n, r) may have fewer rows */
    int cols = w->dg.floors[0].w;
    s->row = s->row >= rows ? rows - 1 : s->row;
    s->col = s->col >= cols ? cols - 1 : s->col;
    if (picture_size(s, c, w, &pw, &ph, &e)) {
        s->on = 0;
        say_set(msg, "side view off: %s", e.msg);
        return;
    }
    int mx = pw - camera_map_w(c), my = ph - camera_map_h(c);
    s->x = s->x > mx ? mx : s->x;
    s->y = s->y > my ? my : s->y;
    s->x = s->x < 0 ? 0 : s->x;
    s->y = s->y < 0 ? 0 : s->y;
}

void sideview_zoom(sideview *s, camera_view *c, const world *w, int z2, int px, int py,
                   say_line *msg)
{
    sideview_scale(s, c);
    int pw, ph, z = c->zoom, x0 = s->x, y0 = s->y, mh = camera_map_h(c);
    int ruler = side_ruler_px(s->pct);
    delve_err e = { "" };
    if (!picture_size(s, c, w, &pw, &ph, &e) && ph < mh)
        y0 -= (mh - ph) / 2; /* centred (side_top): the picture's row under py is y0 + py */
    c->zoom = z2;
    if (picture_size(s, c, w, &pw, &ph, &e)) {
        c->zoom = z;
        say_set(msg, "no closer: %s", e.msg);
        return;
    }
    int fx = x0 + px - ruler;
    s->x = (fx > 0 ? fx * z2 / z : fx) + ruler - px;
    s->y = (y0 + py) * z2 / z - py;
    sideview_clamp(s, c, w, msg);
}

void sideview_zoom_at(sideview *s, camera_view *c, const world *w, int dir, int px, int py,
                      say_line *msg)
{
    int mw = camera_map_w(c), mh = camera_map_h(c);
    int in = px >= 0 && py >= 0 && px < mw && py < mh;
    sideview_zoom(s, c, w, camera_zoom_step(c->zoom, dir), in ? px : mw / 2, in ? py : mh / 2,
                  msg);
}

void sideview_pan(sideview *s, const camera_view *c, const world *w, int dx, int dy,
                  say_line *msg)
{
    s->x += dx, s->y += dy;
    sideview_clamp(s, c, w, msg);
}

void sideview_fit(sideview *s, camera_view *c, const world *w)
{
    int i = CAMERA_ZOOM_COUNT - 1, pw, ph;
    delve_err e = { "" };
    sideview_scale(s, c);
    for (; i > 0; i--) {
        c->zoom = CAMERA_ZOOMS[i];
        if (!picture_size(s, c, w, &pw, &ph, &e) && pw <= camera_map_w(c) &&
            ph <= camera_map_h(c))
            break;
    }
    c->zoom = CAMERA_ZOOMS[i];
    s->x = s->y = 0;
}

void sideview_hint(const sideview *s, char *buf, size_t cap)
{
    snprintf(buf, cap, "side view cut along %s %d of floor 1: up/down move the cut, o the %s, "
             "v the map", s->by_col ? "column" : "row", s->by_col ? s->col : s->row,
             s->by_col ? "row" : "column");
}

void sideview_say(const sideview *s, say_line *msg)
{
    char hint[SAY_LINE_MAX];
    sideview_hint(s, hint, sizeof hint);
    say_set(msg, "%s", hint);
    msg->hint = 1;
}

/* The cut checked: its picture drawn at a zoom it fits (else the side view off with
 * why); says the cut. */
static void cut_changed(sideview *s, camera_view *c, const world *w, const char *key,
                        say_line *msg)
{
    int pw, ph;
    delve_err e = { "" };
    s->x = s->y = 0;
    sideview_scale(s, c);
    if (picture_size(s, c, w, &pw, &ph, &e) == DELVE_ELIMIT)
        sideview_fit(s, c, w); /* too large at this zoom: the zoom it fits at */
    if (picture_size(s, c, w, &pw, &ph, &e)) {
        s->on = 0;
        say_set(msg, "%s: no side view: %s", key, e.msg);
        return;
    }
    sideview_say(s, msg);
}

/* The cut row: the row under the mouse, else the party's, on floor 1's grid. */
static int row_now(const camera_view *c, const world *w, int in, int mx, int my)
{
    int fi, x, y;
    if (!(in && camera_square_at(c, w, mx, my, &fi, &x, &y)))
        fi = w->floor, y = world_sy(w);
    const dfloor *f0 = &w->dg.floors[0];
    int r = y + w->dg.floors[fi].oy - f0->oy;
    return r < 0 ? 0 : r >= f0->h ? f0->h - 1 : r;
}

void sideview_toggle(sideview *s, camera_view *c, const world *w, int in, int mx, int my,
                     say_line *msg)
{
    if (s->on || !w) {
        s->on = 0;
        return;
    }
    s->row = row_now(c, w, in, mx, my);
    s->by_col = 0;
    s->on = 1;
    cut_changed(s, c, w, "v", msg);
}

void sideview_turn(sideview *s, camera_view *c, const world *w, say_line *msg)
{
    const dfloor *f0 = &w->dg.floors[0];
    int x = world_sx(w) + w->dg.floors[w->floor].ox - f0->ox;
    s->col = x < 0 ? 0 : x >= f0->w ? f0->w - 1 : x;
    s->by_col = !s->by_col;
    cut_changed(s, c, w, "o", msg);
}

void sideview_move_cut(sideview *s, const world *w, int d, say_line *msg)
{
    int *cut = s->by_col ? &s->col : &s->row;
    int n = s->by_col ? w->dg.floors[0].w : w->dg.floors[0].h;
    if (d < 0)
        *cut -= *cut > 0;
    else
        *cut += *cut < n - 1;
    sideview_say(s, msg);
}

/* "-7.25 m": a height in cm from the datum, to the centimetre. */
static void height_text(int32_t cm, char *buf, size_t cap)
{
    snprintf(buf, cap, "%s%d.%02d m", cm < 0 ? "-" : "+", (cm < 0 ? -cm : cm) / 100,
             (cm < 0 ? -cm : cm) % 100);
}

/* What is at place a along the cut at height cm, the party aside: the floor whose room
 * or slab holds that height there and its square (as on the map: world_describe), else
 * "rock (x N on floor 1's grid)" (y N along a column); into what. */
static void hover_what(const world *w, const side_layout *l, int a, int32_t cm, char *what,
                       size_t cap)
{
    const dungeon *d = &w->dg;
    snprintf(what, cap, "rock (%s %d on floor 1's grid)", l->by_col ? "y" : "x",
             a - (l->by_col ? d->floors[0].oy : d->floors[0].ox));
    int f, x, y;
    if (side_square_at(d, l, a, cm, &f, &x, &y)) {
        char sq[SAY_LINE_MAX - 16];
        world_describe(w, f, x, y, sq, (int)sizeof sq);
        snprintf(what, cap, "F%d %s", f + 1, sq);
    }
}

void sideview_hover(const sideview *s, const camera_view *c, const world *w, int mx, int my,
                    char *buf, size_t cap)
{
    side_opts so = { .zoom = c->zoom, .row = s->row, .pct = s->pct, .by_col = s->by_col,
                     .col = s->col };
    side_layout l;
    delve_err e = { "" };
    int mh = camera_map_h(c);
    if (mx >= camera_map_w(c) || my >= mh || side_layout_of(&w->dg, &so, &l, &e))
        return;
    int px = mx + s->x, py = my - side_top(&l, mh) + s->y;
    if (px >= l.w || py < 0 || py >= l.h)
        return;
    char h[32], what[SAY_LINE_MAX];
    int32_t cm = l.top_cm - (int32_t)((int64_t)py * 200 / l.zoom);
    height_text(cm, h, sizeof h);
    const char *cut = l.by_col ? "column" : "row";
    int at = l.by_col ? l.col : l.row;
    if (mx < l.x0) {
        snprintf(buf, cap, "side view, %s %d: %s", cut, at, h);
        return;
    }
    int a = (px - l.x0) / l.zoom + l.c0; /* along the picture, on the common grid */
    int sx = world_sx(w), sy = world_sy(w), pf = w->floor;
    int32_t feet = dungeon_ground_cm(&w->dg, pf, sx, sy);
    if (a == side_along(&w->dg, &l, pf, sx, sy) && cm >= feet && cm < feet + SIDE_PARTY_CM) {
        snprintf(buf, cap, "side view, %s %d: %s; the party, F%d %d,%d (%s the cut)", cut, at,
                 h, pf + 1, sx, sy, side_on_cut(&w->dg, &l, pf, sx, sy) ? "on" : "behind");
        return;
    }
    hover_what(w, &l, a, cm, what, sizeof what);
    snprintf(buf, cap, "side view, %s %d: %s; %s", cut, at, h, what);
}
