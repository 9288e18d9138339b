/* doom_rivers: rivers with a bridge (seed 000 "Rivers"). Fluid by a roll of
 * 1d(6 + 2 difficulty) + dlevel (thresholds from the 0.9.9.7 code: the seed's were
 * lost). Horizontal 1/4 where allowed, else 1, 2 or 3 vertical rivers (2/3, 1/4, 1/12).
 * Horizontal: width 1d3 + 1, top row 1d(2 width) + 11 - width, drawn left to right,
 * meandering up or down with 1/9 per column. Vertical: single width 1d3 + 3 at column
 * 1d40 + 19; double 1d3 + 2 at 1d22 + 9 and 1d22 + 49; triple 1d3 + 1 at 1d20 + 9,
 * 1d16 + 33, 1d20 + 51; drawn top to bottom, meandering left or right with 2/9 per row.
 * Meanders stop short of the edge (rows 4..18, columns 4..75). Every river has a bridge
 * 2 wide: columns 1d60 + 8 (horizontal) or rows 1d14 + 3 (vertical); the seed says
 * always, so the code's 5/6 for horizontal bridges is not used. delve's addition: where
 * a bridge ends in wall, box or cave wall, the bridge's line goes on as floor to the
 * first square one can stand on (at most BRIDGE_HEAD_CAP), since a bridge into a wall
 * is no bridge. Rivers never overwrite a bridge. Stream: the rivers stream. */
#include "gen/doomrl/doom.h"

#define BRIDGE_HEAD_CAP 8

terrain doom_river_kind(rng *r, int dlevel, int difficulty)
{
    int roll = doom_d(r, 6 + 2 * difficulty) + dlevel;
    return roll <= 16 ? T_WATER : roll <= 26 ? T_ACID : T_LAVA;
}

static void mask_set(doom_info *in, int x, int y)
{
    int i = (y - 1) * DOOM_W + (x - 1);
    if (in)
        in->river_mask[i / 8] |= (uint8_t)(1u << (i % 8));
}

/* Writes the river's fluid, or bridge on a bridge line; never over a bridge. */
static void river_square(doom_ctx *c, int x, int y, terrain fluid, int bridge)
{
    if (x < 1 || x > DOOM_W || y < 1 || y > DOOM_H || doom_get(c->f, x, y) == T_BRIDGE)
        return;
    doom_set(c->f, x, y, bridge ? T_BRIDGE : fluid);
    if (!bridge)
        mask_set(c->info, x, y);
}

static int blocks(terrain t)
{
    return t == T_WALL || t == T_BOX || t == T_CAVE_WALL;
}

/* From (x, y) step (dx, dy) turning blocking squares to floor until one can stand. */
static void bridge_head(dfloor *f, int x, int y, int dx, int dy)
{
    for (int i = 0; i < BRIDGE_HEAD_CAP; i++, x += dx, y += dy) {
        if (x <= 1 || x >= DOOM_W || y <= 1 || y >= DOOM_H || !blocks(doom_get(f, x, y)))
            return;
        doom_set(f, x, y, T_FLOOR);
    }
}

static void river_vertical(doom_ctx *c, terrain fluid, int width, int left, int bridge)
{
    int x = left - 1;  /* the code's x0: columns x + 1 .. x + width */
    for (int y = 1; y <= DOOM_H; y++) {
        int on_bridge = y == bridge || y == bridge + 1;
        for (int i = 1; i <= width; i++)
            river_square(c, x + i, y, fluid, on_bridge);
        if (on_bridge) {
            bridge_head(c->f, x, y, -1, 0);
            bridge_head(c->f, x + width + 1, y, 1, 0);
        }
        if (doom_chance(&c->rivers, 2, 9))
            x += doom_chance(&c->rivers, 1, 2) ? 1 : -1;
        x = x < 3 ? 3 : x > 75 - width ? 75 - width : x;
    }
}

