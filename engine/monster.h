/* monster: the kinds of monster (one table: name, glyph, walking or flying) and where
 * they stand: a lone monster stays on its square; a patrol pack walks its route's loop
 * (waypoint to waypoint by the shortest walk, back to the first) one square per
 * MONSTER_STEP_S, each member a square behind the one before. Walkers go round pits,
 * flyers pass over; nobody leaves its floor, so nothing follows the party down a pit
 * (seed 001). Position is a pure function of the clock: nothing to save. libc only. */
#ifndef DELVE_ENGINE_MONSTER_H
#define DELVE_ENGINE_MONSTER_H

#include <stdint.h>

#include "engine/dungeon.h"

#define MONSTER_STEP_S 2       /* game seconds per square on patrol: walking pace (set) */
#define MONSTER_LOOP_MAX 4096  /* squares in one patrol loop, a limit for read files */

/* Kinds, append only (numbers reach files). */
typedef enum monster_kind_id {
    MK_RAT,
    MK_BAT,
    MK_SKELETON,
    MK_GHOUL,
    MK_EYE,
    MK_BASE_COUNT
} monster_kind_id;

/* DoomRL's monsters (gen/doomrl/doom_stock.c's table, seed 002) are stored on a floor as
 * MONSTER_KIND_DOOMRL + their row, so both tables share one kind number space. */
#define MONSTER_KIND_DOOMRL 64

typedef struct monster_kind {
    const char *name;
    char glyph;        /* ASCII map glyph, none collides with terrain or thing glyphs */
    uint8_t flying;
    int danger;        /* for budgets: roughly hits to kill x damage */
} monster_kind;

/* The row for kind; out of range gives the first row. Never NULL. */
const monster_kind *monster_kind_get(int kind);
int monster_kind_count(void);

/* The loop of patrol p (0-based) of floor f for a walker (fly 0: never onto a pit
 * square) or a flyer (fly 1: over pits too): squares in order, first waypoint first,
 * the way back to it included, the first square not repeated at the end. Writes up
 * to cap squares to xs, ys. Returns the length, or -1 when a leg has no walk (or the
 * loop is longer than cap). */
int monster_patrol_loop(const dfloor *f, int p, int fly, int16_t *xs, int16_t *ys, int cap);

/* Patrol loops of every floor, built once for a world. */
typedef struct monster_loop {
    int len;            /* 0 when the route has no walk (the pack stands still) */
    int16_t *x, *y;
} monster_loop;

typedef struct monster_loops {
    int floors;
    monster_loop *loops; /* [floor * FLOOR_MAX_PATROLS * 2 + patrol * 2 + fly] */
} monster_loops;

/* DELVE_ENOMEM; on failure *ml is empty. Free with monster_loops_free. */
delve_status monster_loops_build(const dungeon *d, monster_loops *ml, delve_err *err);
void monster_loops_free(monster_loops *ml);

/* Square of monster mi on floor f at clock_s (game seconds since Day 1 00:00): a
 * patrol member j (its rank among the pack's monsters in array order) is j squares
 * behind the loop's square number (clock_s - start_s) / MONSTER_STEP_S. */
void monster_where(const monster_loops *ml, const dfloor *f, int mi, int64_t clock_s,
                   int64_t start_s, int *x, int *y);

#endif
