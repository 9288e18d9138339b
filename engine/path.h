/* path: walks over squares and ways. Breadth-first (every step costs the same; acid and
 * lava cost more when asked), in a fixed neighbour order (N, E, S, W, then the square's
 * way) so paths are the same on every machine. Pit squares are impassable except as the
 * goal when asked. One floor walk (path_walk) serves every pass and check. libc only. */
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

/* The one breadth-first walk over a floor's squares, shared by the rules, the passes and
 * the checks. What may be stood on: with stand NULL, the terrain table's walkable column
 * (open with PATH_WALK_OPEN, for fliers) and, unless PATH_WALK_PITS, no pit square;
 * with stand (w * h bytes) given, exactly the squares with stand[i] != 0. */
enum {
    PATH_WALK_OPEN = 1,  /* stand NULL: open terrain (fliers) instead of walkable */
    PATH_WALK_PITS = 2,  /* stand NULL: pit squares may be entered */
    PATH_WALK_WAYS = 4,  /* a way from a square to another square of the same floor is one
                            step more, taken before the four neighbours */
};

/* Walks f from square start (y * w + x), taken as stood on whatever the rule says of
 * it: dist[start] = 0, then each square the rule allows whose dist is -1 gets the
 * steps to it, neighbours in DIR4 order (N, E, S, W). dist (w * h ints) is set up by
 * the caller: -1 where the walk may go, any other negative value blocks a square, and
 * squares already >= 0 are not entered again. queue: w * h ints of scratch, or NULL to
 * have one allocated; queue[0 .. *reached - 1] are the squares reached in walk order,
 * the start first. reached may be NULL. DELVE_EINPUT (start off the floor) or
 * DELVE_ENOMEM with err set, dist untouched. */
delve_status path_walk(const dfloor *f, int flags, const uint8_t *stand, int start, int *dist,
                       int *queue, int *reached, delve_err *err);

/* Walking distances on f from (sx, sy) by the walkers' rule (walkable, never a pit):
 * dist (w * h ints) = steps, or -1 where unreachable; when (sx, sy) is not walkable
 * terrain nothing is reached (a pit there does not stop the walk: the party may stand
 * on closed plates). queue and reached as for path_walk. DELVE_ENOMEM. */
delve_status path_floor_dist(const dfloor *f, int sx, int sy, int *dist, int *queue,
                             int *reached, delve_err *err);

/* Labels the parts of f that the rule (flags, stand as for path_walk) joins, 4-connected:
 * label[i] = 0, 1, ... in the order of each part's first square in raster order. label
 * (w * h ints) is set up by the caller like path_walk's dist: -1 where a part may be,
 * any other negative value keeps a square out; squares the rule refuses stay as they
 * were. queue as for path_walk; *parts gets the count. DELVE_ENOMEM with err set. */
delve_status path_floor_parts(const dfloor *f, int flags, const uint8_t *stand, int *label,
                              int *queue, int *parts, delve_err *err);

#endif
