/* view_camera: where the viewer looks. The camera is a floor and a centre in cm; pans
 * and zooms keep it where render/frame.c would clamp it, so what is stored is what is
 * shown. Zoom steps go through a table; a zoom by the mouse keeps the point under the
 * cursor where it was. */
#include <stdlib.h>

#include "render/side.h"
#include "viewer/view_app.h"

/* px per square, smallest first: the steps of + and - and the mouse wheel */
static const int ZOOMS[] = { 4, 6, 8, 10, 12, 16, 20, 24, 32, 40, 48, 64, 80, 96, 128 };
#define ZOOM_COUNT ((int)(sizeof ZOOMS / sizeof ZOOMS[0]))
_Static_assert(sizeof ZOOMS / sizeof ZOOMS[0] == 15, "zoom steps");

int viewer_map_w(const viewer *v)
{
    int w = v->c.w - FRAME_PANEL_W;
    return w > 0 ? w : 0;
}

/* The map area's height: the canvas less the timeline strip when the film has shots. */
int viewer_map_h(const viewer *v)
{
    int h = v->total > 0 ? v->c.h - FRAME_TIMELINE_H : v->c.h;
    return h > 0 ? h : 0;
}

int viewer_shown_floor(const viewer *v)
{
    return v->vo.follow ? v->w.floor : v->vo.cam_floor;
}

/* Leaves the party: the camera stays where it was looking. */
void viewer_unfollow(viewer *v)
{
    if (!v->vo.follow)
        return;
    v->vo.follow = 0;
    v->vo.cam_floor = v->w.floor;
    v->vo.cam_x_cm = v->w.x_cm;
    v->vo.cam_y_cm = v->w.y_cm;
}

/* One axis: the centre c (cm) that render/frame.c's camera_edge would not move, for a
 * floor of n squares at zoom z in a span of px. */
static int clamp_axis(int c, int n, int z, int span)
{
    int full = n * z;
    if (full <= span)
        return n * FLOOR_SQUARE_CM / 2;
    int lo = (span / 2) * FLOOR_SQUARE_CM / z, hi = (full - span / 2) * FLOOR_SQUARE_CM / z;
    return c < lo ? lo : c > hi ? hi : c;
}

void viewer_camera_clamp(viewer *v)
{
    if (v->vo.follow || !v->have_world)
        return;
    if (v->vo.cam_floor >= v->w.dg.floor_count)
        v->vo.cam_floor = v->w.dg.floor_count - 1;
    if (v->vo.cam_floor < 0)
        v->vo.cam_floor = 0;
    const dfloor *f = &v->w.dg.floors[v->vo.cam_floor];
    int z = v->vo.zoom;
    v->vo.cam_x_cm = clamp_axis(v->vo.cam_x_cm, f->w, z, viewer_map_w(v));
    v->vo.cam_y_cm = clamp_axis(v->vo.cam_y_cm, f->h, z, viewer_map_h(v));
}

void viewer_side_scale(viewer *v)
{
    v->vo.side_pct = frame_hud_scale(viewer_map_w(v), viewer_map_h(v));
}

/* The side view's picture kept over the map: no void past its right or bottom edge
 * when it is larger than the map, its top-left corner at the map's when smaller. */
void viewer_side_clamp(viewer *v)
{
    int w, h;
    delve_err e = { "" };
    if (!v->vo.side || !v->have_world)
        return;
    viewer_side_scale(v);
    int rows = v->w.dg.floors[0].h; /* another dungeon (Tab, n, r) may have fewer rows */
    int cols = v->w.dg.floors[0].w;
    v->vo.side_row = v->vo.side_row >= rows ? rows - 1 : v->vo.side_row;
    v->vo.side_col = v->vo.side_col >= cols ? cols - 1 : v->vo.side_col;
    if (frame_side_size(&v->w, &v->vo, &w, &h, &e)) {
        v->vo.side = 0;
        viewer_say(v, "side view off: %s", e.msg);
        return;
    }
    int mx = w - viewer_map_w(v), my = h - viewer_map_h(v);
    v->vo.side_x = v->vo.side_x > mx ? mx : v->vo.side_x;
    v->vo.side_y = v->vo.side_y > my ? my : v->vo.side_y;
    v->vo.side_x = v->vo.side_x < 0 ? 0 : v->vo.side_x;
    v->vo.side_y = v->vo.side_y < 0 ? 0 : v->vo.side_y;
}

