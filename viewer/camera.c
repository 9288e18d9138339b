/* camera: where the map looks (camera.h). Zoom steps go through a table; a zoom by the
 * mouse keeps the point under the cursor where it was, by the same rounding as
 * render/frame.c's camera_edge. */
#include <stdint.h>

#include "viewer/camera.h"

const int CAMERA_ZOOMS[CAMERA_ZOOM_COUNT] = { 4,  6,  8,  10, 12, 16, 20, 24,
                                              32, 40, 48, 64, 80, 96, 128 };

camera_view camera_new(int zoom, int w, int h)
{
    return (camera_view){ .follow = 1, .zoom = zoom, .canvas_w = w, .canvas_h = h };
}

int camera_map_w(const camera_view *c)
{
    int w = c->canvas_w - FRAME_PANEL_W;
    return w > 0 ? w : 0;
}

int camera_map_h(const camera_view *c)
{
    int h = c->strip ? c->canvas_h - FRAME_TIMELINE_H : c->canvas_h;
    return h > 0 ? h : 0;
}

int camera_shown_floor(const camera_view *c, const world *w)
{
    return c->follow ? w->floor : c->floor;
}

void camera_to_frame(const camera_view *c, frame_opts *o)
{
    o->zoom = c->zoom;
    o->follow = c->follow;
    o->cam_floor = c->floor;
    o->cam_x_cm = c->x_cm;
    o->cam_y_cm = c->y_cm;
    o->loose = c->loose;
}

frame_opts camera_frame(const camera_view *c)
{
    frame_opts o = frame_defaults();
    camera_to_frame(c, &o);
    o.timeline.total = c->strip; /* only whether there is a strip counts here */
    return o;
}

int camera_square_at(const camera_view *c, const world *w, int px, int py, int *floor, int *x,
                     int *y)
{
    canvas cv = { .w = c->canvas_w, .h = c->canvas_h };
    frame_opts o = camera_frame(c);
    return frame_square_at(&cv, w, &o, px, py, floor, x, y);
}

void camera_unfollow(camera_view *c, const world *w)
{
    if (!c->follow)
        return;
    c->follow = 0;
    c->loose = 0;
    c->floor = w->floor;
    c->x_cm = w->x_cm;
    c->y_cm = w->y_cm;
}

/* One axis: the centre (cm) that render/frame.c's camera_edge would not move, for a
 * floor of n squares at zoom z in a span of px; loose (after a zoom round the mouse),
 * anywhere over the floor (frame_opts.loose). */
static int clamp_axis(int cm, int n, int z, int span, int loose)
{
    int full = n * z;
    if (loose) {
        int hi = full * FLOOR_SQUARE_CM / z;
        return cm < 0 ? 0 : cm > hi ? hi : cm;
    }
    if (full <= span)
        return n * FLOOR_SQUARE_CM / 2;
    int lo = (span / 2) * FLOOR_SQUARE_CM / z, hi = (full - span / 2) * FLOOR_SQUARE_CM / z;
    return cm < lo ? lo : cm > hi ? hi : cm;
}

void camera_clamp(camera_view *c, const world *w)
{
    if (c->follow || !w)
        return;
    if (c->floor >= w->dg.floor_count)
        c->floor = w->dg.floor_count - 1;
    if (c->floor < 0)
        c->floor = 0;
    const dfloor *f = &w->dg.floors[c->floor];
    c->x_cm = clamp_axis(c->x_cm, f->w, c->zoom, camera_map_w(c), c->loose);
    c->y_cm = clamp_axis(c->y_cm, f->h, c->zoom, camera_map_h(c), c->loose);
}

void camera_pan(camera_view *c, const world *w, int dx, int dy)
{
    camera_unfollow(c, w);
    c->x_cm += dx * FLOOR_SQUARE_CM / c->zoom;
    c->y_cm += dy * FLOOR_SQUARE_CM / c->zoom;
    camera_clamp(c, w);
}

int camera_zoom_step(int z, int dir)
{
    int i = 0;
    while (i < CAMERA_ZOOM_COUNT - 1 && CAMERA_ZOOMS[i] < z)
        i++;
    if (dir > 0 && CAMERA_ZOOMS[i] <= z)
        i++;
    else if (dir < 0)
        i--;
    return CAMERA_ZOOMS[i < 0 ? 0 : i >= CAMERA_ZOOM_COUNT ? CAMERA_ZOOM_COUNT - 1 : i];
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

void camera_zoom_at(camera_view *c, const world *w, int dir, int px, int py)
{
    int fi, ox, oy, z;
    canvas cv = { .w = c->canvas_w, .h = c->canvas_h };
    frame_opts o = camera_frame(c);
    if (!frame_origin(&cv, w, &o, &fi, &ox, &oy, &z))
        return;
    int map_w = camera_map_w(c), map_h = camera_map_h(c);
    if (px < 0 || py < 0 || px >= map_w || py >= map_h)
        px = map_w / 2, py = map_h / 2;
    int z2 = camera_zoom_step(z, dir);
    if (z2 == z)
        return;
    camera_unfollow(c, w);
    c->floor = fi;
    c->zoom = z2;
    c->loose = 1; /* the square under the mouse wins over the floor's edges */
    c->x_cm = centre_for(px - ox, px, map_w, z, z2);
    c->y_cm = centre_for(py - oy, py, map_h, z, z2);
    camera_clamp(c, w);

}

void camera_fit(camera_view *c, const world *w)
{
    int fi = camera_shown_floor(c, w);
    if (fi < 0 || fi >= w->dg.floor_count)
        return;
    const dfloor *f = &w->dg.floors[fi];
    int zx = f->w > 0 ? camera_map_w(c) / f->w : 0, zy = f->h > 0 ? camera_map_h(c) / f->h : 0;
    int fit = zx < zy ? zx : zy, i = CAMERA_ZOOM_COUNT - 1;
    while (i > 0 && CAMERA_ZOOMS[i] > fit)
        i--;
    camera_unfollow(c, w);
    c->floor = fi;
    c->loose = 0;
    c->zoom = CAMERA_ZOOMS[i];
    c->x_cm = f->w * FLOOR_SQUARE_CM / 2;
    c->y_cm = f->h * FLOOR_SQUARE_CM / 2;
}

void camera_change_floor(camera_view *c, const world *w, int d)
{
    camera_unfollow(c, w);
    c->loose = 0; /* another floor: its own edges */
    int f = c->floor + d;
    if (f >= 0 && f < w->dg.floor_count)
        c->floor = f;
    camera_clamp(c, w);
}
