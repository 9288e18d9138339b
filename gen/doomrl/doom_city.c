/* doom_city: DoomRL's city (seed 002 "City", steps from spec 5.4): walled rooms with
 * exactly one door, never on a corner, scattered over open floor. 100 attempts: a
 * random sub-area of (3,3)-(76,18) that is all floor becomes a ring of floor (the
 * 1-square buffer) around a walled room. Walled sizes are the seed's 6..15 x 5..11
 * (the 0.9.9.7 code's are one smaller per axis; the seed wins). The room's inside is
 * marked (rock) so later rooms cannot overlap it, and turned back to floor at the end.
 * Rivers, when the floor has them, are drawn before this (gen/doomrl/doom_floor.c), so rooms
 * never overlap a river. Stream: the layout stream. */
#include "gen/doomrl/doom.h"

#define CITY_ATTEMPTS 100
#define CITY_MIN_W 6   /* walled room width 6..15, height 5..11 (seed 002) */
#define CITY_MAX_W 15
#define CITY_MIN_H 5
#define CITY_MAX_H 11

/* One attempt; 1 when a room was built. */
static int city_room(doom_ctx *c)
{
    int w = doom_range(&c->layout, CITY_MIN_W, CITY_MAX_W) + 2;  /* with the buffer ring */
    int h = doom_range(&c->layout, CITY_MIN_H, CITY_MAX_H) + 2;
    int x, y;
    doom_sub_area(&c->layout, (doom_area){ 3, 3, 76, 18 }, w, h, &x, &y);
    if (!doom_all_floor(c->f, x, y, w, h))
        return 0;
    doom_area walls = { x + 1, y + 1, x + w - 2, y + h - 2 };
    doom_fill(c->f, walls, T_WALL);
    int dx, dy;
    doom_edge_square(&c->layout, walls, &dx, &dy);
    doom_set(c->f, dx, dy, T_DOOR);
    doom_fill(c->f, (doom_area){ x + 2, y + 2, x + w - 3, y + h - 3 }, T_ROCK);
    if (c->f->room_count < FLOOR_MAX_ROOMS)
        c->f->rooms[c->f->room_count++] = (room){ x + 1, y + 1, w - 4, h - 4 };
    return 1;
}

void doom_layout_city(doom_ctx *c)
{
    c->f->room_count = 0;
    for (int i = 0; i < CITY_ATTEMPTS; i++)
        city_room(c);
    for (int i = 0; i < c->f->w * c->f->h; i++)
        if (c->f->terrain[i] == T_ROCK)
            c->f->terrain[i] = T_FLOOR;
}
