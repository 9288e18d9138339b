/* gen: the generator's entry points. gen_floors runs the passes in order over a range
 * of floors; gen_dungeon runs it over every floor, gen_floor_alone over the small
 * window of floors whose passes reach floor k, and keeps floor k.
 *
 * What reaches floor k: its own layout (seed, k); the ways of the pair above (k-1, k)
 * and of the pair below (k, k+1), each from its two layouts (rooms/rooms_ways.c keeps them apart by
 * parity); its pit, which needs the landing floor k+1 with all its ways, so the pair
 * (k+1, k+2) too; its station, from its own squares, ways and pit (landings from floor
 * k-1 never take a station's square, see pits.c). So the window is k-1 .. k+2.
 * Rooms floors: a floor of odd index whose lift and ladder do not fit beside its
 * neighbours is laid anew (gen/rooms/rooms_ways.c), so whichever of k-1 and k+2 has
 * an odd index also reads the layout of k-2 or k+3; that one floor is laid out, judged
 * and freed by the family's refit hook, never generated further. */
#include <string.h>

#include "gen/family.h"
#include "gen/opts.h"
#include "gen/passes.h"
#include "gen/rising.h"

#define WINDOW_ABOVE 1  /* floors above k that reach floor k: the pair (k-1, k) */
#define WINDOW_BELOW 2  /* floors below k: the landing floor k+1 and the pair (k+1, k+2) */
#define WINDOW_MAX (WINDOW_ABOVE + 1 + WINDOW_BELOW)

gen_opts gen_defaults(uint64_t seed)
{
    gen_opts o = { .w = GEN_FLOOR_W, .h = GEN_FLOOR_H };
    for (int id = 0; id < OPTS_COUNT; id++)
        opts_set(&o, (opts_id)id, opts_get((opts_id)id)->dflt, NULL);
    o.seed = seed;
    return o;
}

/* The settings' ranges once more, for callers that fill gen_opts themselves: the same
 * rows as every front end's (gen/opts.h). */
static delve_status opts_check(const gen_opts *o, delve_err *err)
{
    static const opts_id INTS[] = { OPTS_FLOORS, OPTS_ISLANDS, OPTS_DLEVEL, OPTS_DIFFICULTY };
    if (o->w < GEN_MIN_SIDE || o->h < GEN_MIN_SIDE || o->w > FLOOR_MAX_SIDE ||
        o->h > FLOOR_MAX_SIDE)
        return delve_fail(err, DELVE_EINPUT, "floor size %d x %d is outside %d..%d", o->w,
                          o->h, GEN_MIN_SIDE, FLOOR_MAX_SIDE);
    if (o->type != GEN_TYPE_DOOMRL && family_type_of(o->type)->level_type != o->type)
        return delve_fail(err, DELVE_EINPUT, "level type %d is not in the registry: it cannot be generated", o->type);
    for (size_t i = 0; i < sizeof INTS / sizeof INTS[0]; i++) {
        const opts_row *r = opts_get(INTS[i]);
        int v = opts_int(o, INTS[i]);
        if (INTS[i] != OPTS_FLOORS && !opts_applies(o, INTS[i]))
            continue;  /* dlevel and difficulty are DoomRL's only, islands Shoals' */
        if (v < r->lo || v > r->hi)
            return delve_fail(err, DELVE_EINPUT, "%s must be %d..%d, not %d", r->key, r->lo,
                              r->hi, v);
    }
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

/* Floors lo..hi into f[0 .. hi - lo] (zeroed by the caller; it frees them on
 * failure too). Pits and stations only on floors whose inputs are all in the range. */
static delve_status gen_floors(const gen_opts *o, dfloor *f, int lo, int hi, delve_err *err)
{
    const family_row *fam = family_of(o->type);
    delve_status st = DELVE_OK;
    /* layout of each floor: rooms, corridors, doors, entrance, goal */
    for (int i = lo; i <= hi && st == DELVE_OK; i++)
        st = fam->layout(o, i, &f[i - lo], err);
    /* floors laid anew where two cannot be joined (rooms: no lift and ladder fit) */
    if (st == DELVE_OK)
        st = fam->refit(o, f, lo, hi, err);
    /* the ways between each two floors (rooms: a lift and a ladder; DoomRL: stairs), the
     * pair above first */
    for (int i = lo; i < hi && st == DELVE_OK; i++)
        st = fam->ways(o, &f[i - lo], &f[i + 1 - lo], err);
    /* rising (spec/rising.md): a spiral between each pair that wants one, then each
     * floor's bends, sunk, raised and graded rooms and spiral within, best of 8 tries */
    for (int i = lo; o->rising && fam->rising && i < hi && st == DELVE_OK; i++)
        st = rising_pair(o->seed, &f[i - lo], &f[i + 1 - lo], err);
    for (int i = lo; o->rising && fam->rising && i <= hi && st == DELVE_OK; i++)
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
    /* the family's own floor check (Shoals: everything reaches everything at high tide) */
    for (int i = lo; i <= hi && st == DELVE_OK; i++)
        if (window_holds(o, lo, hi, i))
            st = fam->floor_check(&f[i - lo], err);
    /* monsters and items, once everything else is laid */
    for (int i = lo; i <= hi && st == DELVE_OK; i++)
        if (window_holds(o, lo, hi, i))
            st = fam->stock(o, &f[i - lo], err);
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
    if (st == DELVE_OK)
        st = family_of(o->type)->dungeon_check(out, err);
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
