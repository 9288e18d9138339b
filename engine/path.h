/* path: walks over squares and ways. Breadth-first (every step costs the same), in a
 * fixed neighbour order (N, E, S, W, then the square's way) so paths are the same on
 * every machine. Pit squares are impassable except as the goal when asked. libc only. */
#ifndef DELVE_ENGINE_PATH_H
#define DELVE_ENGINE_PATH_H

#include "engine/dungeon.h"

#define PATH_BURN_PENALTY 64  /* a person walks 64 squares round to miss one of acid (set) */

typedef struct path_step {
    int floor, x, y;
} path_step;

typedef struct path {
    path_step *steps;  /* steps[0] is the start, steps[count - 1] the goal */
    int count, cap;
} path;

enum {
    PATH_PIT_GOAL = 1,     /* the goal may be a (closed) pit square */
    PATH_NO_WAYS = 2,      /* stay on the start floor */
    PATH_AVOID_BURN = 4,   /* do not enter acid or lava unless it is the goal */
    PATH_BURN_COST = 8,    /* cheapest walk: each acid or lava square entered costs
                              PATH_BURN_PENALTY extra steps (so the fewest are waded) */
};

/* Shortest walk from `from` to `to`; out is reset and filled (free with path_free).
 * DELVE_EFAIL with err set when there is none, DELVE_EINPUT on a square outside its
 * floor, DELVE_ENOMEM. */
delve_status path_find(const dungeon *d, path_step from, path_step to, int flags, path *out,
                       delve_err *err);
void path_free(path *p);

/* Walking distances on one floor from (sx, sy): dist[y * w + x] = steps, or -1 where
 * unreachable. Pits and squares with block[i] != 0 (block may be NULL) are not
 * entered. Ways are ignored. dist holds w * h ints. */
void path_floor_dist(const dfloor *f, int sx, int sy, const unsigned char *block, int *dist);

#endif
