/* shoals_ways: what a walker can reach on a Shoals floor at the highest tide, the
 * validator built on it, and the ways between a Shoals floor and the next, on land the
 * tide never reaches: a lift and a ladder on squares dry on both floors, or, when the
 * two floors' islands do not lie over each other, two stairs whose ends differ. */
#include <stdlib.h>
#include <string.h>

#include "engine/path.h"
#include "engine/tide.h"
#include "gen/shoals/shoals.h"

#define WAY_SPREAD 12  /* the ladder this many squares (Manhattan) from the lift when any
                          square that far fits: as gen/rooms/rooms_ways.c (set) */


/* The terrain of f at the highest tide into terr (w * h): a copy flooded by the
 * rising tide held at TIDE_HIGH_UNITS until an update changes nothing. -1 out of
 * memory. */
static int flood_high(const dfloor *f, uint8_t *terr)
{
    dfloor c;
    tide_work tw;
    if (floor_copy(&c, f, NULL) != DELVE_OK)
        return -1;
    if (tide_work_init(&tw, f->w * f->h, NULL) != DELVE_OK) {
        floor_free(&c);
        return -1;
    }
    rng coin = rng_stream(0, RNG_TIDE, f->index, 0); /* a rising tide flips no coin */
    while (tide_apply(&c, TIDE_HIGH_UNITS, 1, &coin, &tw, NULL) > 0)
        ;
    memcpy(terr, c.terrain, (size_t)f->w * (size_t)f->h);
    tide_work_free(&tw);
    floor_free(&c);
    return 0;
}

int shoals_label_high_tide(const dfloor *f, int *label)
{
    int n = f->w * f->h, parts = 0;
    uint8_t *terr = malloc((size_t)n);
    int *q = malloc((size_t)n * sizeof *q);
    if (!terr || !q || flood_high(f, terr) < 0) {
        free(terr);
        free(q);
        return -1;
    }
    uint8_t walkable[256] = { 0 };
    for (int t = 0; t < T_TERRAIN_COUNT; t++)
        walkable[t] = terrain_get((terrain)t)->walkable;
    for (int i = 0; i < n; i++) {
        label[i] = -1;
        terr[i] = walkable[terr[i]];  /* now what may be stood on */
    }
    path_floor_parts(f, 0, terr, label, q, &parts, NULL);  /* q given: cannot fail */
    free(terr);
    free(q);
    return parts;
}

int shoals_reach_high_tide(const dfloor *f, int sx, int sy, uint8_t *reach)
{
    int n = f->w * f->h, count = 0;
    int *label = malloc((size_t)n * sizeof *label);
    if (!label || shoals_label_high_tide(f, label) < 0) {
        free(label);
        return -1;
    }
    int mine = floor_in(f, sx, sy) ? label[sy * f->w + sx] : -1;
    for (int i = 0; i < n; i++) {
        reach[i] = mine >= 0 && label[i] == mine;
        count += reach[i];
    }
    free(label);
    return count;
}

/* Checks one thing of f: on the floor, dry at high tide, reached. */
static delve_status check_at(const dfloor *f, const uint8_t *reach, int x, int y,
                             const char *what, delve_err *err)
{
    if (!shoals_dry_at_high_tide(f, x, y))
        return delve_fail(err, DELVE_EFAIL, "floor %d: the %s at %d,%d is not on land dry "
                          "at high tide", f->index + 1, what, x, y);
    if (!reach[y * f->w + x])
        return delve_fail(err, DELVE_EFAIL, "floor %d: the %s at %d,%d cannot be reached "
                          "from the entrance at high tide", f->index + 1, what, x, y);
    return DELVE_OK;
}

delve_status shoals_check(const dfloor *f, delve_err *err)
{
    uint8_t *reach = malloc((size_t)f->w * (size_t)f->h);
    if (!reach)
        return delve_fail(err, DELVE_ENOMEM, "out of memory for the Shoals check");
    delve_status st = DELVE_OK;
    if (shoals_reach_high_tide(f, f->entrance_x, f->entrance_y, reach) < 0)
        st = delve_fail(err, DELVE_ENOMEM, "out of memory for the Shoals check");
    if (!st)
        st = check_at(f, reach, f->entrance_x, f->entrance_y, "entrance", err);
    if (!st)
        st = check_at(f, reach, f->goal_x, f->goal_y, "goal", err);
    for (int i = 0; !st && i < f->way_count; i++)
        st = check_at(f, reach, f->ways[i].x, f->ways[i].y, way_kind_name(f->ways[i].kind),
                      err);
    free(reach);
    return st;
}

/* Square (x, y) may hold a way's end on g: on a Shoals floor dry at high tide and
 * reached from the entrance at high tide (reach); elsewhere room floor or corridor;
 * never the entrance, the goal or another way; on pair i's parity (gen/rooms/rooms_ways.c). */
static int end_ok(const dfloor *g, const uint8_t *reach, int x, int y, int pair)
{
    if (!floor_in(g, x, y) || (x + y) % 2 != pair % 2 ||
        (x == g->entrance_x && y == g->entrance_y) || (x == g->goal_x && y == g->goal_y) ||
        floor_way_at(g, x, y) >= 0)
        return 0;
    if (g->level_type == LT_SHOALS)
        return reach[y * g->w + x] && shoals_dry_at_high_tide(g, x, y);
    terrain t = floor_at(g, x, y);
    return t == T_FLOOR || t == T_CORRIDOR;
}

