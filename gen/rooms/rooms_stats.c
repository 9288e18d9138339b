/* rooms_stats: what `delve stats --per-floor` measures on floor 1 of a rooms-and-corridors
 * dungeon (the dungeon of o->floors floors, so the ways and pits are there): its rooms,
 * doors, pits, stations, ways, monsters and what rising laid on it (spec/rising.md). */
#include "gen/rooms/rooms.h"

#include "gen/gen.h"

static const char *const NAMES[ROOMS_STAT_COUNT] = {
    [ROOMS_STAT_ROOMS] = "rooms",         [ROOMS_STAT_DOORS] = "doors",
    [ROOMS_STAT_PITS] = "pits",           [ROOMS_STAT_STATIONS] = "stations",
    [ROOMS_STAT_WAYS] = "ways",           [ROOMS_STAT_MONSTERS] = "monsters",
    [ROOMS_STAT_BENDS] = "bends",         [ROOMS_STAT_CURVES] = "curve marks",
    [ROOMS_STAT_SUNK] = "sunk rooms",     [ROOMS_STAT_RAISED] = "raised rooms",
    [ROOMS_STAT_GRADED] = "graded rooms", [ROOMS_STAT_SPIRALS] = "spirals within",
    [ROOMS_STAT_TRIES] = "rising tries",
};

const char *const *rooms_stat_names(void)
{
    return NAMES;
}

/* Floor f's measures into v[ROOMS_STAT_COUNT]. */
static void measure(const dfloor *f, int *v)
{
    v[ROOMS_STAT_ROOMS] = f->room_count;
    v[ROOMS_STAT_DOORS] = v[ROOMS_STAT_CURVES] = 0;
    for (int i = 0; i < f->w * f->h; i++) {
        v[ROOMS_STAT_DOORS] += f->terrain[i] == T_DOOR;
        v[ROOMS_STAT_CURVES] += f->terrain[i] == T_CURVE;
    }
    v[ROOMS_STAT_PITS] = f->pit_count;
    v[ROOMS_STAT_STATIONS] = f->station_count;
    v[ROOMS_STAT_WAYS] = f->way_count;
    v[ROOMS_STAT_MONSTERS] = f->monster_count;
    v[ROOMS_STAT_BENDS] = f->rising.bends;
    v[ROOMS_STAT_SUNK] = f->rising.sunk;
    v[ROOMS_STAT_RAISED] = f->rising.raised;
    v[ROOMS_STAT_GRADED] = f->rising.graded;
    v[ROOMS_STAT_SPIRALS] = f->rising.spirals_within;
    v[ROOMS_STAT_TRIES] = f->rising.tries;
}

delve_status rooms_stats_measure(const gen_opts *o, int *values, int *type, delve_err *err)
{
    dungeon d;
    delve_status st = gen_dungeon(o, &d, err);
    if (st)
        return st;
    measure(&d.floors[0], values);
    *type = LT_ROOMS;
    dungeon_free(&d);
    return DELVE_OK;
}
