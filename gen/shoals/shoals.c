/* shoals: the seed 003 heightmap generator (spec/shoals.md b) and the Shoals layout:
 * heights, terrain, entrance and goal. The program text of the seed, step by step:
 *   heightmap  every square SHOALS_START
 *   islands    main high point and 0-3 auxiliary ones, each raised at points on
 *              circles of random radius around it
 *   smoothing  one pass, radius 1, in place, raster order
 *   terrain    by the seed's thresholds
 *   marks      entrance and goal on land the tide never reaches */
#include "gen/shoals/shoals.h"

#include <stdlib.h>
#include <string.h>

#include "engine/path.h"
#include "engine/tide.h"

#define MAIN_POINTS 50        /* seed 003: N_PERTURB_ISLAND_CENTER */
#define MAIN_RADIUS_LO 3      /* seed 003: ISLAND_CENTER_RADIUS_LOW .. HIGH */
#define MAIN_RADIUS_HI 10
#define MAIN_RISE_LO 40       /* seed 003: 40 * sign .. 60 * sign, sign always 1 */
#define MAIN_RISE_HI 60
#define AUX_MAX 3             /* seed 003: random_max(4) auxiliary high points */
#define AUX_OFFSET_LO 2       /* seed 003: random_range(2, 10) from the main centre */
#define AUX_OFFSET_HI 10
#define AUX_POINTS_LO 25      /* seed 003: N_PERTURB_OFFSET_LOW .. HIGH */
#define AUX_POINTS_HI 45
#define AUX_RADIUS_LO 2       /* seed 003: PERTURB_OFFSET_RADIUS_LOW .. HIGH */
#define AUX_RADIUS_HI 7
#define AUX_RISE_LO 25        /* seed 003: 25 * sign .. 35 * sign */
#define AUX_RISE_HI 35
#define CENTRE_MARGIN 10      /* seed 003: random_point(10) */

/* trunc(cos(a * pi / 180) * 2^30) and trunc(sin(...) * 2^30) of the C library's
 * doubles for a = 0..359, made once by a script and checked to give the doubles'
 * truncated products for every distance 0..63. */
#include "gen/shoals/shoals_trig.inc"

int32_t shoals_cos(int deg)
{
    return COS30[((deg % 360) + 360) % 360];
}

int32_t shoals_sin(int deg)
{
    return SIN30[((deg % 360) + 360) % 360];
}

void shoals_offset(int d, int deg, int *dx, int *dy)
{
    /* int64 division truncates toward zero, as the blog's double -> int did */
    *dx = (int)((int64_t)d * shoals_cos(deg) / SHOALS_TRIG_ONE);
    *dy = (int)((int64_t)d * shoals_sin(deg) / SHOALS_TRIG_ONE);
}

/* The blog's random_range: bounds swapped when reversed, lo + random_max(hi - lo + 1). */
static int draw_range(shoals_draw draw, void *ctx, int lo, int hi)
{
    if (lo > hi) {
        int t = lo;
        lo = hi;
        hi = t;
    }
    int span = hi - lo + 1;
    return lo + (span <= 1 ? 0 : draw(ctx, span));
}

typedef struct grid {
    int *h;
    int w, rows;
    shoals_draw draw;
    void *ctx;
} grid;

/* A point at distance d from (cx, cy) in a random integer direction; a new angle (only)
 * until the point is on the grid (the blog's uncapped loop: some direction always fits
 * because the centre itself is on the grid). */
static void point_from(const grid *g, int cx, int cy, int d, int *px, int *py)
{
    for (;;) {
        int dx, dy;
        shoals_offset(d, draw_range(g->draw, g->ctx, 0, 359), &dx, &dy);
        if (cx + dx >= 0 && cx + dx < g->w && cy + dy >= 0 && cy + dy < g->rows) {
            *px = cx + dx;
            *py = cy + dy;
            return;
        }
    }
}

