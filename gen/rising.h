/* rising: every way up and down from the one table of rates (spec/rising.md,
 * rules from seed 004): corridor bends and curve marks, sunk, raised and graded rooms
 * with their ways in laid as stairs, ramps and turning stairs, spirals within a floor
 * and between floors, 8 tries per floor and the chooser. Rooms-and-corridors floors
 * only. Private to gen/ like passes.h. Uses engine only. */
#ifndef DELVE_GEN_RISING_H
#define DELVE_GEN_RISING_H

#include <stdint.h>

#include "gen/gen.h"
#include "gen/stored.h"

#define GEN_RISING_TRIES 8       /* tries per floor; the chooser keeps the best (set) */

/* What a floor wants: bends 1..3, the rest 0 or 1. spiral_between is the pair below
 * this floor (this floor the upper one). */
typedef struct rising_wants {
    int bends, sunk, raised, graded, spiral_within, spiral_between;
} rising_wants;

/* Draws floor's wants from RNG_WANTS (seed, floor, try 0), each chance from the rate
 * table (GEN_RATE_BENDS .. GEN_RATE_SPIRAL_BETWEEN), never from a try. */
void rising_wants_draw(uint64_t seed, int floor, rising_wants *w);

/* Lays rising on f (rooms-and-corridors; other level types are left alone), after its
 * layout and every way to the floors above and below: GEN_RISING_TRIES tries, try t
 * drawing from RNG_RISING (seed, f->index, t), each laying a stored room when stored
 * holds any (NULL: none), then the floor's wants in order (bends, sunk room, raised
 * room, graded room, spiral within); the chooser keeps the try ranked best by secrets
 * kept, stored rooms laid, rising laid, goal walked to soonest, stair squares. Fills
 * f->rising. DELVE_ENOMEM. */
delve_status rising_floor(uint64_t seed, dfloor *f, const stored_rooms *stored,
                              delve_err *err);

/* Maybe a spiral between up (floor i) and down (floor i + 1) when floor i wants one
 * (GEN_RATE_SPIRAL_BETWEEN): on a room square of both floors of this pair's parity
 * (gen/rooms/rooms_ways.c), from RNG_RISING (seed, i, GEN_RISING_TRIES). Run after the pair's lift
 * and ladder. No square: no spiral (not an error). DELVE_ELIMIT when a floor's ways are
 * full. */
delve_status rising_pair(uint64_t seed, dfloor *up, dfloor *down, delve_err *err);

/* Counts per kind over dungeons (`delve stats`, rooms and corridors): squares for
 * curve marks, stairs, ramps and turning stairs; one per piece otherwise. Append only:
 * the names reach docs/rules.md's tables and TSV readers. */
typedef enum rising_kind {
    RK_BENDS, RK_CURVES, RK_TURN_SQUARES, RK_RAMP_SQUARES, RK_STAIR_SQUARES,
    RK_SUNK, RK_RAISED, RK_GRADED, RK_SPIRALS_WITHIN, RK_SPIRALS_BETWEEN, RK_PAIRS,
    RK_LIFTS, RK_LADDERS, RK_TRIES, RK_REFUSED, RK_FLOORS, RK_FAILED,
    RK_COUNT
} rising_kind;

/* Name of a kind as the table prints it ("bends", "curve marks", ...). */
const char *rising_kind_name(rising_kind k);

/* Adds the counts of generated dungeon d (stacked) to counts[RK_COUNT]: the floors'
 * rising logs and squares; lifts, ladders and spirals between floors counted once per
 * pair (from the upper floor). RK_FAILED is the caller's (a dungeon that did not
 * generate or has check errors). */
void rising_count(const dungeon *d, int64_t *counts);

#endif
