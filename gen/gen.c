/* gen: the generator's entry points. gen_floors runs the passes in order over a range
 * of floors; gen_dungeon runs it over every floor, gen_floor_alone over the small
 * window of floors whose passes reach floor k, and keeps floor k.
 *
 * What reaches floor k: its own layout (seed, k); the ways of the pair above (k-1, k)
 * and of the pair below (k, k+1), each from its two layouts (ways.c keeps them apart by
 * parity); its pit, which needs the landing floor k+1 with all its ways, so the pair
 * (k+1, k+2) too; its station, from its own squares, ways and pit (landings from floor
 * k-1 never take a station's square, see pits.c). So the window is k-1 .. k+2. */
#include <string.h>

#include "gen/doomrl/doomrl.h"
#include "gen/passes.h"
#include "gen/rooms/rooms.h"
#include "gen/rising.h"
#include "gen/shoals/shoals.h"

#define WINDOW_ABOVE 1  /* floors above k that reach floor k: the pair (k-1, k) */
#define WINDOW_BELOW 2  /* floors below k: the landing floor k+1 and the pair (k+1, k+2) */
#define WINDOW_MAX (WINDOW_ABOVE + 1 + WINDOW_BELOW)

gen_opts gen_defaults(uint64_t seed)
{
    return (gen_opts){ .seed = seed, .floors = 3, .w = GEN_FLOOR_W, .h = GEN_FLOOR_H,
                       .type = LT_ROOMS, .dlevel = 1, .difficulty = 2, .islands = 15,
                       .rising = 1 };
}

static delve_status opts_check(const gen_opts *o, delve_err *err)
{
    if (o->floors < 1 || o->floors > DUNGEON_MAX_FLOORS)
        return delve_fail(err, DELVE_EINPUT, "floors must be 1..%d, not %d",
                          DUNGEON_MAX_FLOORS, o->floors);
    if (o->type == LT_SHOALS && (o->islands < 1 || o->islands > SHOALS_ISLANDS_MAX))
        return delve_fail(err, DELVE_EINPUT, "islands must be 1..%d, not %d",
                          SHOALS_ISLANDS_MAX, o->islands);
    if (o->w < GEN_MIN_SIDE || o->h < GEN_MIN_SIDE || o->w > FLOOR_MAX_SIDE ||
        o->h > FLOOR_MAX_SIDE)
        return delve_fail(err, DELVE_EINPUT, "floor size %d x %d is outside %d..%d", o->w,
                          o->h, GEN_MIN_SIDE, FLOOR_MAX_SIDE);
    if (o->type != LT_ROOMS && o->type != LT_SHOALS && o->type != GEN_TYPE_DOOMRL &&
        !doom_is_type(o->type))
        return delve_fail(err, DELVE_EINPUT, "level type %d cannot be generated yet", o->type);
    if (o->type == LT_ROOMS)  /* dlevel and difficulty are DoomRL's only */
        return DELVE_OK;
    if (o->dlevel < 1 || o->dlevel > GEN_MAX_DLEVEL)
        return delve_fail(err, DELVE_EINPUT, "dlevel must be 1..%d, not %d", GEN_MAX_DLEVEL,
                          o->dlevel);
    if (o->difficulty < 1 || o->difficulty > 5)
        return delve_fail(err, DELVE_EINPUT, "difficulty must be 1..5, not %d", o->difficulty);
    return DELVE_OK;
}

/* 1 when floors lo..hi hold every floor that floor i's pit and station depend on. */
static int window_holds(const gen_opts *o, int lo, int hi, int i)
{
    int need_lo = i - WINDOW_ABOVE < 0 ? 0 : i - WINDOW_ABOVE;
    int need_hi = i + WINDOW_BELOW > o->floors - 1 ? o->floors - 1 : i + WINDOW_BELOW;
    return lo <= need_lo && hi >= need_hi;
}

/* 1 when lo..hi holds both pairs of ways of floor i (the floors next to it), which is
 * all rising on floor i reads. */
static int pairs_hold(const gen_opts *o, int lo, int hi, int i)
{
    return (i == 0 || i - 1 >= lo) && (i == o->floors - 1 || i + 1 <= hi);
}

/* 1 when the dungeon's floors are DoomRL floors (seed 002), 0 for rooms and corridors. */
static int is_doomrl(const gen_opts *o)
{
    return o->type == GEN_TYPE_DOOMRL || doom_is_type(o->type);
}

static delve_status layout_floor(const gen_opts *o, dfloor *f, int i, delve_err *err)
{
    if (is_doomrl(o)) {
        delve_status st = floor_init(f, i, DOOM_W, DOOM_H, err);
        return st != DELVE_OK ? st : doom_floor_make(o, i, DOOM_STAGE_FULL, f, NULL, err);
    }
    if (o->type == LT_SHOALS) /* heightmap islands, always SHOALS_W x SHOALS_H */
        return shoals_layout(o->seed, o->islands, i, f, err);
    delve_status st = floor_init(f, i, o->w, o->h, err);
    return st != DELVE_OK ? st : rooms_layout(o->seed, f, err);
}

