/* passes: the generator's passes and the walking helpers they share. Private to gen/
 * (gen.h is the public face). Each pass draws only from its own RNG stream and reads
 * only the floors it is given, so gen.c can run the same passes on the whole dungeon
 * or on a small window of floors around one floor (gen_floor_alone). Uses engine only. */
#ifndef DELVE_GEN_PASSES_H
#define DELVE_GEN_PASSES_H

#include <stdint.h>

#include "engine/rng.h"
#include "gen/gen.h"

/* Lays out floor f (already floor_init'ed as a w x h floor of rock with its index) as
 * rooms and corridors: rooms, L-shaped corridors, doors, entrance and goal. Tries
 * rng_stream(seed, RNG_LAYOUT, f->index, try) for try = 0, 1, ... up to its cap and
 * keeps the first try that works. DELVE_EFAIL when none does, DELVE_ENOMEM. */
delve_status gen_layout(uint64_t seed, dfloor *f, delve_err *err);

/* A lift and a ladder between up (floor i) and down (floor i + 1): both ends on the
 * same square, room floor (else corridor) on both floors, only on squares with
 * (x + y) % 2 == i % 2. Adds the lift, then the ladder, to each of up and down.
 * Stream RNG_WAYS, floor i. DELVE_EFAIL when no square fits, DELVE_ELIMIT, DELVE_ENOMEM. */
delve_status gen_place_ways(uint64_t seed, dfloor *up, dfloor *down, delve_err *err);

/* Maybe a pit on f (chance GEN_RATE_PIT) whose landing on below (the next floor down,
 * all its ways placed) is open floor or corridor. Stream RNG_PITS, floor f->index.
 * below NULL (f is the bottom floor) places nothing. DELVE_ENOMEM, DELVE_ELIMIT. */
delve_status gen_place_pit(uint64_t seed, dfloor *f, const dfloor *below, delve_err *err);

/* Maybe a rest station on f (chance GEN_RATE_STATION) against the wall of a room off
 * the main way. Run after f's ways and pit. Stream RNG_STATIONS, floor f->index.
 * DELVE_EFAIL when the goal cannot be walked to, DELVE_ENOMEM, DELVE_ELIMIT. */
delve_status gen_place_station(uint64_t seed, dfloor *f, delve_err *err);

/* Monsters on f: lone ones in rooms and patrol packs on routes through room middles
 * (gen/stock.c). Run after every other pass of f. Stream RNG_STOCK, floor f->index.
 * DELVE_ENOMEM, DELVE_ELIMIT. */
delve_status gen_stock(uint64_t seed, dfloor *f, delve_err *err);

/* Walking distances on f from (sx, sy) over walkable squares, 4 neighbours, never into
 * a pit or the square skip (y * w + x; -1 for none). dist and queue hold w * h ints;
 * dist[i] = steps or -1. Returns how many squares were reached (the start included;
 * 0 when the start itself cannot be stood on). Same as engine's path_floor_dist. */
int gen_walk(const dfloor *f, int sx, int sy, int skip, int *dist, int *queue);

/* Squares a walker can stand on: walkable terrain and no pit. */
int gen_walk_count(const dfloor *f);

/* Marks main[i] = 1 on the main way: from the entrance, each step to the first
 * neighbour in N, E, S, W order that is one step closer to the goal (a shortest
 * walk). main, dist and queue hold w * h. Returns the steps, or -1 when the goal
 * cannot be reached. */
int gen_main_way(const dfloor *f, unsigned char *main, int *dist, int *queue);

/* If (x, y) is room floor against a wall (an orthogonal neighbour is T_WALL), returns 1
 * and the first such direction in N, E, S, W order; else 0. dx, dy may be NULL. These
 * are the squares rest stations stand on, so pit landings avoid them. */
int gen_by_wall(const dfloor *f, int x, int y, int *dx, int *dy);

/* 1 when any of the 8 squares around (x, y) is a door. */
int gen_near_door(const dfloor *f, int x, int y);

/* Fisher-Yates shuffle of n ints with r. */
void gen_shuffle(rng *r, int *v, int n);

#endif