/* A random candidate at least spread squares from square `from` (-1: any), or -1. */
static int pick_far(rng *r, const int *cand, int n, int w, int from, int spread)
{
    int m = 0;
    for (int i = 0; i < n; i++)
        m += from < 0 || abs(cand[i] % w - from % w) + abs(cand[i] / w - from / w) >= spread;
    if (m == 0)
        return -1;
    int j = rng_range(r, 0, m - 1);
    for (int i = 0; i < n; i++)
        if ((from < 0 || abs(cand[i] % w - from % w) + abs(cand[i] / w - from / w) >= spread) &&
            j-- == 0)
            return cand[i];
    return -1;
}

/* Two candidates far apart if possible (first at random, the second WAY_SPREAD away,
 * else any other): into *a, *b; 0 when there are not two. */
static int pick_two(rng *r, const int *cand, int n, int w, int *a, int *b)
{
    *a = pick_far(r, cand, n, w, -1, 0);
    *b = *a >= 0 ? pick_far(r, cand, n, w, *a, WAY_SPREAD) : -1;
    if (*a >= 0 && *b < 0)
        *b = pick_far(r, cand, n, w, *a, 1);
    return *b >= 0;
}

/* Adds a way of kind k from square su (y * w + x) of up to square sd of down, and
 * back; both squares in the floors' own widths. */
static delve_status add_pair(dfloor *up, dfloor *down, way_kind k, int su, int sd,
                             delve_err *err)
{
    int ux = su % up->w, uy = su / up->w, dx = sd % down->w, dy = sd / down->w;
    way a = { .kind = k, .x = ux, .y = uy, .to_floor = down->index, .to_x = dx, .to_y = dy };
    way b = { .kind = k, .x = dx, .y = dy, .to_floor = up->index, .to_x = ux, .to_y = uy };
    delve_status st = floor_add_way(up, a, err);
    return st != DELVE_OK ? st : floor_add_way(down, b, err);
}

/* Squares (y * w + x of up) fit on both floors for a vertical way, into cand. */
static int both_candidates(const dfloor *up, const dfloor *down, const uint8_t *ru,
                           const uint8_t *rd, int *cand)
{
    int n = 0;
    for (int y = 0; y < up->h; y++)
        for (int x = 0; x < up->w; x++)
            if (end_ok(up, ru, x, y, up->index) && end_ok(down, rd, x, y, up->index))
                cand[n++] = y * up->w + x;
    return n;
}

/* Squares of g alone (y * w + x of g) fit for one end of pair i's ways, into cand. */
static int one_candidates(const dfloor *g, const uint8_t *reach, int pair, int *cand)
{
    int n = 0;
    for (int i = 0; i < g->w * g->h; i++)
        if (end_ok(g, reach, i % g->w, i / g->w, pair))
            cand[n++] = i;
    return n;
}

/* Lift and ladder on two squares above each other when there are two; else two
 * stairs, each from a square of up to a square of down chosen apart. */
static delve_status place(rng *r, dfloor *up, dfloor *down, const uint8_t *ru,
                          const uint8_t *rd, int *cu, int *cd, delve_err *err)
{
    int a, b, c, d, n = both_candidates(up, down, ru, rd, cu);
    if (n >= 2 && pick_two(r, cu, n, up->w, &a, &b)) {
        int sa = a / up->w * down->w + a % up->w, sb = b / up->w * down->w + b % up->w;
        delve_status st = add_pair(up, down, WAY_LIFT, a, sa, err);
        return st ? st : add_pair(up, down, WAY_LADDER, b, sb, err);
    }
    int nu = one_candidates(up, ru, up->index, cu), nd = one_candidates(down, rd, up->index, cd);
    if (!pick_two(r, cu, nu, up->w, &a, &b) || !pick_two(r, cd, nd, down->w, &c, &d))
        return delve_fail(err, DELVE_EFAIL, "floors %d and %d: not two squares on each on land "
                          "dry at high tide for the ways", up->index + 1, down->index + 1);
    delve_status st = add_pair(up, down, WAY_STAIR, a, c, err);
    return st ? st : add_pair(up, down, WAY_STAIR, b, d, err);
}

delve_status shoals_place_ways(uint64_t seed, dfloor *up, dfloor *down, delve_err *err)
{
    size_t nu = (size_t)up->w * up->h, nd = (size_t)down->w * down->h;
    uint8_t *ru = calloc(nu, 1), *rd = calloc(nd, 1);
    int *cu = malloc(nu * sizeof *cu), *cd = malloc(nd * sizeof *cd);
    delve_status st = DELVE_OK;
    if (!ru || !rd || !cu || !cd ||
        (up->level_type == LT_SHOALS &&
         shoals_reach_high_tide(up, up->entrance_x, up->entrance_y, ru) < 0) ||
        (down->level_type == LT_SHOALS &&
         shoals_reach_high_tide(down, down->entrance_x, down->entrance_y, rd) < 0))
        st = delve_fail(err, DELVE_ENOMEM, "out of memory for ways");
    rng r = rng_stream(seed, RNG_WAYS, up->index, 0);
    if (!st)
        st = place(&r, up, down, ru, rd, cu, cd, err);
    free(ru);
    free(rd);
    free(cu);
    free(cd);
    return st;
}
