/* ways: a lift and a ladder between each two floors (spec/rising.md: "always"). Both
 * are vertical: the two ends stand on the same square of the upper and the lower floor.
 *
 * Why parity: pair i (floors i and i + 1) only uses squares with (x + y) % 2 == i % 2.
 * On floor k the pair above (k - 1, k) and the pair below (k, k + 1) therefore use
 * opposite parities and can never land on the same square, without either pair looking
 * at the other's ways. That keeps each pair a function of its two floors' layouts and
 * its own stream only, which gen_floor_alone relies on.
 * Stream: RNG_WAYS, floor i (the upper floor), try 0.
 *
 * Why refit odd floors: two layouts may share fewer than two open squares of the
 * pair's parity (about one dungeon of 3 floors in 50 000). Then the pair's floor of odd
 * index (the 2nd, 4th, ... floor) is laid anew until it fits both its neighbours
 * (rooms_ways_refit). Floors of even index are never laid anew, so every pair has one
 * floor as rooms_layout laid it, and an odd floor depends on its own layout and its two
 * neighbours' only, never on a chain of floors above; gen/gen.c's window lays out one
 * floor more to judge an odd floor at its edge. A dungeon whose pairs all fit as laid
 * is never touched, so it keeps its bytes. */
#include <stdlib.h>
#include <string.h>

#include "gen/passes.h"
#include "gen/rooms/rooms.h"
#include "gen/shoals/shoals.h"

#define WAY_SPREAD 12  /* the ladder stands this many squares (Manhattan) from the lift
                          when any square that far fits (set) */

/* Tier 0: room floor on both floors with no door around it; tier 1: room floor or
 * corridor. Never the entrance or goal of either floor, never off this pair's parity. */
static int way_square_ok(const dfloor *up, const dfloor *down, int x, int y, int tier)
{
    if ((x + y) % 2 != up->index % 2)
        return 0;
    const dfloor *g[2] = { up, down };
    for (int i = 0; i < 2; i++) {
        terrain t = floor_at(g[i], x, y);
        if (tier == 0 ? (t != T_FLOOR || walk_near_door(g[i], x, y))
                      : (t != T_FLOOR && t != T_CORRIDOR))
            return 0;
        if ((x == g[i]->entrance_x && y == g[i]->entrance_y) ||
            (x == g[i]->goal_x && y == g[i]->goal_y))
            return 0;
    }
    return 1;
}

/* Fills cand (NULL: only counts) with the squares (y * w + x) of the first tier that
 * has two (a lift and a ladder); tier 1 holds every square of tier 0. */
static int way_candidates(const dfloor *up, const dfloor *down, int *cand)
{
    for (int tier = 0; tier < 2; tier++) {
        int n = 0;
        for (int y = 0; y < up->h && y < down->h; y++)
            for (int x = 0; x < up->w && x < down->w; x++)
                if (way_square_ok(up, down, x, y, tier)) {
                    if (cand)
                        cand[n] = y * up->w + x;
                    n++;
                }
        if (n >= 2)
            return n;
    }
    return 0;
}

/* A random candidate at least spread squares from the square `from`, or -1. */
static int pick_far(rng *r, const int *cand, int n, int w, int from, int spread)
{
    int m = 0;
    for (int i = 0; i < n; i++)
        m += abs(cand[i] % w - from % w) + abs(cand[i] / w - from / w) >= spread;
    if (m == 0)
        return -1;
    int j = rng_range(r, 0, m - 1);
    for (int i = 0; i < n; i++)
        if (abs(cand[i] % w - from % w) + abs(cand[i] / w - from / w) >= spread && j-- == 0)
            return cand[i];
    return -1;
}

/* Adds a way of kind k at square sq to both floors, each end pointing at the other. */
static delve_status way_add_pair(dfloor *up, dfloor *down, way_kind k, int sq, delve_err *err)
{
    int x = sq % up->w, y = sq / up->w;
    way a = { .kind = k, .x = x, .y = y, .to_floor = down->index, .to_x = x, .to_y = y };
    way b = { .kind = k, .x = x, .y = y, .to_floor = up->index, .to_x = x, .to_y = y };
    delve_status st = floor_add_way(up, a, err);
    return st != DELVE_OK ? st : floor_add_way(down, b, err);
}

