/* floor: one storey of the dungeon: a grid of squares (terrain and ground height) and
 * the things on it (rooms, ways, pits, rest stations, entrance, goal). A square is
 * 2 m across (FLOOR_SQUARE_CM); heights are integer cm above the floor's datum.
 * Plain struct with fixed-size thing arrays so a floor copies with memcpy. libc only. */
#ifndef DELVE_ENGINE_FLOOR_H
#define DELVE_ENGINE_FLOOR_H

#include <stdint.h>

#include "base/status.h"

#define FLOOR_SQUARE_CM 200
#define FLOOR_MAX_SIDE 512      /* limit on either side, for generated and read floors */
#define FLOOR_MAX_ROOMS 64
#define FLOOR_MAX_WAYS 32
#define FLOOR_MAX_PITS 16
#define FLOOR_MAX_STATIONS 16
#define FLOOR_MAX_MONSTERS 128
#define FLOOR_MAX_ITEMS 64
#define FLOOR_MAX_PATROLS 16
#define PATROL_MAX_SQUARES 64

/* The four neighbours of a square in the order N, E, S, W (clockwise from north; y
 * grows down): step d moves by (DIR4_DX[d], DIR4_DY[d]), and (d + 2) % 4 is its
 * opposite. Walks visit neighbours in this order and their results reach goldens, so
 * the order never changes; a site that needs another order lists DIR_ values. */
enum { DIR_N, DIR_E, DIR_S, DIR_W, DIR_COUNT };
static const int DIR4_DX[DIR_COUNT] = { 0, 1, 0, -1 };
static const int DIR4_DY[DIR_COUNT] = { -1, 0, 1, 0 };

/* Per-square marks (bits of dfloor.marks): squares a person drew by hand (a .dun file or
 * a stored room), pins (never sunk, raised, cut or touched by later passes, floor level
 * kept), and secrets (a secret door or passage; the chooser keeps them first). */
enum { SQ_DRAWN = 1, SQ_PIN = 2, SQ_SECRET = 4 };

/* What a square is. Append only (numbers reach files and goldens). */
typedef enum terrain {
    T_ROCK,
    T_WALL,
    T_FLOOR,      /* room floor */
    T_CORRIDOR,
    T_DOOR,
    T_WATER,
    T_ACID,
    T_LAVA,
    T_BRIDGE,
    T_BOX,        /* warehouse box or crate: blocks, indestructible (seed 002) */
    T_CAVE_WALL,  /* cave rock face: blocks; drawn rougher than a built wall */
    T_DEEP,       /* Shoals deep water: not walkable (seed 003) */
    T_SHALLOW,    /* Shoals shallow water: walkable, slow; the tide floods and drains it */
    T_HIGH,       /* Shoals high ground (height >= 100 units): walkable */
    T_STAIR,      /* rising (seed 004): a straight stair square on a way into a sunk or
                     raised room; its height steps between the room's and the corridor's */
    T_RAMP,       /* rising: a ramp square, as a stair but a smooth slope */
    T_TURN,       /* rising: a square of a stair that turns a right-angled corner */
    T_CURVE,      /* rising: a corridor bend corner with a curve mark (walks as corridor) */
    T_TERRAIN_COUNT
} terrain;

typedef struct terrain_info {
    const char *name;
    char glyph;        /* ASCII map glyph */
    uint8_t walkable;  /* a member can stand here */
    uint8_t open;      /* not rock or wall: counts as open ground */
    uint8_t burn;      /* damage per action to each member standing in it, armour
                          ignored: acid 6, lava 12 (seed 000 via spec doomrl.md) */
    uint8_t fluid;     /* a fluid: water, acid or lava, the pools and rivers of seed 002;
                          bridges cross it, wall restoring may keep it */
    uint8_t tidal;     /* Shoals water, shallow or deep (seed 003): the tide's water */
} terrain_info;

/* The row for t; t out of range gives the rock row. */
const terrain_info *terrain_get(terrain t);
/* 1 when t is a fluid (water, acid, lava), else 0; the fluid column. Shoals water is
 * not a fluid: ask terrain_is_tidal. */
