/* doom: private to gen/'s DoomRL modules (doom_*.c): the build context, the shared
 * primitives (spec 2) and each level type's layout. All coordinates here are the spec's
 * 1-based ones (x 1..DOOM_W, y 1..DOOM_H); doom_get/doom_set are the one place that
 * converts to the floor's 0-based squares. Uses engine only. */
#ifndef DELVE_GEN_DOOM_H
#define DELVE_GEN_DOOM_H

#include "gen/doomrl/doomrl.h"

typedef struct doom_ctx {
    dfloor *f;
    rng layout, fluids, rivers;
    int dlevel, difficulty;
    doom_info *info;
} doom_ctx;

/* A rectangle in spec coordinates, corners inclusive. */
typedef struct doom_area {
    int x0, y0, x1, y1;
} doom_area;

#define DOOM_FULL ((doom_area){ 1, 1, DOOM_W, DOOM_H })
#define DOOM_SHRINKED ((doom_area){ 2, 2, DOOM_W - 1, DOOM_H - 1 })

/* Terrain at spec (x, y); T_ROCK off the map. Inline: the walks call these millions of
 * times a second. */
static inline terrain doom_get(const dfloor *f, int x, int y)
{
    return (x >= 1 && y >= 1 && x <= f->w && y <= f->h)
               ? (terrain)f->terrain[(y - 1) * f->w + (x - 1)] : T_ROCK;
}
static inline void doom_set(dfloor *f, int x, int y, terrain t)
{
    if (x >= 1 && y >= 1 && x <= f->w && y <= f->h)
        f->terrain[(y - 1) * f->w + (x - 1)] = (uint8_t)t;
}

/* Unbiased integer in lo..hi (hi < lo gives lo) by Lemire's multiply-and-reject: the
 * DoomRL passes draw millions of these, and it needs no division on most draws. Not
 * rng_range's sequence (the rooms generator keeps that one for its goldens). */
static inline int doom_range(rng *r, int lo, int hi)
{
    if (hi <= lo)
        return lo;
    uint32_t n = (uint32_t)((int64_t)hi - lo + 1);
    uint64_t m = (uint64_t)rng_next(r) * n;
    if ((uint32_t)m < n) {
        uint32_t t = (uint32_t)(-n) % n;
        while ((uint32_t)m < t)
            m = (uint64_t)rng_next(r) * n;
    }
    return lo + (int)(m >> 32);
}
/* 1 with chance num/den. */
static inline int doom_chance(rng *r, int num, int den)
{
    return den > 0 && doom_range(r, 0, den - 1) < num;
}

/* 1dn: 1..n uniform (spec 2: Lua math.random(n)). */
int doom_d(rng *r, int n);
/* Fills area a with t. */
void doom_fill(dfloor *f, doom_area a, terrain t);
/* Sets the edge ring to wall (spec 2 restore_walls); keep_fluids leaves fluid on the
 * edge (the permanent fluid of DoomRL; here the same fluid). */
void doom_restore_walls(dfloor *f, terrain wall, int keep_fluids);
/* Corner of a random w x h sub-area of a with the quirk (spec 2): the corner is drawn
 * in (x0, y0)..(x1 - w, y1 - h), so the last row and column of a are never used. */
void doom_sub_area(rng *r, doom_area a, int w, int h, int *x, int *y);
/* A uniform perimeter square of the rectangle, corners excluded (spec 2). */
void doom_edge_square(rng *r, doom_area a, int *x, int *y);
/* plot_lines (spec 2): from (x, y) step along the axis writing t until a square in
 * block (terrain of that kind) or the area's edge; both directions; (x, y) unwritten. */
void doom_plot_lines(dfloor *f, int x, int y, int horizontal, terrain t, terrain block,
                     doom_area a);
/* One drunkard walk (spec 2) of n steps from (x, y) inside a writing t: clamp (or stop
 * when break_on_edge) outside a, write, move -1/0/+1 on each axis. Returns the squares
 * newly written with t. */
int doom_walk(rng *r, dfloor *f, doom_area a, int x, int y, int n, terrain t,
              int break_on_edge);
/* k walks of n steps, each from a uniform square of a (spec 2 drunkard_walks). */
void doom_walks(rng *r, dfloor *f, doom_area a, int k, int n, terrain t);
/* k walks of n steps whose starts are redrawn (up to DOOM_START_CAP) until they have
 * an orthogonal neighbour in e1 (e1a or e1b or e1c) and one equal to e2 (spec 2
 * contd_drunkard_walks); walks stop at a's edge. */
