/* shoals: the Shoals level type (seed 003, spec/shoals.md section b exactly): a 70 x 60
 * heightmap starting at -17, raised into islands by repeated perturbation at points on
 * circles of random radius (integer angles, offsets truncated toward zero, from a
 * fixed-point table so the bytes match across compilers), smoothed once in place, and
 * cut into deep water, shallow water, floor and high ground. The heights are the
 * squares' real ground: height_cm = h * TIDE_CM_PER_UNIT (engine/tide.h). Also the
 * Shoals ways (on land the tide never reaches) and the validator. Uses engine only. */
#ifndef DELVE_GEN_SHOALS_H
#define DELVE_GEN_SHOALS_H

#include <stdint.h>

#include "engine/floor.h"
#include "engine/rng.h"

#define SHOALS_W 70              /* seed 003: GXM */
#define SHOALS_H 60              /* seed 003: GYM */
#define SHOALS_START (-17)       /* seed 003: every square's height before the islands */
#define SHOALS_ISLANDS 15        /* seed 003: default island count */
#define SHOALS_ISLANDS_MAX 1000  /* --islands cap (set: a floor of 1000 islands still generates at once) */
#define SHOALS_HIGH 100          /* seed 003: '^' at h >= 100 */
#define SHOALS_FLOOR 0           /* seed 003: floor at 0 <= h < 100 */
#define SHOALS_SHALLOW (-14)     /* seed 003: '=' at -14 <= h < 0; '#' below */
#define SHOALS_TRIG_ONE (1 << 30)/* the trig tables' 1.0 */

/* d * cos(deg) and d * sin(deg), each truncated toward zero like the blog's double to
 * int conversion; deg is reduced into 0..359. Tables are trunc(cos * 2^30) of the C
 * library's doubles, and give the same integers as the doubles for every d in 0..63
 * (checked when the table was made). So d = 1 moves only at 0, 90, 180 and 270. */
void shoals_offset(int d, int deg, int *dx, int *dy);

/* The table entry for deg (0..359): trunc(cos(deg) * 2^30), and sin likewise. */
int32_t shoals_cos(int deg);
int32_t shoals_sin(int deg);

/* random_max(max) of the blog: 0 when max <= 1 (no draw), else a draw in 0..max-1. The
 * generator's only source of randomness, so a test can plug in the blog's own. */
typedef int (*shoals_draw)(void *ctx, int max);

/* The blog's heightmap into h (w * h_rows ints, row-major): every square SHOALS_START,
 * then `islands` islands (draw order: cy, cx, R, 50 x [d, angle..., increment], k, then
 * per aux [o, angle..., r, n, n x [d, angle..., increment]]), then when smooth is 1 the
 * smoothing pass. w and h_rows at least 21 (an island centre keeps 10 squares off each
 * edge). Source: spec/shoals.md b, steps 1-3. */
void shoals_heightmap(int *h, int w, int h_rows, int islands, shoals_draw draw, void *ctx,
                      int smooth);

/* One smoothing pass of radius 1 over g (w * h_rows ints), in place, in raster order:
 * weights centre 4, orthogonal 3, diagonal 2, squares off the grid left out of sum and
 * divisor, C division truncating toward zero (spec b3). */
void shoals_smooth(int *g, int w, int h_rows);

/* Terrain of a height by the seed's thresholds: T_HIGH, T_FLOOR, T_SHALLOW or T_DEEP. */
terrain shoals_terrain(int h);

/* ASCII glyph of a Shoals terrain: '#' deep, '=' shallow, '.' floor, '^' high (seed 003;
 * the seed prints floor as a space). 0 for terrains a Shoals floor never has. */
char shoals_glyph(terrain t);

/* Lays out f (floor_init'ed here as SHOALS_W x SHOALS_H, level_type LT_SHOALS, index k)
 * from rng_stream(seed, RNG_LAYOUT, k, try) for try 0.. SHOALS_TRIES - 1: the heightmap,
 * the terrain, then the entrance (a random square of the largest stretch of land that
 * stays dry at high tide) and the goal (the dry square of that land farthest from it by
 * walking at high tide). DELVE_EFAIL when no try has dry land, DELVE_ENOMEM. */
#define SHOALS_TRIES 8
delve_status shoals_layout(uint64_t seed, int islands, int k, dfloor *f, delve_err *err);

/* 1 when (x, y) of Shoals floor f stays dry at the highest tide: walkable, and its
 * ground h >= TIDE_HIGH_UNITS. */
int shoals_dry_at_high_tide(const dfloor *f, int x, int y);

/* The stretches of land a walker can cross at the highest tide: label[i] = 0, 1, ...
 * for each 4-connected part of walkable squares (in raster order of their first
 * square), -1 where nobody can stand (deep water). The terrain at high tide comes from
 * flooding a copy of f with the tide held at its top until nothing changes (flooded
 * flats are shallow: slow but walkable). label holds w * h ints. Returns the number of
 * parts, or -1 when out of memory. */
int shoals_label_high_tide(const dfloor *f, int *label);

/* reach[i] = 1 for every square of f a walker reaches from (sx, sy) at the highest tide
 * (floor, shallow and high ground: flooded flats are slow but walkable; deep water is
 * not). Computed by flooding a copy of f with the tide held at its top until nothing
 * changes, then walking 4 neighbours. reach holds w * h bytes. Returns the squares
 * reached, or -1 when out of memory. */
int shoals_reach_high_tide(const dfloor *f, int sx, int sy, uint8_t *reach);

/* The validator: the entrance, the goal and every way of Shoals floor f reach each
 * other at the highest tide, and each stands on land dry at high tide.
 * DELVE_EFAIL naming the first thing that does not; DELVE_ENOMEM. */
delve_status shoals_check(const dfloor *f, delve_err *err);

/* The ways between up (floor i) and down (floor i + 1) when either is a Shoals floor,
 * stream RNG_WAYS floor i, only on squares with (x + y) % 2 == i % 2 (gen/rooms/rooms_ways.c), and on
 * a Shoals floor only on land dry at high tide that its entrance reaches at high tide
 * (elsewhere room floor or corridor): a lift and a ladder on two squares that fit on
 * both floors (same square above and below, as rooms_ways_place), or when fewer than two
 * fit, two stairs, each from a square of up to a square of down (the islands of two
 * floors need not lie over each other). DELVE_EFAIL when a floor has not two squares. */
delve_status shoals_place_ways(uint64_t seed, dfloor *up, dfloor *down, delve_err *err);

#endif
