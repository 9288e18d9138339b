/* stats: the family table and the integer accumulators behind `delve stats`. */
#include <string.h>

#include "gen/family.h"
#include "gen/stats.h"
#include "gen/survey.h"

const stats_family *stats_family_for(int type)
{
    return &family_of(type)->stats;
}

void stats_init(stats_table *t, const stats_family *family)
{
    memset(t, 0, sizeof *t);
    t->family = family;
}

static void acc_add(stats_acc *a, int v)
{
    if (a->n == 0 || v < a->min)
        a->min = v;
    if (a->n == 0 || v > a->max)
        a->max = v;
    a->n++;
    a->sum += v;
    a->sumsq += (int64_t)v * v;
}

delve_status stats_add_seed(stats_table *t, const gen_opts *o, uint64_t seed, delve_err *err)
{
    gen_opts so = *o;
    so.seed = seed;
    int values[STATS_MAX_MEASURES] = { 0 }, type = 0;
    delve_status st = t->family->measure(&so, values, &type, err);
    if (st != DELVE_OK)
        return st;
    if (type < 0 || type >= LT_COUNT)  /* said with the seed, not as stats_add_floor */
        return delve_fail(err, DELVE_EFAIL, "seed %llu: level type %d out of range",
                          (unsigned long long)seed, type);
    return stats_add_floor(t, type, values, err);
}

delve_status stats_add_floor(stats_table *t, int type, const int *values, delve_err *err)
{
    if (type < 0 || type >= LT_COUNT)
        return delve_fail(err, DELVE_EFAIL, "level type %d out of range", type);
    t->floors[type]++;
    for (int i = 0; i < t->family->measure_count; i++)
        acc_add(&t->acc[type][i], values[i]);
    return DELVE_OK;
}

/* --- any program's floors ------------------------------------------------------- */

static const char *const SURVEY_NAMES[STATS_SURVEY_COUNT] = {
    "rooms", "doors", "ways", "pits", "stations", "monsters", "items",
    "stand", "blocked", "room_floor", "corridor_floor", "room_areas", "reach_pm",
    "goal_walk", "dead_ends", "parts",
};

static const char *const *survey_names(void)
{
    return SURVEY_NAMES;
}

static delve_status survey_measure(const gen_opts *o, int *values, int *type, delve_err *err)
{
    (void)o, (void)values, (void)type;
    return delve_fail(err, DELVE_EINPUT, "the survey measures a dungeon already made");
}

const stats_family *stats_survey_family(void)
{
    static const stats_family fam = { STATS_SURVEY_COUNT, survey_names, survey_measure };
    return &fam;
}

delve_status stats_floor_values(const dfloor *f, int *values, delve_err *err)
{
    survey sv;
    delve_status st = survey_floor(f, &sv, err);
    if (st != DELVE_OK)
        return st;
    int sq[T_TERRAIN_COUNT];
    survey_terrain_counts(f, sq);
    const int counts[STATS_SURVEY_COUNT - SURVEY_COUNT] = {
        f->room_count, sq[T_DOOR], f->way_count, f->pit_count, f->station_count,
        f->monster_count, f->item_count,
    };
    memcpy(values, counts, sizeof counts);
    survey_values(&sv, values + STATS_SURVEY_COUNT - SURVEY_COUNT);
    return DELVE_OK;
}

delve_status stats_add_dungeon(stats_table *t, const dungeon *d, delve_err *err)
{
    delve_status st = DELVE_OK;
    for (int i = 0; i < d->floor_count && st == DELVE_OK; i++) {
        int values[STATS_MAX_MEASURES] = { 0 };
        st = stats_floor_values(&d->floors[i], values, err);
        if (st == DELVE_OK)
            st = stats_add_floor(t, d->floors[i].level_type, values, err);
    }
    return st;
}