#define DOOM_START_CAP 2000
void doom_contd_walks(rng *r, dfloor *f, doom_area a, int k, int n, terrain t,
                      const terrain e1[3], terrain e2);
/* Stamps an ASCII tile (rows of w chars; '#' wall, '+' door, '.' floor, '?' unwritten)
 * with top-left at (x, y), mirrored by flip (bit 0: x, bit 1: y). */
void doom_stamp(dfloor *f, const char *const *rows, int w, int h, int x, int y, int flip);

/* Rooms: 4-connected regions of floor (doors and walls part them) that are exact
 * rectangles go to f->rooms (up to FLOOR_MAX_ROOMS); returns how many regions there
 * are in all. */
int doom_find_rooms(dfloor *f);
int doom_count(const dfloor *f, terrain t);
/* 1 when every square of the w x h block at spec (x, y) is floor. */
int doom_all_floor(const dfloor *f, int x, int y, int w, int h);

/* Layouts, one file each; each gets a floor reset to the type's start and the context. */
void doom_layout_normal(doom_ctx *c);
void doom_layout_small(doom_ctx *c);
void doom_layout_warehouse(doom_ctx *c);
void doom_layout_city(doom_ctx *c);
void doom_layout_caves(doom_ctx *c);
void doom_layout_arena(doom_ctx *c);
void doom_layout_maze(doom_ctx *c);

/* The fluid table (spec 6, old wiki) for dlevel: kind, walks and length drawn from r;
 * runs the walks in a. Records the pass in c->info. */
void doom_fluids(doom_ctx *c, doom_area a);
/* Fluid kind of the fluid table for dlevel (T_WATER, T_ACID, T_LAVA). */
terrain doom_fluid_kind(int dlevel);
/* Fluid kind of a river: dlevel + 1d(6 + 2 difficulty), <= 16 water, 17..26 acid,
 * else lava (thresholds from the 0.9.9.7 code; the seed's table was lost). */
terrain doom_river_kind(rng *r, int dlevel, int difficulty);

typedef enum doom_river_mode {
    DOOM_RIVERS_ANY,       /* horizontal 1/4, else 1..3 vertical */
    DOOM_RIVERS_VERTICAL,  /* city: 1..3 vertical only */
    DOOM_RIVERS_CAVES,     /* horizontal 1/3, else one vertical at x = 1d16 + 33 */
} doom_river_mode;
/* Draws the river shape, fluid, widths, starts, bridges and meanders from c->rivers,
 * marks info's river mask, restores the edges keeping fluids. */
void doom_rivers(doom_ctx *c, doom_river_mode mode);

/* Span flood fill over a padded grid g (row pitch pw; a ring of 0 all round, so no
 * bounds tests): squares with values 1..0x7f are open, 0 closed; fills the open region
 * of start, setting DOOM_FLOOD_SEEN. out: squares filled, those with DOOM_FLOOD_FLOOR,
 * and the bounding box in padded coordinates. stack holds 2 * (the grid's size) ints.
 * With n_targets > 0 it may stop as soon as every target square (padded) is filled.
 * A deliberate fast path beside engine's path_walk: the checks need only what is
 * reached, not distances, and filling whole runs of a row stopping at the targets keeps
 * DoomRL's floors/s up: with path_walk in doom_validate's walks instead, delve-bench
 * gave normal 22.7k instead of 32.9k floors/s and maze 17.5k instead of 27.0k (under
 * its 20k target). */
#define DOOM_FLOOD_FLOOR 0x02   /* grid value flag: the square is floor (counted) */
#define DOOM_FLOOD_SEEN 0x80    /* grid value flag: filled */
typedef struct doom_flood_out {
    int cells, floors, x0, y0, x1, y1;
} doom_flood_out;
void doom_flood(uint8_t *g, int pw, int start, int *stack, const int *targets, int n_targets,
                doom_flood_out *out);
#define DOOM_PW (DOOM_W + 2)               /* padded DoomRL grid */
#define DOOM_PAD(x, y) (((y) + 1) * DOOM_PW + (x) + 1)  /* 0-based square -> padded */
#define DOOM_PN (DOOM_PW * (DOOM_H + 2))

/* mask[i] = 1 where one can stand without wading acid or lava a river wrote (info's
 * river mask; info NULL: every walkable square). mask holds f->w * f->h. */
void doom_safe_mask(const dfloor *f, const doom_info *info, uint8_t *mask);

#endif
