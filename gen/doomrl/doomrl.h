/* doomrl: DoomRL level types, fluids, rivers and stocking (seeds 002 and 000,
 * spec/doomrl.md). Floors are DOOM_W x DOOM_H squares, border included; this module's
 * code works in the spec's 1-based coordinates and converts to the floor's 0-based ones
 * in one place (doom_prim.c). The public face for what gen.h does not cover: one floor
 * with its record (for tests and stats), the type pick, the validator, the monster and
 * item tables, statistics. Uses base and engine only. */
#ifndef DELVE_GEN_DOOMRL_H
#define DELVE_GEN_DOOMRL_H

#include <stdint.h>

#include "base/textbuf.h"
#include "engine/dungeon.h"
#include "engine/rng.h"
#include "gen/gen.h"

#define DOOM_W 78   /* spec 1: MAXX */
#define DOOM_H 20   /* spec 1: MAXY */
#define DOOM_TRIES 8
#define DOOM_MAX_RIVERS 3
#define DOOM_SMALL_BLOCKS 12  /* 4 x 3 grid of 19 x 7 sublayouts */
#define DOOM_FLUID_PASSES 3   /* arena: the fluid table three times */
#define DOOM_SMALL_X(bx) (3 + 18 * ((bx) - 1))  /* spec x of block bx = 1..4 (spec 5.2) */
#define DOOM_SMALL_Y(by) (1 + 6 * ((by) - 1))   /* spec y of block by = 1..3 */

/* DoomRL's difficulty UV (spec/doomrl.md: 1 ITYTD, 2 HNTR, 3 HMP, 4 UV, 5 N!, the last
 * GEN_MAX_DIFFICULTY): from it on the cave and single-monster rolls add their hardest
 * kinds. */
#define DOOM_DIFFICULTY_UV 4

/* The fluid table's dice for dlevel (spec 6): walks = 1d(walks_die) + walks_add,
 * length = 1d(len_die) + len_add. */
void doom_fluid_dice(int dlevel, int *walks_die, int *walks_add, int *len_die, int *len_add);
/* Arena configuration 1..4 for a roll of 1d25 + min(dlevel, 25) (seed 002). */
int doom_arena_config(int roll);

/* Sublayout i (0..11) of seed 002 as 7 rows of 19 chars ('#', '+', '.'). */
const char *const *doom_small_sublayout(int i);

/* 1 for the level types the registry (gen/family.h) puts in the DoomRL family. */
int doom_is_type(int level_type);

typedef enum doom_river_shape {
    DOOM_RIVER_NONE,
    DOOM_RIVER_HORIZONTAL,
    DOOM_RIVER_SINGLE,
    DOOM_RIVER_DOUBLE,
    DOOM_RIVER_TRIPLE,
    DOOM_RIVER_SHAPE_COUNT
} doom_river_shape;

/* One river as drawn, spec coordinates (1-based). */
typedef struct doom_river {
    int horizontal;
    int width;
    int start;   /* first column (vertical) or top row (horizontal) where drawing began */
    int bridge;  /* first of the two bridge rows (vertical) or columns (horizontal) */
} doom_river;

/* What one floor's generation drew: for tests, stats and `delve gen`'s legend. */
typedef struct doom_info {
    int type, dlevel, difficulty, try_used;
    int river_shape, river_count, river_fluid;  /* river_fluid: T_WATER/T_ACID/T_LAVA */
    doom_river rivers[DOOM_MAX_RIVERS];
    int fluid_passes;                         /* fluid-table runs (arena 3) */
    int fluid_walks[DOOM_FLUID_PASSES], fluid_len[DOOM_FLUID_PASSES];
    int fluid_kind;                           /* last fluid-table kind, 0 when none ran */
    int arena_roll, arena_config;             /* 1..4 */
    int small_pick[DOOM_SMALL_BLOCKS], small_flip[DOOM_SMALL_BLOCKS]; /* bx outer, by inner */
    int rooms, doors;                         /* after the layout, before fluids */
    int monster_roll, monster_kind;           /* caves and single: the roll and its kind */
    int monster_overflow, item_overflow;      /* things past FLOOR_MAX_* (not placed) */
    uint8_t river_mask[(DOOM_W * DOOM_H + 7) / 8];  /* squares a river wrote (not bridges) */
} doom_info;

/* How far doom_floor_make runs: the stages `delve gen` and the tests look at. */
typedef enum doom_stage {
    DOOM_STAGE_LAYOUT,  /* the type's layout (city: with its rivers), before fluids */
    DOOM_STAGE_FULL,    /* rivers, fluids, entrance and goal, validated */
} doom_stage;

/* The level type of floor k (0-based) under o: o->type when it is a DoomRL type, else
 * (GEN_TYPE_DOOMRL) doom_pick_type on dlevel o->dlevel + k with the stream
 * rng_stream(seed, RNG_WANTS, k, DOOM_WANT_SLOT) (a want: never depends on the try). */
#define DOOM_WANT_SLOT 4096
int doom_floor_type(const gen_opts *o, int k);

