/* dungeon: the floors of one dungeon and how they stack. Stacking is computed here
 * from ceilings, rock and the real ground (spec/rising.md), never assumed by callers:
 * ask dungeon_ground_cm for a square's height above the dungeon's datum. libc only. */
#ifndef DELVE_ENGINE_DUNGEON_H
#define DELVE_ENGINE_DUNGEON_H

#include <stdint.h>

#include "engine/floor.h"

#define DUNGEON_MAX_FLOORS 32
#define STACK_CEILING_CM 400  /* ceiling above ground in rooms and corridors (set) */
#define STACK_ROCK_CM 200     /* rock between a roof and the ground above it (set) */
#define STACK_REACH 1         /* squares around a dug square whose roof counts (set) */

typedef struct dungeon {
    uint64_t seed;
    int floor_count;
    dfloor *floors;      /* floor_count floors, index 0 is the top */
    int32_t *datum_cm;   /* each floor's datum above the dungeon's datum (floor 0 is 0) */
} dungeon;

/* Allocates count floors (each still to be floor_init'ed by the caller, or left
 * zeroed). DELVE_ELIMIT past DUNGEON_MAX_FLOORS. */
delve_status dungeon_init(dungeon *d, uint64_t seed, int count, delve_err *err);
void dungeon_free(dungeon *d);
/* Deep copy of src into dst (dst uninitialised): every floor (floor_copy) and datum.
 * DELVE_ENOMEM leaves dst freed. */
delve_status dungeon_copy(dungeon *dst, const dungeon *src, delve_err *err);

/* Computes datum_cm for every floor from the floors' ground: each lower floor stands
 * so that its tallest roof within STACK_REACH of any open square of the floor above
 * is STACK_ROCK_CM under that square's ground, sunk parts included. Plain floors
 * (all heights 0) stand 600 cm apart. Call after any height changes. */
void dungeon_stack(dungeon *d);

/* Ground height in cm of square (x, y) on floor f above the dungeon's datum. */
int32_t dungeon_ground_cm(const dungeon *d, int f, int x, int y);

/* The one landing rule: the square of lo at the place of (x, y) of up on the dungeon's
 * common grid, through the floors' origins (dfloor.ox, oy, where each floor's square 0,0
 * sits on it): (x + up.ox - lo.ox, y + up.oy - lo.oy); for a pit of up over lo, its
 * landing. It may lie outside lo (callers check floor_in). The world's falls, the
 * stacking, `delve check`, the pit pass and the viewer's overlay all go through it. */
void dungeon_landing(const dfloor *up, const dfloor *lo, int x, int y, int *bx, int *by);

/* The square of floor f + 1 straight under (x, y) of floor f (dungeon_landing). It may
 * lie outside floor f + 1 (callers check floor_in). 0 when f is the bottom floor. */
int dungeon_below(const dungeon *d, int f, int x, int y, int *bx, int *by);
/* Fall height in cm from (x, y) on floor f to the square under it on floor f + 1
 * (dungeon_below); 0 when f is the bottom floor. */
int32_t dungeon_fall_cm(const dungeon *d, int f, int x, int y);

/* Spirals (spec/rising.md "set"): one full turn per DUNGEON_SPIRAL_TURN_CM of
 * rise, rounded to the nearest quarter; a spiral fits its rise when that is 1 to
 * DUNGEON_SPIRAL_MAX_QUARTERS quarter turns (the check spiral-winding). */
#define DUNGEON_SPIRAL_TURN_CM 300
#define DUNGEON_SPIRAL_MAX_QUARTERS 16
/* Quarter turns a spiral winds over rise_cm (either sign). */
int dungeon_spiral_quarter_turns(int32_t rise_cm);

#endif
