/* doom_normal: DoomRL's normal ("tiled") layout, also the single-monster layout (spec
 * 5.1, seed 002 "Normal"). Ten wall lines, each drawn through a point by plot_lines
 * until it meets wall, with a door at the point. Vertical lines start on even x,
 * horizontal ones on odd y, so a point can only fall on a parallel wall (then only the
 * door is written) and there are at most 11 rooms. The 0.9.9.7 code's 8 extra doors are
 * not in the seed and are left out. Stream: the layout stream. */
#include "gen/doomrl/doom.h"

/* One line: a door at (x, y) and a wall through it both ways until wall. */
static void normal_line(dfloor *f, int x, int y, int horizontal)
{
    doom_plot_lines(f, x, y, horizontal, T_WALL, T_WALL, DOOM_FULL);
    doom_set(f, x, y, T_DOOR);
}

/* Vertical line at x = 2 * 1d(xn) + xoff, y = 2 * 1d(yn) + 2 (spec 5.1). */
static void normal_vertical(doom_ctx *c, int xn, int xoff, int yn)
{
    int x = 2 * doom_d(&c->layout, xn) + xoff;
    int y = 2 * doom_d(&c->layout, yn) + 2;
    normal_line(c->f, x, y, 0);
}

/* Horizontal line at x = 2 * 1d37 + 1 in 3..75, y = 2 * 1d8 + 1 in 3..17. */
static void normal_horizontal(doom_ctx *c)
{
    int x = 2 * doom_d(&c->layout, 37) + 1;
    int y = 2 * doom_d(&c->layout, 8) + 1;
    normal_line(c->f, x, y, 1);
}

void doom_layout_normal(doom_ctx *c)
{
    /* lines 1-2: vertical, one on the left (4..36) and one on the right (38..70) */
    normal_vertical(c, 17, 2, 8);
    normal_vertical(c, 17, 36, 8);
    /* lines 3-5: horizontal */
    for (int i = 0; i < 3; i++)
        normal_horizontal(c);
    /* lines 6-10: horizontal 1/3 (1d3 = 3), else vertical in (4,4)-(76,14) */
    for (int i = 0; i < 5; i++) {
        if (doom_d(&c->layout, 3) == 3)
            normal_horizontal(c);
        else
            normal_vertical(c, 37, 2, 6);
    }
}