int terrain_is_fluid(terrain t);
/* 1 when t is Shoals water (shallow or deep), else 0; the tidal column. */
int terrain_is_tidal(terrain t);

typedef enum way_kind {
    WAY_LIFT,
    WAY_LADDER,
    WAY_STAIR,
    WAY_RAMP,
    WAY_SPIRAL,
    WAY_KIND_COUNT
} way_kind;

/* Name ("lift", ...) and ASCII glyph of a way kind. */
const char *way_kind_name(way_kind k);
char way_kind_glyph(way_kind k);

/* A way's end on this floor; its other end is on to_floor at (to_x, to_y). */
typedef struct way {
    way_kind kind;
    int x, y;
    int to_floor, to_x, to_y;
} way;

typedef struct pit {
    int x, y;
    int hidden;   /* looks like plain floor; only hand-made .dun files have these */
    int open;     /* the plates gave way; the hole stays open (saved) */
} pit;

typedef enum station_look {
    LOOK_FONT,
    LOOK_DRIP_BENCH,
    LOOK_NUTRIENT_TAP,
    LOOK_COUNT
} station_look;

#define STATION_NEVER_USED INT64_MIN

typedef struct station {
    int x, y;             /* the square the fixture stands on */
    int wall_dx, wall_dy; /* direction of the wall it is against */
    station_look look;
    int64_t last_used_s;  /* game seconds, STATION_NEVER_USED if never */
} station;

const char *station_look_name(station_look look);

/* The kinds of floor a generator lays, with the name the command line and .dun files
 * spell: one row per kind. Append only: the numbers reach files and the RNG's try slot. */
#define LEVEL_TYPES(X)                                                                  \
    X(LT_ROOMS, "rooms")             /* rooms and corridors */                          \
    X(LT_NORMAL, "normal")           /* DoomRL level types, seed 002 */                 \
    X(LT_SMALL_ROOMS, "small-rooms")                                                    \
    X(LT_WAREHOUSE, "warehouse")                                                        \
    X(LT_CITY, "city")                                                                  \
    X(LT_CAVES, "caves")                                                                \
    X(LT_ARENA, "arena")                                                                \
    X(LT_MAZE, "maze")                                                                  \
    X(LT_SINGLE, "single")           /* the normal layout with one monster kind */      \
    X(LT_SHOALS, "shoals")           /* DCSS-style heightmap islands, seed 003 */

#define LEVEL_TYPE_ENUM(id, name) id,
typedef enum level_type { LEVEL_TYPES(LEVEL_TYPE_ENUM) LT_COUNT } level_type;
#undef LEVEL_TYPE_ENUM

/* Name as the command line spells it ("rooms", "normal", "small-rooms", ...). */
const char *level_type_name(level_type t);
/* The level type named s, or -1. */
int level_type_from_name(const char *s);

/* A monster standing on a floor; kind indexes the monster table (engine/monster.h
 * when it exists; gen owns the kinds until then). */
typedef struct monster {
    int kind;
    int x, y;
    uint8_t flying;   /* passes over pits and fluids */
    uint8_t hunting;  /* knows where the party is from the start (DoomRL arenas) */
    int patrol;       /* 1 + index into dfloor.patrols of its pack's route; 0: none (so a
                         zeroed monster is not on patrol) */
} monster;

/* A patrol pack's route: squares walked in order, then back to the first. Every square
 * must be open and walkable, and consecutive squares joined by a walk (the checks). */
typedef struct patrol {
    int count;
    int16_t x[PATROL_MAX_SQUARES], y[PATROL_MAX_SQUARES];
} patrol;

/* An item lying on a square; kind indexes the generator's item table. */
typedef struct item {
    int kind;
    int x, y;
} item;

typedef struct room {
    int x, y, w, h;  /* interior squares, walls outside this rectangle */
} room;

/* What the rising passes laid on a floor (spec/rising.md): counts for `delve stats` and the
 * chooser. Generator output only: never saved, read or written to .dun files. */
