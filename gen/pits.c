/* pits: plates over a hole down to the floor below (spec/pits-and-stations.md). A pit
 * goes on a corridor square the floor can be walked around, else in the middle of a
 * room; its landing (the same square one floor down) must be room floor or corridor and
 * free, or the next of up to PIT_CANDIDATE_CAP candidates is tried; if none works the
 * floor gets no pit. The generator never hides a pit.
 *
 * Why parity: a pit on floor k only uses squares with (x + y) % 2 == k % 2, so its
 * landing on floor k + 1 is never a pit of floor k + 1 (those use the other parity),
 * without either floor looking at the other's pit. Landings also avoid room squares
 * by a wall, where rest stations stand (walk_by_wall), for the same reason: each floor's
 * things then depend only on the layouts and ways of the floors next to it.
 * Stream: RNG_PITS, floor k, try 0. */
#include <stdlib.h>

#include "gen/passes.h"

#define PIT_CANDIDATE_CAP 48  /* candidates tried against the floor below (seed 001) */
#define PIT_LANDING_DEEP_CM 200 /* landings sunk deeper are refused: a spiral's part (set) */

/* Free, on this floor's parity, and not by a door (set: nobody steps out of a door
 * straight onto the plates). */
static int pit_square_ok(const dfloor *f, int x, int y)
{
    return (x + y) % 2 == f->index % 2 && !floor_square_taken(f, x, y) &&
           !walk_near_door(f, x, y);
}

/* The landing of (x, y) of f (dungeon_landing: through the floors' origins) is open
 * floor or corridor below not in a part sunk past this (rising's spirals within a floor
 * dig one, reached by its spiral only), no way end, entrance or goal, not by a wall. */
static int landing_ok(const dfloor *f, const dfloor *below, int px, int py)
{
    int x, y;
    dungeon_landing(f, below, px, py, &x, &y);
    terrain t = floor_at(below, x, y);
    return (t == T_FLOOR || t == T_CORRIDOR) && floor_way_at(below, x, y) < 0 &&
           below->height_cm[y * below->w + x] > -PIT_LANDING_DEEP_CM &&
           !(x == below->entrance_x && y == below->entrance_y) &&
           !(x == below->goal_x && y == below->goal_y) && !walk_by_wall(below, x, y, NULL, NULL);
}

/* Corridor squares whose loss leaves every walkable square reachable. */
static int corridor_candidates(const dfloor *f, int *cand, int *dist, int *queue)
{
    int total = walk_count(f), n = 0;
    for (int y = 0; y < f->h; y++)
        for (int x = 0; x < f->w; x++) {
            if (floor_at(f, x, y) != T_CORRIDOR || !pit_square_ok(f, x, y))
                continue;
            int skip = y * f->w + x;
            if (walk_dist(f, f->entrance_x, f->entrance_y, skip, dist, queue) == total - 1)
                cand[n++] = skip;
        }
    return n;
}

/* Room squares that touch no wall (a room of 3 x 3 has one: its centre). */
static int middle_candidates(const dfloor *f, int *cand)
{
    int n = 0;
    for (int i = 0; i < f->room_count; i++) {
        const room *rm = &f->rooms[i];
        for (int y = rm->y + 1; y < rm->y + rm->h - 1; y++)
            for (int x = rm->x + 1; x < rm->x + rm->w - 1; x++)
                if (floor_at(f, x, y) == T_FLOOR && pit_square_ok(f, x, y))
                    cand[n++] = y * f->w + x;
    }
    return n;
}

/* Shuffled corridor candidates first, then shuffled room middles; the first
 * PIT_CANDIDATE_CAP are tried against the floor below. */
static delve_status pit_choose(rng *r, dfloor *f, const dfloor *below, int *cand, int *dist,
                               int *queue, delve_err *err)
{
    int n1 = corridor_candidates(f, cand, dist, queue);
    rng_shuffle(r, cand, n1);
    int n2 = middle_candidates(f, cand + n1);
    rng_shuffle(r, cand + n1, n2);
    for (int i = 0; i < n1 + n2 && i < PIT_CANDIDATE_CAP; i++) {
        int x = cand[i] % f->w, y = cand[i] / f->w;
        if (landing_ok(f, below, x, y))
            return floor_add_pit(f, (pit){ .x = x, .y = y, .hidden = 0, .open = 0 }, err);
    }
    return DELVE_OK;
}

delve_status pits_place(uint64_t seed, dfloor *f, const dfloor *below, delve_err *err)
{
    const gen_rate *rate = rates_get(GEN_RATE_PIT);
    rng r = rng_stream(seed, RNG_PITS, f->index, 0);
    if (!below || !rng_chance(&r, rate->num, rate->den))
        return DELVE_OK;
    size_t n = (size_t)f->w * (size_t)f->h;
    int *cand = malloc(n * sizeof *cand);
    int *dist = malloc(n * sizeof *dist);
    int *queue = malloc(n * sizeof *queue);
    delve_status st;
    if (cand && dist && queue)
        st = pit_choose(&r, f, below, cand, dist, queue, err);
    else
        st = delve_fail(err, DELVE_ENOMEM, "floor %d: out of memory for pits", f->index + 1);
    free(cand);
    free(dist);
    free(queue);
    return st;
}
