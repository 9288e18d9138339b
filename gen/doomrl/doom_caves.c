/* doom_caves: DoomRL's caves (seed 002 "Cave": natural walls with spindly paths in the
 * edges; steps from spec 5.5, the 0.9.9.7 code, since the seed gives none). Cave wall
 * everywhere; one floor walk from the middle; then walks that start on the boundary
 * (an orthogonal neighbour open, one cave wall): 5 of floor, k of fluid, 40 of floor,
 * k of fluid (longer). Fluid walks eat wall and floor walks eat fluid, which gives the
 * spindly edges. The fluid kind follows the fluid table's dlevel ranges (seed 000: "the
 * fluid type respects the same ranges as above": < 6 water, 6..10 acid, 11+ lava); the
 * counts and lengths are the code's. Streams: floor walks the layout stream, fluid
 * walks the fluids stream. */
#include "gen/doomrl/doom.h"

#define CAVE_START_X 38
#define CAVE_START_Y 10
#define CAVE_BOUNDARY_FIRST 5
#define CAVE_BOUNDARY_SECOND 40

/* Fluid walks: count k and length n by dlevel (spec 5.5), kind by the fluid table. */
static void cave_fluid_rolls(doom_ctx *c, int *k, int *n)
{
    if (c->dlevel < 6) {
        *k = doom_d(&c->fluids, 3);
        *n = doom_d(&c->fluids, 40) + 22;
    } else if (c->dlevel <= 10) {
        *k = doom_d(&c->fluids, 3);
        *n = doom_d(&c->fluids, 40) + 42;
    } else {
        *k = doom_d(&c->fluids, 5);
        *n = doom_d(&c->fluids, 50) + 42;
    }
}

void doom_layout_caves(doom_ctx *c)
{
    terrain fluid = doom_fluid_kind(c->dlevel);
    const terrain open[3] = { T_FLOOR, fluid, fluid };
    doom_area in = DOOM_SHRINKED;
    int k, n;
    doom_fill(c->f, DOOM_FULL, T_CAVE_WALL);
    cave_fluid_rolls(c, &k, &n);
    /* the first cavern: one walk from the middle, stopping at the edge */
    doom_walk(&c->layout, c->f, in, CAVE_START_X, CAVE_START_Y,
              doom_d(&c->layout, 40) + 100, T_FLOOR, 1);
    /* side caverns grown from the boundary */
    doom_contd_walks(&c->layout, c->f, in, CAVE_BOUNDARY_FIRST, doom_d(&c->layout, 40) + 35,
                     T_FLOOR, open, T_CAVE_WALL);
    /* the first fluid */
    doom_contd_walks(&c->fluids, c->f, in, k, n, fluid, open, T_CAVE_WALL);
    /* many short floor walks: the spindly edges */
    doom_contd_walks(&c->layout, c->f, in, CAVE_BOUNDARY_SECOND, doom_d(&c->layout, 40) + 25,
                     T_FLOOR, open, T_CAVE_WALL);
    /* the second fluid, longer */
    doom_contd_walks(&c->fluids, c->f, in, k, n + 20, fluid, open, T_CAVE_WALL);
    if (c->info) {
        c->info->fluid_passes = 2;
        c->info->fluid_walks[0] = c->info->fluid_walks[1] = k;
        c->info->fluid_len[0] = n;
        c->info->fluid_len[1] = n + 20;
        c->info->fluid_kind = fluid;
    }
}