/* n times: a distance 0..radius, a point that far away, raised by rise_lo..rise_hi. */
static void raise_around(grid *g, int cx, int cy, int n, int radius, int rise_lo, int rise_hi)
{
    for (int i = 0; i < n; i++) {
        int x, y, d = draw_range(g->draw, g->ctx, 0, radius);
        point_from(g, cx, cy, d, &x, &y);
        g->h[y * g->w + x] += draw_range(g->draw, g->ctx, rise_lo, rise_hi);
    }
}

/* One island: the main high point, then 0-3 auxiliary ones near it (seed 003
 * build_island; the centre's y and the aux radius are drawn first, spec b). */
static void build_island(grid *g)
{
    int cy = draw_range(g->draw, g->ctx, CENTRE_MARGIN, g->rows - CENTRE_MARGIN - 1);
    int cx = draw_range(g->draw, g->ctx, CENTRE_MARGIN, g->w - CENTRE_MARGIN - 1);
    int radius = draw_range(g->draw, g->ctx, MAIN_RADIUS_LO, MAIN_RADIUS_HI);
    raise_around(g, cx, cy, MAIN_POINTS, radius, MAIN_RISE_LO, MAIN_RISE_HI);
    int aux = draw_range(g->draw, g->ctx, 0, AUX_MAX);
    for (int i = 0; i < aux; i++) {
        int ax, ay, off = draw_range(g->draw, g->ctx, AUX_OFFSET_LO, AUX_OFFSET_HI);
        point_from(g, cx, cy, off, &ax, &ay);
        int r = draw_range(g->draw, g->ctx, AUX_RADIUS_LO, AUX_RADIUS_HI);
        int n = draw_range(g->draw, g->ctx, AUX_POINTS_LO, AUX_POINTS_HI);
        raise_around(g, ax, ay, n, r, AUX_RISE_LO, AUX_RISE_HI);
    }
}

void shoals_smooth(int *g, int w, int h_rows)
{
    for (int y = 0; y < h_rows; y++)
        for (int x = 0; x < w; x++) {
            int total = 0, divisor = 0;
            for (int dy = -1; dy <= 1; dy++)
                for (int dx = -1; dx <= 1; dx++) {
                    int nx = x + dx, ny = y + dy;
                    if (nx < 0 || ny < 0 || nx >= w || ny >= h_rows)
                        continue;
                    int weight = 4 - (dx * dx + dy * dy); /* 2r^2 + 2 - |off|^2, r = 1 */
                    divisor += weight;
                    total += g[ny * w + nx] * weight;
                }
            g[y * w + x] = total / divisor;
        }
}

void shoals_heightmap(int *h, int w, int h_rows, int islands, shoals_draw draw, void *ctx,
                      int smooth)
{
    grid g = { .h = h, .w = w, .rows = h_rows, .draw = draw, .ctx = ctx };
    for (int i = 0; i < w * h_rows; i++)
        h[i] = SHOALS_START;
    for (int i = 0; i < islands; i++)
        build_island(&g);
    if (smooth)
        shoals_smooth(h, w, h_rows);
}

terrain shoals_terrain(int h)
{
    return h >= SHOALS_HIGH ? T_HIGH : h >= SHOALS_FLOOR ? T_FLOOR
                                   : h >= SHOALS_SHALLOW ? T_SHALLOW : T_DEEP;
}

char shoals_glyph(terrain t)
{
    switch (t) {
    case T_DEEP:    return '#';
    case T_SHALLOW: return '=';
    case T_FLOOR:   return '.';
    case T_HIGH:    return '^';
    default:        return 0;
    }
}

int shoals_dry_at_high_tide(const dfloor *f, int x, int y)
{
    return floor_in(f, x, y) && floor_walkable(f, x, y) &&
           tide_ground(f, y * f->w + x) >= TIDE_HIGH_UNITS;
}

/* The generator's draws from an engine stream. */
static int draw_rng(void *ctx, int max)
{
    return max <= 1 ? 0 : rng_range((rng *)ctx, 0, max - 1);
}

