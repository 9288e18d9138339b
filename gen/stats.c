/* stats: the family table and the integer accumulators behind `delve stats`. */
#include <string.h>

#include "gen/family.h"
#include "gen/stats.h"

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
    if (type < 0 || type >= LT_COUNT)
        return delve_fail(err, DELVE_EFAIL, "seed %llu: level type %d out of range",
                          (unsigned long long)seed, type);
    t->floors[type]++;
    for (int i = 0; i < t->family->measure_count; i++)
        acc_add(&t->acc[type][i], values[i]);
    return DELVE_OK;
}