delve_status rooms_ways_place(uint64_t seed, dfloor *up, dfloor *down, delve_err *err)
{
    if (up->level_type == LT_SHOALS || down->level_type == LT_SHOALS)
        return shoals_place_ways(seed, up, down, err); /* on land dry at high tide */
    int *cand = malloc((size_t)up->w * (size_t)up->h * sizeof *cand);
    if (!cand)
        return delve_fail(err, DELVE_ENOMEM, "out of memory for ways");
    rng r = rng_stream(seed, RNG_WAYS, up->index, 0);
    int n = way_candidates(up, down, cand);
    int lift = n > 0 ? cand[rng_range(&r, 0, n - 1)] : -1;
    int ladder = n > 0 ? pick_far(&r, cand, n, up->w, lift, WAY_SPREAD) : -1;
    if (n > 0 && ladder < 0)
        ladder = pick_far(&r, cand, n, up->w, lift, 1);
    free(cand);
    if (ladder < 0)
        return delve_fail(err, DELVE_EFAIL,
                          "floors %d and %d: no two open squares above each other for a "
                          "lift and a ladder", up->index + 1, down->index + 1);
    /* Each floor gets the lift, then the ladder. */
    delve_status st = way_add_pair(up, down, WAY_LIFT, lift, err);
    if (st == DELVE_OK)
        st = way_add_pair(up, down, WAY_LADDER, ladder, err);
    return st;
}

int rooms_ways_fit(const dfloor *up, const dfloor *down)
{
    return way_candidates(up, down, NULL) >= 2;
}

/* 1 when mid fits both its neighbours (down may be NULL). */
static int fits_both(const dfloor *up, const dfloor *mid, const dfloor *down)
{
    return rooms_ways_fit(up, mid) && (!down || rooms_ways_fit(mid, down));
}

delve_status rooms_ways_refit(uint64_t seed, const dfloor *up, dfloor *mid, const dfloor *down,
                              delve_err *err)
{
    if (mid->index % 2 != 1)
        return delve_fail(err, DELVE_EINPUT, "floor %d: only odd floors are laid anew",
                          mid->index + 1);
    if (fits_both(up, mid, down))
        return DELVE_OK;
    for (int t = ROOMS_LAYOUT_TRIES; t < ROOMS_LAYOUT_TRIES + ROOMS_REFIT_TRIES; t++) {
        delve_status st = rooms_layout_tries(seed, mid, t, 1, err);
        if (st == DELVE_ENOMEM || (st == DELVE_OK && fits_both(up, mid, down)))
            return st;
    }
    return delve_fail(err, DELVE_EFAIL, "floor %d: no layout in %d more tries has two open "
                      "squares above and below it for a lift and a ladder", mid->index + 1,
                      ROOMS_REFIT_TRIES);
}

/* Floor j: f[j - lo] when it is in lo..hi, else laid out into *spare (zeroed; the
 * caller frees it) the size of f[0]; NULL past the last floor. */
static delve_status neighbour(uint64_t seed, int floors, dfloor *f, int lo, int hi, int j,
                              dfloor *spare, const dfloor **out, delve_err *err)
{
    *out = NULL;
    if (j >= floors)
        return DELVE_OK;
    if (j >= lo && j <= hi) {
        *out = &f[j - lo];
        return DELVE_OK;
    }
    *out = spare;
    delve_status st = floor_init(spare, j, f[0].w, f[0].h, err);
    return st != DELVE_OK ? st : rooms_layout(seed, spare, err);
}

delve_status rooms_ways_refit_floors(uint64_t seed, int floors, dfloor *f, int lo, int hi,
                                     delve_err *err)
{
    delve_status st = DELVE_OK;
    for (int i = lo | 1; i <= hi && st == DELVE_OK; i += 2) {  /* lo | 1: first odd */
        dfloor spare[2];
        const dfloor *up, *down;
        memset(spare, 0, sizeof spare);
        st = neighbour(seed, floors, f, lo, hi, i - 1, &spare[0], &up, err);
        if (st == DELVE_OK)
            st = neighbour(seed, floors, f, lo, hi, i + 1, &spare[1], &down, err);
        if (st == DELVE_OK)
            st = rooms_ways_refit(seed, up, &f[i - lo], down, err);
        floor_free(&spare[0]);
        floor_free(&spare[1]);
    }
    return st;
}
