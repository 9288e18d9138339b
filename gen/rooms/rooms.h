/* rooms: the rooms-and-corridors family (level type rooms): its layout, the lift and
 * ladder between two floors, and its stocking. Private to gen/; gen/family.c makes
 * them the family's hooks. Uses engine only. */
#ifndef DELVE_GEN_ROOMS_ROOMS_H
#define DELVE_GEN_ROOMS_ROOMS_H

#include <stdint.h>

#include "engine/floor.h"

/* Lays out floor f (already floor_init'ed as a w x h floor of rock with its index) as
 * rooms and corridors: rooms, L-shaped corridors, doors, entrance and goal. Tries
 * rng_stream(seed, RNG_LAYOUT, f->index, try) for try = 0, 1, ... up to its cap and
 * keeps the first try that works. DELVE_EFAIL when none does, DELVE_ENOMEM. */
delve_status rooms_layout(uint64_t seed, dfloor *f, delve_err *err);

/* A lift and a ladder between up (floor i) and down (floor i + 1): both ends on the
 * same square, room floor (else corridor) on both floors, only on squares with
 * (x + y) % 2 == i % 2. Adds the lift, then the ladder, to each of up and down.
 * Stream RNG_WAYS, floor i. DELVE_EFAIL when no square fits, DELVE_ELIMIT, DELVE_ENOMEM. */
delve_status rooms_ways_place(uint64_t seed, dfloor *up, dfloor *down, delve_err *err);

/* Monsters on f: lone ones in rooms and patrol packs on routes through room middles
 * (rooms_stock.c). Run after every other pass of f. Stream RNG_STOCK, floor f->index.
 * DELVE_ENOMEM, DELVE_ELIMIT. */
delve_status rooms_stock(uint64_t seed, dfloor *f, delve_err *err);

#endif
