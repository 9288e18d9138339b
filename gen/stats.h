/* stats: measures of generated floors over many seeds, per level type (`delve stats`).
 * A family of generators (DoomRL's level types now; Shoals adds its own row) names its
 * measures and measures one floor; this module sums them per level type with integer
 * sums and leaves mean and sd to the printer. Uses engine and gen. */
#ifndef DELVE_GEN_STATS_H
#define DELVE_GEN_STATS_H

#include <stdint.h>

#include "gen/gen.h"

#define STATS_MAX_MEASURES 16

/* One generator family: which --type names it takes, its measures, how to measure the
 * first floor of a seed (values[i] for measure i; *type = the level type it made). */
typedef struct stats_family {
    const char *name;
    int (*accepts)(int type);   /* enum level_type or GEN_TYPE_DOOMRL */
    int measure_count;
    const char *const *measure_names;
    delve_status (*measure)(const gen_opts *o, int *values, int *type, delve_err *err);
} stats_family;

/* The family for a --type value, or NULL. */
const stats_family *stats_family_for(int type);

typedef struct stats_acc {
    int64_t n, sum, sumsq;
    int min, max;
} stats_acc;

typedef struct stats_table {
    const stats_family *family;
    int64_t floors[LT_COUNT];
    stats_acc acc[LT_COUNT][STATS_MAX_MEASURES];
} stats_table;

/* Starts an empty table for the family. */
void stats_init(stats_table *t, const stats_family *family);

/* Measures floor 1 of seed under o (o->seed is replaced by seed) and adds it to t.
 * DELVE_EFAIL when the floor cannot be generated, with the generator's message. */
delve_status stats_add_seed(stats_table *t, const gen_opts *o, uint64_t seed, delve_err *err);

#endif
