/* pits: plates over a hole down to the floor below (spec/pits-and-stations.md). A pit
 * goes on a corridor square the floor can be walked around, else in the middle of a
 * room; its landing (the same square one floor down) must be room floor or corridor and
 * free, or the next of up to PIT_CANDIDATE_CAP candidates is tried; if none works the
 * floor gets no pit. The generator never hides a pit.
 *
 * Every pit keeps two promises the checks (check.c) hold it to: its landing's walking part
 * on the floor below holds a way back up (DoomRL's caves leave pockets that hold none),
 * and the pit splits no walking part of its own floor (a middle square of a warehouse's
 * room may sit between boxes). Each floor keeps the second, so the first, judged before
 * the floor below has its pit, still holds once it has one. A candidate that breaks
 * either is passed over like one over rock, so a floor whose first fitting candidate
 * kept both has the bytes it had before these promises.
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

/* The landing (x, y) on below is open floor or corridor not in a part sunk past this
 * (rising's spirals within a floor dig one, reached by its spiral only), no way end,
 * entrance or goal, not by a wall. */
static int landing_ok(const dfloor *below, int x, int y)
{
    terrain t = floor_at(below, x, y);
    return (t == T_FLOOR || t == T_CORRIDOR) && floor_way_at(below, x, y) < 0 &&
           below->height_cm[y * below->w + x] > -PIT_LANDING_DEEP_CM &&
           !(x == below->entrance_x && y == below->entrance_y) &&
           !(x == below->goal_x && y == below->goal_y) && !walk_by_wall(below, x, y, NULL, NULL);
}

/* 1 when a way up on below (to a floor above it) is walked to from the landing (x, y)
 * by the walkers' rule, the one check.c's pit-no-way-up uses. dist, queue: below's
 * w * h ints. */
static int landing_way_up(const dfloor *below, int x, int y, int *dist, int *queue)
{
    if (walk_dist(below, x, y, -1, dist, queue) == 0)
        return 0;
    for (int i = 0; i < below->way_count; i++) {
        const way *w = &below->ways[i];
        if (w->to_floor < below->index && floor_in(below, w->x, w->y) &&
            dist[w->y * below->w + w->x] >= 0)
            return 1;
    }
    return 0;
}

/* 1 when the squares one can stand on next to (x, y) still walk to each other with
 * (x, y) shut: a pit there splits no part of f, so nothing is reached only across it
 * and the landings of the floor above keep their ways up. dist, queue: f's w * h. */
static int pit_splits_nothing(const dfloor *f, int x, int y, int *dist, int *queue)
{
    int walked = 0;
    for (int d = 0; d < 4; d++) {
        int nx = x + DIR4_DX[d], ny = y + DIR4_DY[d];
        if (!floor_can_stand(f, nx, ny))
            continue;
        if (!walked)
            walked = walk_dist(f, nx, ny, y * f->w + x, dist, queue) > 0;
        else if (dist[ny * f->w + nx] < 0)
            return 0;
    }
    return 1;
}

/* A pit at (px, py) of f: its landing (dungeon_landing: through the floors' origins) fits,
 * the pit splits nothing, the landing walks to a way up. dist, queue: the larger floor's
 * w * h ints. */
static int pit_fits(const dfloor *f, const dfloor *below, int px, int py, int *dist,
                    int *queue)
{
    int x, y;
    dungeon_landing(f, below, px, py, &x, &y);
    return landing_ok(below, x, y) && pit_splits_nothing(f, px, py, dist, queue) &&
           landing_way_up(below, x, y, dist, queue);
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
        if (pit_fits(f, below, x, y, dist, queue))
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
    size_t n = (size_t)f->w * (size_t)f->h, nb = (size_t)below->w * (size_t)below->h;
    if (nb > n)
        n = nb;  /* dist and queue walk both floors */
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
