/* passes: the passes every family runs after its own layout and ways (pits, rest
 * stations). Private to gen/ (gen.h is the public face). Each pass draws only from its
 * own RNG stream and reads only the floors it is given, so gen.c can run the same
 * passes on the whole dungeon or on a window of floors (gen_floor_alone). */
#ifndef DELVE_GEN_PASSES_H
#define DELVE_GEN_PASSES_H

#include <stdint.h>

#include "engine/rng.h"
#include "gen/gen.h"
#include "gen/walk.h"

/* Maybe a pit on f (chance GEN_RATE_PIT) whose landing on below (the next floor down,
 * all its ways placed) is open floor or corridor. Stream RNG_PITS, floor f->index.
 * below NULL (f is the bottom floor) places nothing. DELVE_ENOMEM, DELVE_ELIMIT. */
delve_status pits_place(uint64_t seed, dfloor *f, const dfloor *below, delve_err *err);

/* Maybe a rest station on f (chance GEN_RATE_STATION) against the wall of a room off
 * the main way. Run after f's ways and pit. Stream RNG_STATIONS, floor f->index.
 * DELVE_EFAIL when the goal cannot be walked to, DELVE_ENOMEM, DELVE_ELIMIT. */
delve_status stations_place(uint64_t seed, dfloor *f, delve_err *err);

#endif