/* Entrance: a random dry square of the stretch of land with the most squares dry at
 * high tide (the first such stretch in raster order); goal: the dry square of it
 * farthest from the entrance by walking at high tide. 0 when no square is dry, -1 out of
 * memory. label, dist and q hold w * h ints. */
static int place_marks(dfloor *f, rng *r, int *label, int *dist, int *q)
{
    int n = f->w * f->h, parts = shoals_label_high_tide(f, label);
    if (parts < 0)
        return -1;
    int *dry = calloc((size_t)(parts > 0 ? parts : 1), sizeof *dry), best = -1;
    if (!dry)
        return -1;
    for (int i = 0; i < n; i++)
        if (label[i] >= 0 && shoals_dry_at_high_tide(f, i % f->w, i / f->w))
            dry[label[i]]++;
    for (int c = 0; c < parts; c++)
        if (dry[c] > 0 && (best < 0 || dry[c] > dry[best]))
            best = c;
    int pick = best >= 0 ? rng_range(r, 0, dry[best] - 1) : 0, start = -1;
    free(dry);
    if (best < 0)
        return 0;
    for (int i = 0; i < n && start < 0; i++)
        if (label[i] == best && shoals_dry_at_high_tide(f, i % f->w, i / f->w) && pick-- == 0)
            start = i;
    int reached = 0, goal = start;
    for (int i = 0; i < n; i++)  /* the walk stays within the stretch */
        dist[i] = label[i] == best ? -1 : -2;
    /* every square of the stretch is open terrain (walkable at high tide, and the tide
     * only turns floor to shallow water), so the open rule adds nothing; q given */
    path_walk(f, PATH_WALK_OPEN | PATH_WALK_PITS, NULL, start, dist, q, &reached, NULL);
    for (int k = 0; k < reached; k++) { /* farthest by walking, first in walk order */
        int at = q[k];
        if (shoals_dry_at_high_tide(f, at % f->w, at / f->w) && dist[at] > dist[goal])
            goal = at;
    }
    f->entrance_x = start % f->w;
    f->entrance_y = start / f->w;
    f->goal_x = goal % f->w;
    f->goal_y = goal / f->w;
    return 1;
}

/* One try: heights, terrain, marks. 1 done, 0 no dry land, -1 out of memory. */
static int layout_try(uint64_t seed, int islands, int k, int t, dfloor *f, int *h,
                      int *label, int *dist, int *q)
{
    rng r = rng_stream(seed, RNG_LAYOUT, k, t);
    shoals_heightmap(h, f->w, f->h, islands, draw_rng, &r, 1);
    for (int i = 0; i < f->w * f->h; i++) {
        f->height_cm[i] = h[i] * TIDE_CM_PER_UNIT;
        f->terrain[i] = (uint8_t)shoals_terrain(h[i]);
    }
    return place_marks(f, &r, label, dist, q);
}

delve_status shoals_layout(uint64_t seed, int islands, int k, dfloor *f, delve_err *err)
{
    delve_status st = floor_init(f, k, SHOALS_W, SHOALS_H, err);
    if (st)
        return st;
    f->level_type = LT_SHOALS;
    size_t n = (size_t)SHOALS_W * SHOALS_H;
    int *h = malloc(n * sizeof *h), *dist = malloc(n * sizeof *dist);
    int *label = malloc(n * sizeof *label), *q = malloc(n * sizeof *q);
    int got = h && dist && label && q ? 0 : -1;
    for (int t = 0; t < SHOALS_TRIES && got == 0; t++)
        got = layout_try(seed, islands, k, t, f, h, label, dist, q);
    free(h);
    free(dist);
    free(label);
    free(q);
    if (got < 0)
        return delve_fail(err, DELVE_ENOMEM, "floor %d: out of memory for the Shoals", k + 1);
    if (got == 0)
        return delve_fail(err, DELVE_EFAIL, "floor %d: no land stays dry at high tide in %d "
                          "tries (islands %d)", k + 1, SHOALS_TRIES, islands);
    return DELVE_OK;
}
