/* grow: widens a finished floor's sheet to the left or top, for a pass that wants to lay
 * something (a room, a stored room) past the edge. No generator does yet: floors are
 * laid at their final size, and the tests grow floors to check that .dun files and
 * shots keep a grown floor's origin. Every thing on it shifts with its squares: rooms,
 * entrance and goal, ways and the far ends that point at it from other floors, pits
 * (their landing is found through the floors' origins, which move too, so it stays the
 * same square), stations, monsters, items and every square of every patrol route (seed
 * 001: the bug was routes left unshifted, 5 squares off inside rock). */
#include <stdlib.h>
#include <string.h>

#include "gen/gen.h"

static void shift_things(dfloor *f, int dx, int dy)
{
    f->entrance_x += dx, f->entrance_y += dy;
    f->goal_x += dx, f->goal_y += dy;
    for (int i = 0; i < f->room_count; i++)
        f->rooms[i].x += dx, f->rooms[i].y += dy;
    for (int i = 0; i < f->way_count; i++)
        f->ways[i].x += dx, f->ways[i].y += dy;
    for (int i = 0; i < f->pit_count; i++)
        f->pits[i].x += dx, f->pits[i].y += dy;
    for (int i = 0; i < f->station_count; i++)
        f->stations[i].x += dx, f->stations[i].y += dy;
    for (int i = 0; i < f->monster_count; i++)
        f->monsters[i].x += dx, f->monsters[i].y += dy;
    for (int i = 0; i < f->item_count; i++)
        f->items[i].x += dx, f->items[i].y += dy;
    for (int i = 0; i < f->patrol_count; i++)
        for (int j = 0; j < f->patrols[i].count; j++) {
            f->patrols[i].x[j] = (int16_t)(f->patrols[i].x[j] + dx);
            f->patrols[i].y[j] = (int16_t)(f->patrols[i].y[j] + dy);
        }
}

delve_status grow_floor(dungeon *d, int k, int left, int top, delve_err *err)
{
    if (k < 0 || k >= d->floor_count || left < 0 || top < 0)
        return delve_fail(err, DELVE_EINPUT, "grow: bad floor %d or margin %d, %d", k + 1,
                          left, top);
    dfloor *f = &d->floors[k];
    if (f->w + left > FLOOR_MAX_SIDE || f->h + top > FLOOR_MAX_SIDE)
        return delve_fail(err, DELVE_ELIMIT, "grow: floor %d would be %d x %d, over %d",
                          k + 1, f->w + left, f->h + top, FLOOR_MAX_SIDE);
    dfloor g;
    delve_status st = floor_init(&g, f->index, f->w + left, f->h + top, err);
    if (st != DELVE_OK)
        return st;
    for (int y = 0; y < f->h; y++) {
        size_t from = (size_t)y * (size_t)f->w, to = (size_t)(y + top) * (size_t)g.w + (size_t)left;
        memcpy(g.terrain + to, f->terrain + from, (size_t)f->w);
        memcpy(g.height_cm + to, f->height_cm + from, (size_t)f->w * sizeof *g.height_cm);
        if (f->marks)
            memcpy(g.marks + to, f->marks + from, (size_t)f->w);
    }
    uint8_t *t = g.terrain, *mk = g.marks;
    int32_t *hc = g.height_cm;
    int w = g.w, h = g.h;
    g = *f;                 /* every field and thing array ... */
    g.terrain = t, g.height_cm = hc, g.marks = mk, g.w = w, g.h = h;
    g.ox -= left, g.oy -= top;
    shift_things(&g, left, top);
    floor_free(f);          /* ... then the old squares go */
    *f = g;
    for (int i = 0; i < d->floor_count; i++)
        for (int j = 0; j < d->floors[i].way_count; j++)
            if (d->floors[i].ways[j].to_floor == k)
                d->floors[i].ways[j].to_x += left, d->floors[i].ways[j].to_y += top;
    dungeon_stack(d);
    return DELVE_OK;
}
