/* doom_maze: DoomRL's maze (seed 002 "Maze": no doors, rarely open areas; steps from
 * spec 5.7, the 0.9.9.7 code, since the seed gives none). Open floor with the row
 * y = 19 walled; one of three styles (tries, segment lengths); each try picks a grid
 * point (3 * 1d25 + 1, 3 * 1d6 + 1) that is floor with four floor neighbours and runs a
 * wall segment from it, horizontal or vertical, either way, until it has its length or
 * the next square is not floor. Stream: the layout stream. */
#include "gen/doomrl/doom.h"

typedef struct maze_style {
    int tries, min_len, max_len;
} maze_style;

static const maze_style STYLE[3] = { { 500, 2, 4 }, { 300, 4, 12 }, { 100, 4, 12 } };

static int open4(const dfloor *f, int x, int y)
{
    return doom_get(f, x, y) == T_FLOOR && doom_get(f, x + 1, y) == T_FLOOR &&
           doom_get(f, x - 1, y) == T_FLOOR && doom_get(f, x, y + 1) == T_FLOOR &&
           doom_get(f, x, y - 1) == T_FLOOR;
}

static void maze_segment(doom_ctx *c, const maze_style *s)
{
    int x = 3 * doom_d(&c->layout, 25) + 1, y = 3 * doom_d(&c->layout, 6) + 1;
    if (!open4(c->f, x, y))
        return;
    int len = s->min_len + 3 * (doom_d(&c->layout, (s->max_len - s->min_len) / 3 + 1) - 1);
    int horizontal = doom_d(&c->layout, 2) == 1, sign = doom_d(&c->layout, 2) == 1 ? 1 : -1;
    int dx = horizontal ? sign : 0, dy = horizontal ? 0 : sign;
    while (x + dx >= 1 && x + dx <= DOOM_W && y + dy >= 1 && y + dy <= DOOM_H &&
           doom_get(c->f, x + dx, y + dy) == T_FLOOR && len > 0) {
        doom_set(c->f, x, y, T_WALL);
        x += dx;
        y += dy;
        len--;
    }
    doom_set(c->f, x, y, T_WALL);
}

void doom_layout_maze(doom_ctx *c)
{
    doom_fill(c->f, (doom_area){ 1, DOOM_H - 1, DOOM_W, DOOM_H - 1 }, T_WALL);
    const maze_style *s = &STYLE[doom_d(&c->layout, 3) - 1];
    for (int i = 0; i < s->tries; i++)
        maze_segment(c, s);
}