/* The side view at zoom z2 with the picture's point under screen px (px, py) kept there
 * (the ruler's width does not scale); unchanged when the picture would be too large. */
void viewer_side_zoom(viewer *v, int z2, int px, int py)
{
    viewer_side_scale(v);
    int w, h, z = v->vo.zoom, x0 = v->vo.side_x, y0 = v->vo.side_y, mh = viewer_map_h(v);
    int ruler = side_ruler_px(v->vo.side_pct);
    delve_err e = { "" };
    if (!frame_side_size(&v->w, &v->vo, &w, &h, &e) && h < mh)
        y0 -= (mh - h) / 2; /* centred (side_top): the picture's row under py is y0 + py */
    v->vo.zoom = z2;
    if (frame_side_size(&v->w, &v->vo, &w, &h, &e)) {
        v->vo.zoom = z;
        viewer_say(v, "no closer: %s", e.msg);
        return;
    }
    int fx = x0 + px - ruler;
    v->vo.side_x = (fx > 0 ? fx * z2 / z : fx) + ruler - px;
    v->vo.side_y = (y0 + py) * z2 / z - py;
    viewer_side_clamp(v);
}

/* Moves the camera by (dx, dy) screen px (a drag moves the map with the mouse). */
void viewer_pan_px(viewer *v, int dx, int dy)
{
    if (v->vo.side) {
        v->vo.side_x += dx, v->vo.side_y += dy;
        viewer_side_clamp(v);
        return;
    }
    viewer_unfollow(v);
    v->vo.cam_x_cm += dx * FLOOR_SQUARE_CM / v->vo.zoom;
    v->vo.cam_y_cm += dy * FLOOR_SQUARE_CM / v->vo.zoom;
    viewer_camera_clamp(v);
}

static int zoom_step(int z, int dir)
{
    int i = 0;
    while (i < ZOOM_COUNT - 1 && ZOOMS[i] < z)
        i++;
    if (dir > 0 && ZOOMS[i] <= z)
        i++;
    else if (dir < 0)
        i--;
    return ZOOMS[i < 0 ? 0 : i >= ZOOM_COUNT ? ZOOM_COUNT - 1 : i];
}

/* One axis of a zoom from z to z2 round screen px p, where the floor's px f (at z) is:
 * the camera centre in cm that render/frame.c turns into an origin putting f's point at
 * z2 under p again (its centre px is cm * z2 / FLOOR_SQUARE_CM, rounded down, so the
 * cm is rounded up), whatever the rounding: the square under the cursor stays. */
static int centre_for(int f, int p, int span, int z, int z2)
{
    int64_t c = (int64_t)f * z2 / z - p + span / 2;
    if (c <= 0)
        return (int)(c * FLOOR_SQUARE_CM / z2);
    return (int)((c * FLOOR_SQUARE_CM + z2 - 1) / z2);
}

/* One zoom step in (dir > 0) or out around screen px (px, py): the point under it stays
 * under it (unless the floor's edge stops the camera). Off the map: around the centre. */