/* The ways between floors i and i + 1: DoomRL stairs, else a lift and a ladder. */
static delve_status pair_ways(const gen_opts *o, dfloor *up, dfloor *down, delve_err *err)
{
    return is_doomrl(o) ? doom_place_stairs(up, down, err)
                        : rooms_ways_place(o->seed, up, down, err);
}

/* Floors lo..hi into f[0 .. hi - lo] (zeroed by the caller; it frees them on
 * failure too). Pits and stations only on floors whose inputs are all in the range. */
static delve_status gen_floors(const gen_opts *o, dfloor *f, int lo, int hi, delve_err *err)
{
    delve_status st = DELVE_OK;
    /* layout of each floor: rooms, corridors, doors, entrance, goal */
    for (int i = lo; i <= hi && st == DELVE_OK; i++)
        st = layout_floor(o, &f[i - lo], i, err);
    /* a lift and a ladder (DoomRL: stairs) between each two floors, the pair above first */
    for (int i = lo; i < hi && st == DELVE_OK; i++)
        st = pair_ways(o, &f[i - lo], &f[i + 1 - lo], err);
    /* rising (spec/rising.md, rooms only): a spiral between each pair that wants one, then each
     * floor's bends, sunk, raised and graded rooms and spiral within, best of 8 tries */
    for (int i = lo; o->rising && o->type == LT_ROOMS && i < hi && st == DELVE_OK; i++)
        st = rising_pair(o->seed, &f[i - lo], &f[i + 1 - lo], err);
    for (int i = lo; o->rising && o->type == LT_ROOMS && i <= hi && st == DELVE_OK; i++)
        if (pairs_hold(o, lo, hi, i))
            st = rising_floor(o->seed, &f[i - lo], o->stored, err);
    /* pits, each over free open floor on the floor below */
    for (int i = lo; i <= hi && st == DELVE_OK; i++)
        if (window_holds(o, lo, hi, i))
            st = pits_place(o->seed, &f[i - lo], i < hi ? &f[i + 1 - lo] : NULL, err);
    /* rest stations, by a wall in a room off the main way */
    for (int i = lo; i <= hi && st == DELVE_OK; i++)
        if (window_holds(o, lo, hi, i))
            st = stations_place(o->seed, &f[i - lo], err);
    /* the validator: on Shoals floors everything reaches everything at high tide */
    for (int i = lo; i <= hi && st == DELVE_OK; i++)
        if (f[i - lo].level_type == LT_SHOALS && window_holds(o, lo, hi, i))
            st = shoals_check(&f[i - lo], err);
    /* monsters, lone and in patrol packs (rooms) or DoomRL's stocking, once everything
     * else is laid */
    for (int i = lo; i <= hi && st == DELVE_OK; i++)
        if (window_holds(o, lo, hi, i)) {
            if (is_doomrl(o))
                doom_stock(o->seed, o->difficulty, &f[i - lo], NULL);
            else
                st = rooms_stock(o->seed, &f[i - lo], err);
        }
    return st;
}

delve_status gen_dungeon(const gen_opts *o, dungeon *out, delve_err *err)
{
    memset(out, 0, sizeof *out);
    delve_status st = opts_check(o, err);
    if (st == DELVE_OK)
        st = dungeon_init(out, o->seed, o->floors, err);
    if (st != DELVE_OK)
        return st;
    st = gen_floors(o, out->floors, 0, o->floors - 1, err);
    if (st == DELVE_OK && is_doomrl(o))
        st = doom_validate_dungeon(out, err);
    if (st == DELVE_OK)
        dungeon_stack(out);
    else
        dungeon_free(out);
    return st;
}

delve_status gen_floor_alone(const gen_opts *o, int k, dfloor *out, delve_err *err)
{
    memset(out, 0, sizeof *out);
    delve_status st = opts_check(o, err);
    if (st != DELVE_OK)
        return st;
    if (k < 0 || k >= o->floors)
        return delve_fail(err, DELVE_EINPUT, "floor %d is not one of 1..%d", k + 1,
                          o->floors);
    int lo = k - WINDOW_ABOVE < 0 ? 0 : k - WINDOW_ABOVE;
    int hi = k + WINDOW_BELOW > o->floors - 1 ? o->floors - 1 : k + WINDOW_BELOW;
    dfloor win[WINDOW_MAX];
    memset(win, 0, sizeof win);
    st = gen_floors(o, win, lo, hi, err);
    if (st == DELVE_OK) {
        memcpy(out, &win[k - lo], sizeof *out);  /* out now owns the arrays */
        memset(&win[k - lo], 0, sizeof win[0]);
    }
    for (int i = 0; i < WINDOW_MAX; i++)
        floor_free(&win[i]);
    return st;
}