/* Draws a level type for dlevel from r by the seed's old rules (spec 3a): dlevel < 3
 * normal; 3..5 normal 7/12, small rooms 2/12, warehouse, city, caves 1/12 each; 6+
 * 2/11 each and maze 1/11; caves -> arena 1/4; when single_monster and dlevel > 15,
 * any type -> single 1/25. Rule from seed 002. */
int doom_pick_type(rng *r, int dlevel, int single_monster);

/* Lays out floor k of o as a DoomRL floor (f floor_init'ed as DOOM_W x DOOM_H with
 * index k) up to stage. Tries rng streams (seed, RNG_LAYOUT/RNG_RIVERS/RNG_FLUIDS, k,
 * type * DOOM_TRIES + try) for try 0..DOOM_TRIES-1 and keeps the first the validator
 * passes (at FULL);
 * info (may be NULL) gets what was drawn. DELVE_EFAIL when no try passes. */
delve_status doom_floor_make(const gen_opts *o, int k, doom_stage stage, dfloor *f,
                             doom_info *info, delve_err *err);

/* Stairs between up (floor i) and down (floor i + 1): a down stair on up's goal (arena:
 * on all four corners) to down's entrance, an up stair on down's entrance to up's goal.
 * DELVE_ELIMIT when a floor's ways are full. */
delve_status doom_place_stairs(dfloor *up, dfloor *down, delve_err *err);

/* Monsters and items on f (a full DoomRL floor with its things), by the type's rules
 * (spec 8, seed 002): danger budget by difficulty and dlevel with the type multiplier,
 * arena hunters 1/2, the cave and single-monster rolls, item counts. Stream RNG_STOCK,
 * floor f->index. Things past FLOOR_MAX_* are counted in info (may be NULL), never an
 * error. */
void doom_stock(uint64_t seed, int difficulty, dfloor *f, doom_info *info);

/* Danger budget before the type multiplier (spec 8: ceil of 2.2 dl + 6, 0.6 sqrt(500 dl),
 * 20, 32, 40 sqrt(dl) for difficulty 1..5), integers only. */
int doom_danger_budget(int difficulty, int dlevel);

typedef struct doom_monster_kind {
    const char *name;
    int danger;      /* set: the seed's danger table was lost (gen/README.md) */
    int min_dlevel;  /* set: from DoomRL's "appears from" depths as remembered */
    int flying;
} doom_monster_kind;

int doom_monster_kind_count(void);
/* The row of kind: a row number, or a floor's monster.kind (MONSTER_KIND_DOOMRL + row). */
const doom_monster_kind *doom_monster_kind_get(int kind);

/* Validator ("importer checks"): on a DoomRL floor the entrance, the goal and every way
 * can be walked to from the entrance (fluids and bridges walkable; walls, boxes and cave
 * walls not; pits not). With info (may be NULL): every river has its bridge, 2 wide,
 * across its full width, and the goal and ways can be reached from the entrance without
 * wading acid or lava a river wrote. DELVE_EFAIL with the reason in err. */
delve_status doom_validate_floor(const dfloor *f, const doom_info *info, delve_err *err);

/* Every floor as doom_validate_floor (DoomRL floors; others: entrance and goal walkable
 * and reachable) and every way's far end on a walkable square of an existing floor
 * with a way back. DELVE_EFAIL naming the floor. */
delve_status doom_validate_dungeon(const dungeon *d, delve_err *err);

/* Appends the ASCII of a DoomRL floor (title with level type and dlevel, the seed's
 * glyphs, a legend telling water, acid and lava apart, things) to b; b->oom when it
 * could not grow. */
void doom_ascii_floor(const dungeon *d, int k, textbuf *b);

/* `delve stats` measures of a DoomRL floor (gen/doomrl/doom_stats.c), in this order. */
enum {
    DOOM_STAT_ROOMS, DOOM_STAT_DOORS, DOOM_STAT_FLUID, DOOM_STAT_WALKS,
    DOOM_STAT_RIVER_HORIZONTAL, DOOM_STAT_RIVER_SINGLE, DOOM_STAT_RIVER_DOUBLE,
    DOOM_STAT_RIVER_TRIPLE, DOOM_STAT_BRIDGES, DOOM_STAT_ITEMS, DOOM_STAT_MONSTERS,
    DOOM_STAT_OVERFLOW, DOOM_STAT_TRIES, DOOM_STAT_COUNT
};
extern const char *const DOOM_STAT_NAMES[DOOM_STAT_COUNT];

/* Floor 1 of o->seed as a DoomRL floor (layout, rivers, fluids, stocking; no stairs,
 * pits or stations): values[DOOM_STAT_*], *type its level type. DELVE_EFAIL as
 * doom_floor_make. */
delve_status doom_stats_measure(const gen_opts *o, int *values, int *type, delve_err *err);

/* Glyphs on DoomRL maps (seed 002: # wall, . floor, + door, = fluid). */
#define DOOM_GLYPH_FLUID '='
#define DOOM_GLYPH_BOX 'X'
#define DOOM_GLYPH_BRIDGE ':'
#define DOOM_GLYPH_MONSTER 'M'
#define DOOM_GLYPH_ITEM '!'
#define DOOM_GLYPH_UP '<'
#define DOOM_GLYPH_DOWN '>'

#endif