void viewer_zoom_at(viewer *v, int dir, int px, int py)
{
    int fi, ox, oy, z;
    if (v->vo.side) {
        int mw = viewer_map_w(v), mh = viewer_map_h(v);
        int in = px >= 0 && py >= 0 && px < mw && py < mh;
        viewer_side_zoom(v, zoom_step(v->vo.zoom, dir), in ? px : mw / 2, in ? py : mh / 2);
        return;
    }
    if (!frame_origin(&v->c, &v->w, &v->vo, &fi, &ox, &oy, &z))
        return;
    int map_w = viewer_map_w(v), map_h = viewer_map_h(v);
    if (px < 0 || py < 0 || px >= map_w || py >= map_h)
        px = map_w / 2, py = map_h / 2;
    int z2 = zoom_step(z, dir);
    if (z2 == z)
        return;
    viewer_unfollow(v);
    v->vo.cam_floor = fi;
    v->vo.zoom = z2;
    v->vo.cam_x_cm = centre_for(px - ox, px, map_w, z, z2);
    v->vo.cam_y_cm = centre_for(py - oy, py, map_h, z, z2);
    viewer_camera_clamp(v);
}

/* The side view's largest zoom step whose picture fits the map area (else the least). */
void viewer_side_fit(viewer *v)
{
    int i = ZOOM_COUNT - 1, w, h;
    delve_err e = { "" };
    viewer_side_scale(v);
    for (; i > 0; i--) {
        v->vo.zoom = ZOOMS[i];
        if (!frame_side_size(&v->w, &v->vo, &w, &h, &e) && w <= viewer_map_w(v) &&
            h <= viewer_map_h(v))
            break;
    }
    v->vo.zoom = ZOOMS[i];
    v->vo.side_x = v->vo.side_y = 0;
}

/* The whole floor shown in the map area: the largest zoom step it fits at, centred. */
void viewer_fit(viewer *v)
{
    if (v->vo.side) {
        viewer_side_fit(v);
        viewer_side_say(v);
        return;
    }
    int fi = viewer_shown_floor(v);
    if (fi < 0 || fi >= v->w.dg.floor_count)
        return;
    const dfloor *f = &v->w.dg.floors[fi];
    int zx = f->w > 0 ? viewer_map_w(v) / f->w : 0, zy = f->h > 0 ? viewer_map_h(v) / f->h : 0;
    int fit = zx < zy ? zx : zy, i = ZOOM_COUNT - 1;
    while (i > 0 && ZOOMS[i] > fit)
        i--;
    viewer_unfollow(v);
    v->vo.cam_floor = fi;
    v->vo.zoom = ZOOMS[i];
    v->vo.cam_x_cm = f->w * FLOOR_SQUARE_CM / 2;
    v->vo.cam_y_cm = f->h * FLOOR_SQUARE_CM / 2;
}

void viewer_change_floor(viewer *v, int d)
{
    viewer_unfollow(v);
    int f = v->vo.cam_floor + d;
    if (f >= 0 && f < v->w.dg.floor_count)
        v->vo.cam_floor = f;
    viewer_camera_clamp(v);
}

/* The canvas (and with a window, its texture) made w x h px (within VIEWER_MIN_W x
 * VIEWER_MIN_H .. VIEWER_SIZE_MAX): a larger window shows more map at the same zoom;
 * the panel keeps FRAME_PANEL_W. */
delve_status viewer_resize(viewer *v, int w, int h, delve_err *err)
{
    w = w < VIEWER_MIN_W ? VIEWER_MIN_W : w > VIEWER_SIZE_MAX ? VIEWER_SIZE_MAX : w;
    h = h < VIEWER_MIN_H ? VIEWER_MIN_H : h > VIEWER_SIZE_MAX ? VIEWER_SIZE_MAX : h;
    if (w == v->c.w && h == v->c.h && v->c.px)
        return DELVE_OK;
    canvas n;
    delve_status st = canvas_init(&n, w, h, err);
    if (st)
        return st;
    canvas_free(&v->c);
    v->c = n;
    if (v->ren) {
        if (v->tex)
            SDL_DestroyTexture(v->tex);
        v->tex = SDL_CreateTexture(v->ren, SDL_PIXELFORMAT_ABGR8888, SDL_TEXTUREACCESS_STREAMING,
                                   w, h);
        if (!v->tex)
            return delve_fail(err, DELVE_EIO, "SDL: %s", SDL_GetError());
    }
    viewer_camera_clamp(v);
    viewer_side_clamp(v);
    return DELVE_OK;
}
