/* gen: builds a dungeon from a seed: rooms-and-corridors floors, DoomRL level types
 * (gen/doomrl/doomrl.h) or Shoals (gen/shoals/shoals.h), their ways between floors,
 * rising's ways up and down, pits and rest stations. Every pass draws from its own RNG
 * stream (engine/rng.h); each floor's result depends only on the seed and the floors next to it, so a floor generated
 * alone equals the same floor of the whole dungeon. Uses base and engine only. */
#ifndef DELVE_GEN_GEN_H
#define DELVE_GEN_GEN_H

#include <stdint.h>

#include "base/textbuf.h"
#include "engine/dungeon.h"

#define GEN_FLOOR_W 64
#define GEN_FLOOR_H 40
#define GEN_MIN_SIDE 16   /* smaller floors are refused as bad input */
#define GEN_PATH_MAX 200  /* a setting's path (--rooms), short enough for a save's source line */

typedef struct gen_opts {
    uint64_t seed;
    int floors;      /* 1..DUNGEON_MAX_FLOORS, default 3 */
    int floor;       /* the floor a front end shows or makes, 1..floors; 0: every floor
                        (gen_dungeon and gen_floor_alone ignore it) */
    int w, h;        /* floor size in squares, default GEN_FLOOR_W x GEN_FLOOR_H;
                        GEN_MIN_SIDE..FLOOR_MAX_SIDE each */
    int type;        /* enum level_type, default LT_ROOMS; GEN_TYPE_DOOMRL picks a DoomRL
                        level type per floor by its dlevel (seed 002) */
    int dlevel;      /* dlevel of the top floor, 1..GEN_MAX_DLEVEL; floor k has dlevel+k */
    int difficulty;  /* DoomRL difficulty 1..GEN_MAX_DIFFICULTY (ITYTD..N!), default 2 */
    int single_monster; /* 1: the single-monster replacement may happen (off: seed 002
                           says it did not spawn yet) */
    int islands;     /* Shoals island count, default 15 (seed 003) */
    int rising;      /* 1: rising's passes on (spec/rising.md); 0: bytes as before rising */
    char rooms[GEN_PATH_MAX]; /* the folder of stored rooms (`--rooms DIR`); "" none */
    const struct stored_rooms *stored; /* the rooms read from it (gen/stored.h), which
                                          the rising tries lay; NULL: none */
} gen_opts;

#define GEN_TYPE_DOOMRL (-1)
#define GEN_MAX_DLEVEL 99
#define GEN_MAX_DIFFICULTY 5  /* DoomRL: I Too Young To Die .. Nightmare! */

/* The default options for seed: every setting at its default (gen/opts.h), floors of
 * GEN_FLOOR_W x GEN_FLOOR_H. */
gen_opts gen_defaults(uint64_t seed);

/* Generates the whole dungeon into *out (dungeon_init'ed here; free with
 * dungeon_free; on failure *out is left empty and needs no free), stacked with
 * dungeon_stack. Passes in order: each floor's layout (stream RNG_LAYOUT, floor k,
 * try 0..7: rooms, corridors, doors, entrance, goal; a floor of odd k laid anew from
 * tries 8.. when its lift and ladder do not fit, gen/rooms/rooms.h); a lift and a
 * ladder between each two floors (RNG_WAYS, upper floor); a pit per floor with chance
 * GEN_RATE_PIT (RNG_PITS); a rest station per floor with chance GEN_RATE_STATION
 * (RNG_STATIONS).
 * Each floor's things are in this order: the ways to the floor above (lift, ladder),
 * the ways to the floor below (lift, ladder), pits, stations. Heights stay 0.
 * With o->type a DoomRL level type or GEN_TYPE_DOOMRL (gen/doomrl/doomrl.h, seed 002) every
 * floor is a DoomRL floor of DOOM_W x DOOM_H (o->w, o->h unused) with dlevel
 * o->dlevel + k, joined by stairs instead of a lift and a ladder, stocked with monsters
 * and items after the pits and stations, and the dungeon passes doom_validate_dungeon.
 * With type LT_SHOALS every floor is a Shoals floor instead (gen/shoals/shoals.h: seed 003's
 * heightmap, SHOALS_W x SHOALS_H whatever w and h say, `islands` islands), its ways on
 * land dry at high tide, and each floor checked by shoals_check after its ways.
 * DELVE_EINPUT on bad options, DELVE_EFAIL if a floor's layout failed all its tries or
 * two floors share no two open squares for their ways after those tries, DELVE_ENOMEM. */
delve_status gen_dungeon(const gen_opts *o, dungeon *out, delve_err *err);

/* Generates floor k (0-based) alone into *out (floor_free it; zeroed on failure):
 * byte-identical to floors[k] of gen_dungeon with the same options (terrain, heights,
 * every thing array and field). It generates floors k-1 .. k+2 (those that exist),
 * which is all floor k depends on, and with rooms floors lays out k-2 or k+3 as well to
 * judge the odd floor at the window's edge. DELVE_EINPUT on bad options or k out of
 * 0..floors-1; otherwise as gen_dungeon for those floors. */
delve_status gen_floor_alone(const gen_opts *o, int k, dfloor *out, delve_err *err);

