/* doom_stats: what `delve stats` measures on one DoomRL floor: rooms and doors after
 * the layout (before fluids), fluid squares, fluid walks, rivers by shape (0 or 1 per
 * floor, so their means are frequencies), bridges, items, monsters, things that did not
 * fit (overflow) and the try that passed. */
#include "gen/doomrl/doom.h"

const char *const DOOM_STAT_NAMES[DOOM_STAT_COUNT] = {
    [DOOM_STAT_ROOMS] = "rooms",
    [DOOM_STAT_DOORS] = "doors",
    [DOOM_STAT_FLUID] = "fluid squares",
    [DOOM_STAT_WALKS] = "fluid walks",
    [DOOM_STAT_RIVER_HORIZONTAL] = "river horizontal",
    [DOOM_STAT_RIVER_SINGLE] = "river single",
    [DOOM_STAT_RIVER_DOUBLE] = "river double",
    [DOOM_STAT_RIVER_TRIPLE] = "river triple",
    [DOOM_STAT_BRIDGES] = "bridges",
    [DOOM_STAT_ITEMS] = "items",
    [DOOM_STAT_MONSTERS] = "monsters",
    [DOOM_STAT_OVERFLOW] = "things over the cap",
    [DOOM_STAT_TRIES] = "tries before it passed",
};

static int count_fluid(const dfloor *f)
{
    int n = 0;
    for (int i = 0; i < f->w * f->h; i++)
        n += terrain_is_fluid((terrain)f->terrain[i]);
    return n;
}

static void measure(const dfloor *f, const doom_info *in, int *v)
{
    v[DOOM_STAT_ROOMS] = in->rooms;
    v[DOOM_STAT_DOORS] = in->doors;
    v[DOOM_STAT_FLUID] = count_fluid(f);
    for (int i = 0; i < in->fluid_passes && i < DOOM_FLUID_PASSES; i++)
        v[DOOM_STAT_WALKS] += in->fluid_walks[i];
    v[DOOM_STAT_RIVER_HORIZONTAL] = in->river_shape == DOOM_RIVER_HORIZONTAL;
    v[DOOM_STAT_RIVER_SINGLE] = in->river_shape == DOOM_RIVER_SINGLE;
    v[DOOM_STAT_RIVER_DOUBLE] = in->river_shape == DOOM_RIVER_DOUBLE;
    v[DOOM_STAT_RIVER_TRIPLE] = in->river_shape == DOOM_RIVER_TRIPLE;
    v[DOOM_STAT_BRIDGES] = in->river_count;  /* one bridge per river */
    v[DOOM_STAT_ITEMS] = f->item_count;
    v[DOOM_STAT_MONSTERS] = f->monster_count;
    v[DOOM_STAT_OVERFLOW] = in->monster_overflow + in->item_overflow;
    v[DOOM_STAT_TRIES] = in->try_used + 1;
}

delve_status doom_stats_measure(const gen_opts *o, int *values, int *type, delve_err *err)
{
    dfloor f;
    doom_info in;
    delve_status st = floor_init(&f, 0, DOOM_W, DOOM_H, err);
    if (st == DELVE_OK)
        st = doom_floor_make(o, 0, DOOM_STAGE_FULL, &f, &in, err);
    if (st == DELVE_OK) {
        doom_stock(o->seed, o->difficulty, &f, &in);
        measure(&f, &in, values);
        *type = f.level_type;
    }
    floor_free(&f);
    return st;
}