typedef struct rising_log {
    int bends, curves, sunk, raised, graded, spirals_within;
    int tries;    /* tries the chooser made (8 with rising on, 0 off) */
    int refused;  /* pieces laid and taken off again (ground refused, a check failed) */
    int wanted;   /* pieces the floor's wants asked for; laid = bends + rooms + spirals */
    int stored;   /* stored rooms (assets/rooms/) laid */
    int ways_in, ramps; /* ways into sunk and raised rooms laid, and how many are ramps */
} rising_log;

typedef struct dfloor {
    int index;         /* 0-based; shown to users as index + 1 */
    int w, h;
    int level_type;    /* enum level_type */
    int dlevel;        /* depth for level-type rules (DoomRL tables); 0 when unused */
    int ox, oy;        /* where square (0, 0) sits on the dungeon's common grid, in
                          squares: square (x, y) is over/under common (x + ox, y + oy).
                          0 for generated floors; growing a floor left or up lowers it
                          (gen's grow_floor, or a .dun file's origin), so nothing moves
                          in the world */
    uint8_t *terrain;  /* w * h, row-major, values of enum terrain */
    int32_t *height_cm;/* w * h, ground height above the floor's datum */
    uint8_t *marks;    /* w * h, SQ_DRAWN | SQ_PIN | SQ_SECRET bits */
    int entrance_x, entrance_y;
    int goal_x, goal_y;
    int room_count, way_count, pit_count, station_count, monster_count, item_count;
    int patrol_count;
    room rooms[FLOOR_MAX_ROOMS];
    way ways[FLOOR_MAX_WAYS];
    pit pits[FLOOR_MAX_PITS];
    station stations[FLOOR_MAX_STATIONS];
    monster monsters[FLOOR_MAX_MONSTERS];
    item items[FLOOR_MAX_ITEMS];
    patrol patrols[FLOOR_MAX_PATROLS];
    rising_log rising; /* zero unless the generator laid rising on this floor */
} dfloor;

/* Allocates a w x h floor of rock at height 0. DELVE_ELIMIT past FLOOR_MAX_SIDE,
 * DELVE_ENOMEM on allocation failure. Free with floor_free. */
delve_status floor_init(dfloor *f, int index, int w, int h, delve_err *err);
void floor_free(dfloor *f);
/* Back to all rock at height 0 with no marks and no things (a generator's next try),
 * keeping index, size, level type, dlevel and the square arrays. */
void floor_clear(dfloor *f);
/* Deep copy of src into dst (dst uninitialised). */
delve_status floor_copy(dfloor *dst, const dfloor *src, delve_err *err);

static inline int floor_in(const dfloor *f, int x, int y)
{
    return x >= 0 && y >= 0 && x < f->w && y < f->h;
}
/* Terrain at (x, y); T_ROCK outside the floor. */
terrain floor_at(const dfloor *f, int x, int y);
void floor_set(dfloor *f, int x, int y, terrain t);
int floor_walkable(const dfloor *f, int x, int y);
/* 1 where a walker can stand: walkable terrain and no pit (the walkers' rule of every
 * walk, engine/path.h); 0 outside the floor. */
int floor_can_stand(const dfloor *f, int x, int y);
int floor_open(const dfloor *f, int x, int y);

/* Thing lookups: index into the floor's array, or -1. */
int floor_way_at(const dfloor *f, int x, int y);
int floor_pit_at(const dfloor *f, int x, int y);
int floor_station_at(const dfloor *f, int x, int y);
/* Any thing (way, pit, station) or the entrance/goal on the square. */
int floor_square_taken(const dfloor *f, int x, int y);

/* Adds a thing; DELVE_ELIMIT when the floor's array is full. */
delve_status floor_add_way(dfloor *f, way w, delve_err *err);
delve_status floor_add_pit(dfloor *f, pit p, delve_err *err);
delve_status floor_add_station(dfloor *f, station s, delve_err *err);
delve_status floor_add_monster(dfloor *f, monster m, delve_err *err);
delve_status floor_add_item(dfloor *f, item it, delve_err *err);
delve_status floor_add_patrol(dfloor *f, const patrol *p, delve_err *err);

#endif