/* The ASCII map of one floor with its legend, as `delve gen` prints it; *out is
 * malloc'ed and NUL-terminated. Stable and diffable: same floor, same bytes.
 * Layout: a title line ("floor 2 of 3  seed 42  64x40"), h map rows (x grows to the
 * right, y downwards; trailing rock trimmed), a blank line, "legend" with one line per
 * glyph that appears, then "things" with one line per thing (0-based x,y).
 * Things are drawn over terrain with the glyphs below (ways use way_kind_glyph).
 * DELVE_EINPUT when k is not a floor of d, DELVE_ENOMEM. */
delve_status ascii_floor(const dungeon *d, int k, char **out, delve_err *err);

/* Floor k of d as a rooms-and-corridors or Shoals floor is drawn (title, map, legend,
 * things), appended to b: the ascii hook of the families without glyphs of their own. */
void ascii_plain_floor(const dungeon *d, int k, textbuf *b);

/* A legend line of an ASCII map: a glyph and what it stands for. */
typedef struct ascii_key {
    char glyph;
    const char *name;
} ascii_key;

/* "  'G' name" to b for each of the n keys, in order, whose glyph the map holds
 * (seen[glyph] != 0): the legend's lines of every family's map. */
void ascii_keys(textbuf *b, const unsigned char *seen, const ascii_key *keys, int n);

/* Every floor's ascii_floor, top floor first, with one blank line between floors.
 * *out is malloc'ed and NUL-terminated. DELVE_ENOMEM. */
delve_status ascii_dungeon(const dungeon *d, char **out, delve_err *err);

/* Grows floor k of d by left squares on the left and top squares on top (>= 0 each):
 * new squares are rock; every thing on the floor and every way end pointing at it from
 * another floor shift with their squares; the floor's origin (ox, oy) moves the other
 * way, so nothing moves in the world and pits land where they did. Restacks d.
 * DELVE_EINPUT on a bad floor or margin, DELVE_ELIMIT past FLOOR_MAX_SIDE, DELVE_ENOMEM
 * (then d is unchanged). Rule from seed 001 (routes shifted too). */
delve_status grow_floor(dungeon *d, int k, int left, int top, delve_err *err);
/* A Shoals floor's raw heights (height_cm / TIDE_CM_PER_UNIT), as `delve gen --format
 * heights` prints them: a title line ("floor 1 of 1  seed 42  70x60  shoals heights  1
 * unit = 5 cm"), then one line per row y = 0.., each of the w heights x = 0.. printed
 * "%4d" and separated by one space. *out is malloc'ed. DELVE_EINPUT when k is not a
 * floor of d or not a Shoals floor, DELVE_ENOMEM. */
delve_status shoals_text_heights(const dungeon *d, int k, char **out, delve_err *err);

/* ASCII glyphs of the things on a floor; none collides with a terrain glyph
 * (engine/floor.c) or a way glyph (L H > / @). */
#define GEN_GLYPH_ENTRANCE '<'
#define GEN_GLYPH_GOAL '*'
#define GEN_GLYPH_PIT '^'        /* a closed pit the generator placed (visible plates) */
#define GEN_GLYPH_PIT_HIDDEN 'v' /* hidden pit (hand-made .dun files only) */
#define GEN_GLYPH_PIT_OPEN 'O'   /* the plates gave way: an open hole */
#define GEN_GLYPH_STATION '{'    /* rest station (font, drip bench or nutrient tap) */

/* The generator's rates: one table (spec/rising.md: "One table"), a chance num/den per
 * row. Append only. */
typedef enum gen_rate_id {
    GEN_RATE_PIT,      /* a pit on a floor that has a floor below */
    GEN_RATE_STATION,  /* a rest station on a floor */
    /* rising (spec/rising.md, seed 004): drawn per floor from RNG_WANTS */
    GEN_RATE_BENDS,    /* corridor bends per floor: a count num..den, not a chance */
    GEN_RATE_CURVE,    /* a curve mark at each bend corner */
    GEN_RATE_BEND_NEAR,/* a bend within 3 squares of a room's way in */
    GEN_RATE_SUNK,     /* a sunk room on a floor */
    GEN_RATE_RAISED,   /* a raised room on a floor */
    GEN_RATE_GRADED,   /* a graded room on a floor */
    GEN_RATE_SPIRAL_WITHIN,  /* a spiral within a floor down to a sunk part */
    GEN_RATE_SPIRAL_BETWEEN, /* a spiral between a pair of floors (the upper floor's want) */
    GEN_RATE_RAMP,     /* a way into a sunk or raised room is a ramp (else a stair) */
    GEN_RATE_LIFT,     /* a lift between each two floors: always */
    GEN_RATE_LADDER,   /* a ladder between each two floors: always */
    GEN_RATE_COUNT
} gen_rate_id;

typedef struct gen_rate {
    const char *name;
    int num, den;        /* chance num / den */
    const char *source;  /* "seed 001" or "set: ..." (spec/pits-and-stations.md) */
} gen_rate;

/* The row for id; id out of range gives the first row. Never NULL. */
const gen_rate *rates_get(gen_rate_id id);

#endif
