/* rooms: the rooms-and-corridors family (level type rooms): its layout, the lift and
 * ladder between two floors, and its stocking. Private to gen/; gen/family.c makes
 * them the family's hooks. Uses engine only. */
#ifndef DELVE_GEN_ROOMS_ROOMS_H
#define DELVE_GEN_ROOMS_ROOMS_H

#include <stdint.h>

#include "engine/floor.h"
#include "gen/gen.h"

#define ROOMS_LAYOUT_TRIES 8  /* tries of a floor's layout before DELVE_EFAIL (set) */
#define ROOMS_REFIT_TRIES 16  /* more tries of an odd floor laid anew (rooms_ways_refit) */

#define ROOMS_LAYOUT_TRIES 8  /* tries of a floor's layout before DELVE_EFAIL (set) */
#define ROOMS_REFIT_TRIES 16  /* more tries of an odd floor laid anew (rooms_ways_refit) */

/* Lays out floor f (already floor_init'ed as a w x h floor of rock with its index) as
 * rooms and corridors: rooms, L-shaped corridors, doors, entrance and goal. Tries
 * rng_stream(seed, RNG_LAYOUT, f->index, try) for try = 0 .. ROOMS_LAYOUT_TRIES - 1
 * and keeps the first try that works. DELVE_EFAIL when none does, DELVE_ENOMEM. */
delve_status rooms_layout(uint64_t seed, dfloor *f, delve_err *err);

/* As rooms_layout with tries first .. first + count - 1 instead (rooms_ways_refit lays
 * a floor anew from tries past ROOMS_LAYOUT_TRIES). f may hold a layout: it is cleared. */
delve_status rooms_layout_tries(uint64_t seed, dfloor *f, int first, int count, delve_err *err);

/* A lift and a ladder between up (floor i) and down (floor i + 1): both ends on the
 * same square, room floor (else corridor) on both floors, only on squares with
 * (x + y) % 2 == i % 2. Adds the lift, then the ladder, to each of up and down.
 * Stream RNG_WAYS, floor i. DELVE_EFAIL when no square fits, DELVE_ELIMIT, DELVE_ENOMEM. */
delve_status rooms_ways_place(uint64_t seed, dfloor *up, dfloor *down, delve_err *err);

/* 1 when rooms_ways_place finds a lift and a ladder between rooms floors up and down
 * (two squares fit), else 0. Reads the layouts only; draws nothing. */
int rooms_ways_fit(const dfloor *up, const dfloor *down);

/* Lays floor mid, of odd index (the 2nd, 4th, ... floor), anew when its lift and ladder
 * do not fit (rooms_ways_fit) with the floor above, up, or the one below, down (NULL
 * past the dungeon's last floor): keeps the first layout of tries ROOMS_LAYOUT_TRIES ..
 * + ROOMS_REFIT_TRIES - 1 that fits both; mid is untouched when both fit. up and down,
 * of even index, are as rooms_layout laid them (never laid anew, see rooms_ways.c), so
 * every pair fits afterwards. Stream RNG_LAYOUT, floor mid->index, those tries.
 * DELVE_EFAIL when none fits, DELVE_EINPUT when mid's index is even, DELVE_ENOMEM. */
delve_status rooms_ways_refit(uint64_t seed, const dfloor *up, dfloor *mid, const dfloor *down,
                              delve_err *err);

/* rooms_ways_refit on each floor of odd index in lo..hi of a dungeon of `floors` floors,
 * f[0 .. hi - lo] laid out by rooms_layout. A neighbour outside lo..hi is laid out
 * (rooms_layout, f[0]'s size) to judge it, then freed. Errors as rooms_ways_refit and
 * rooms_layout. */
delve_status rooms_ways_refit_floors(uint64_t seed, int floors, dfloor *f, int lo, int hi,
                                     delve_err *err);

/* Monsters on f: lone ones in rooms and patrol packs on routes through room middles
 * (rooms_stock.c). Run after every other pass of f. Stream RNG_STOCK, floor f->index.
 * DELVE_ENOMEM, DELVE_ELIMIT. */
delve_status rooms_stock(uint64_t seed, dfloor *f, delve_err *err);

/* `delve stats --per-floor` on rooms and corridors (rooms_stats.c), in this order. */
enum {
    ROOMS_STAT_ROOMS, ROOMS_STAT_DOORS, ROOMS_STAT_PITS, ROOMS_STAT_STATIONS, ROOMS_STAT_WAYS,
    ROOMS_STAT_MONSTERS, ROOMS_STAT_BENDS, ROOMS_STAT_CURVES, ROOMS_STAT_SUNK,
    ROOMS_STAT_RAISED, ROOMS_STAT_GRADED, ROOMS_STAT_SPIRALS, ROOMS_STAT_TRIES,
    ROOMS_STAT_COUNT
};
const char *const *rooms_stat_names(void);

/* Floor 1 of o's dungeon (all o->floors generated): values[ROOMS_STAT_*]; *type
 * LT_ROOMS. Errors as gen_dungeon. */
delve_status rooms_stats_measure(const gen_opts *o, int *values, int *type, delve_err *err);

#endif