static void river_horizontal(doom_ctx *c, terrain fluid, int width, int top, int bridge)
{
    int y = top - 1;  /* the code's y0: rows y + 1 .. y + width */
    for (int x = 1; x <= DOOM_W; x++) {
        int on_bridge = x == bridge || x == bridge + 1;
        for (int i = 1; i <= width; i++)
            river_square(c, x, y + i, fluid, on_bridge);
        if (on_bridge) {
            bridge_head(c->f, x, y, 0, -1);
            bridge_head(c->f, x, y + width + 1, 0, 1);
        }
        if (doom_chance(&c->rivers, 1, 9))
            y += doom_chance(&c->rivers, 1, 2) ? 1 : -1;
        y = y < 3 ? 3 : y > 18 - width ? 18 - width : y;
    }
}

/* Vertical river i of shape s: width and first column (seed 000). */
static void vertical_dims(rng *r, int s, int i, int *width, int *left)
{
    static const int LEFT_DIE[3][3] = { { 40 }, { 22, 22 }, { 20, 16, 20 } };
    static const int LEFT_ADD[3][3] = { { 19 }, { 9, 49 }, { 9, 33, 51 } };
    static const int WIDTH_ADD[3] = { 3, 2, 1 };
    int n = s - DOOM_RIVER_SINGLE;
    *width = doom_d(r, 3) + WIDTH_ADD[n];
    *left = doom_d(r, LEFT_DIE[n][i]) + LEFT_ADD[n][i];
}

static int river_shape(rng *r, doom_river_mode mode)
{
    if (mode == DOOM_RIVERS_CAVES)
        return doom_d(r, 3) == 1 ? DOOM_RIVER_HORIZONTAL : DOOM_RIVER_SINGLE;
    if (mode == DOOM_RIVERS_ANY && doom_d(r, 4) == 1)
        return DOOM_RIVER_HORIZONTAL;
    if (doom_d(r, 3) == 1)
        return doom_d(r, 4) == 1 ? DOOM_RIVER_TRIPLE : DOOM_RIVER_DOUBLE;
    return DOOM_RIVER_SINGLE;
}

/* Draws river i of the shape; records it. */
static void river_one(doom_ctx *c, doom_river_mode mode, int shape, int i, terrain fluid)
{
    doom_river rv = { .horizontal = shape == DOOM_RIVER_HORIZONTAL };
    if (rv.horizontal) {
        rv.width = doom_d(&c->rivers, 3) + 1;
        rv.start = doom_d(&c->rivers, 2 * rv.width) + 11 - rv.width;
        rv.bridge = doom_d(&c->rivers, 60) + 8;
        river_horizontal(c, fluid, rv.width, rv.start, rv.bridge);
    } else {
        vertical_dims(&c->rivers, shape, i, &rv.width, &rv.start);
        if (mode == DOOM_RIVERS_CAVES)  /* seed 000: caves' single river at 1d16 + 33 */
            rv.start = doom_d(&c->rivers, 16) + 33;
        rv.bridge = doom_d(&c->rivers, 14) + 3;
        river_vertical(c, fluid, rv.width, rv.start, rv.bridge);
    }
    if (c->info && i < DOOM_MAX_RIVERS)
        c->info->rivers[i] = rv;
}

void doom_rivers(doom_ctx *c, doom_river_mode mode)
{
    terrain fluid = doom_river_kind(&c->rivers, c->dlevel, c->difficulty);
    int shape = river_shape(&c->rivers, mode);
    int count = shape == DOOM_RIVER_TRIPLE ? 3 : shape == DOOM_RIVER_DOUBLE ? 2 : 1;
    for (int i = 0; i < count; i++)
        river_one(c, mode, shape, i, fluid);
    if (c->info) {
        c->info->river_shape = shape;
        c->info->river_count = count;
        c->info->river_fluid = fluid;
    }
    doom_restore_walls(c->f, doom_get(c->f, 1, 1) == T_CAVE_WALL ? T_CAVE_WALL : T_WALL, 1);
}
