/* camera: the film's camera moves, eased in integers. */
#include "films/camera.h"

#include "engine/floor.h"

#define ZOOM_MIN 4
#define ZOOM_MAX 96

void cam_init(camera *c, const film_script *fs, int map_panel_w)
{
    *c = (camera){ .aim = fs->follow ? AIM_FOLLOW : AIM_WHOLE, .zoom = fs->zoom,
                   .map_w = fs->frame_w - map_panel_w, .map_h = fs->frame_h };
}

int cam_ease(int a, int b, int step, int steps)
{
    if (steps <= 0 || step >= steps)
        return b;
    int64_t t = (int64_t)step * 65536 / steps;
    int64_t e = t * t / 65536 * (3 * 65536 - 2 * t) / 65536;
    return a + (int)((int64_t)(b - a) * e / 65536);
}

cam_pos cam_target(const camera *c, const world *w)
{
    const dfloor *f = &w->dg.floors[w->floor];
    switch (c->aim) {
    case AIM_WHOLE: {
        int fit_w = c->map_w / f->w, fit_h = c->map_h / f->h;
        int z = fit_w < fit_h ? fit_w : fit_h;
        z = z < ZOOM_MIN ? ZOOM_MIN : z > ZOOM_MAX ? ZOOM_MAX : z;
        return (cam_pos){ w->floor, f->w * FLOOR_SQUARE_CM / 2, f->h * FLOOR_SQUARE_CM / 2, z };
    }
    case AIM_AT:
        return (cam_pos){ c->at_floor, c->at_x_cm, c->at_y_cm, c->zoom };
    default:
        return (cam_pos){ w->floor, w->x_cm, w->y_cm, c->zoom };
    }
}

void cam_move(camera *c, const film_action *a, const world *w, int frames)
{
    c->from = c->drawn ? c->now : cam_target(c, w);
    if (a->aim != AIM_KEEP)
        c->aim = a->aim;
    if (a->aim == AIM_AT) {
        c->at_floor = w->floor;
        c->at_x_cm = a->x * FLOOR_SQUARE_CM + FLOOR_SQUARE_CM / 2;
        c->at_y_cm = a->y * FLOOR_SQUARE_CM + FLOOR_SQUARE_CM / 2;
    }
    if (a->n > 0)
        c->zoom = a->n;
    c->step = 0;
    c->steps = frames;
    c->moved = 1;
}

cam_pos cam_frame(camera *c, const world *w)
{
    cam_pos to = cam_target(c, w);
    if (c->step < c->steps)
        c->step++;
    if (c->step >= c->steps || c->from.floor != to.floor) {
        c->step = c->steps;
        c->now = to;
    } else {
        c->now = (cam_pos){ to.floor, cam_ease(c->from.x_cm, to.x_cm, c->step, c->steps),
                            cam_ease(c->from.y_cm, to.y_cm, c->step, c->steps),
                            cam_ease(c->from.zoom, to.zoom, c->step, c->steps) };
    }
    c->drawn = 1;
    return c->now;
}

int cam_follows(const camera *c)
{
    return c->aim == AIM_FOLLOW && c->step >= c->steps;
}
