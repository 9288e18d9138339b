/* doom_warehouse: DoomRL's warehouse (seed 002 "Warehouse": rooms of indestructible
 * boxes with slightly random spacing; steps from spec 5.3, the 0.9.9.7 code, since the
 * seed gives none). D dividing walls (1 with 1/6, 2 with 4/6 for the seed's "three
 * rooms", 3 with 1/6), each with a door; in each section boxes of side s in a ring of
 * floor, placed by T attempts at random sub-areas that are all floor. Boxes are T_BOX
 * (the code's wall-or-crate choice and its ammo and armour crates are left out: delve's
 * boxes are all indestructible crates). The sections are the floor's rooms.
 * Stream: the layout stream. */
#include "gen/doomrl/doom.h"

static const int WALLS[6] = { 1, 2, 2, 2, 2, 3 };   /* D, uniform pick */
static const int BOX_SIDE[6] = { 2, 3, 3, 3, 3, 4 };
static const int BOX_TRIES[3] = { 50, 50, 200 };

/* Boxes in section a (spec 5.3 box fill). */
static void warehouse_boxes(doom_ctx *c, doom_area a)
{
    int s = BOX_SIDE[doom_d(&c->layout, 6) - 1];
    int tries = BOX_TRIES[doom_d(&c->layout, 3) - 1];
    for (int t = 0; t < tries; t++) {
        int x, y;
        if (a.x1 - a.x0 < s + 2 || a.y1 - a.y0 < s + 2)
            return;
        doom_sub_area(&c->layout, a, s + 2, s + 2, &x, &y);
        if (doom_all_floor(c->f, x, y, s + 2, s + 2))
            doom_fill(c->f, (doom_area){ x + 1, y + 1, x + s, y + s }, T_BOX);
    }
}

static void add_room(dfloor *f, doom_area a)
{
    if (f->room_count < FLOOR_MAX_ROOMS)
        f->rooms[f->room_count++] = (room){ a.x0 - 1, a.y0 - 1, a.x1 - a.x0 + 1,
                                            a.y1 - a.y0 + 1 };
}

void doom_layout_warehouse(doom_ctx *c)
{
    int d = WALLS[doom_d(&c->layout, 6) - 1], prev = 1;
    doom_area sec[4];
    for (int i = 1; i <= d; i++) {
        int x = (DOOM_W / (d + 1)) * i + doom_d(&c->layout, 16) - 8;
        int y = doom_d(&c->layout, 12) + 4;
        doom_plot_lines(c->f, x, y, 0, T_WALL, T_WALL, DOOM_FULL);
        doom_set(c->f, x, y, T_DOOR);
        sec[i - 1] = (doom_area){ prev + 1, 2, x - 1, DOOM_H - 1 };
        prev = x;
    }
    sec[d] = (doom_area){ prev + 1, 2, DOOM_W - 1, DOOM_H - 1 };
    c->f->room_count = 0;
    for (int i = 0; i <= d; i++) {
        warehouse_boxes(c, sec[i]);
        add_room(c->f, sec[i]);
    }
}
