/* stats: measures of generated floors over many seeds, per level type (`delve stats`).
 * Each family (gen/family.h) names its measures and measures one floor; this module
 * sums them per level type with integer sums and leaves mean and sd to the printer. Uses engine and gen. */
#ifndef DELVE_GEN_STATS_H
#define DELVE_GEN_STATS_H

#include <stdint.h>

#include "gen/gen.h"

#define STATS_MAX_MEASURES 16

/* What one family measures on floor 1 of a seed (its row's stats hook, gen/family.h):
 * the measures' names and a function that fills values[i] for measure i and sets *type
 * to the level type it made. */
typedef struct stats_family {
    int measure_count;
    const char *const *(*measure_names)(void);
    delve_status (*measure)(const gen_opts *o, int *values, int *type, delve_err *err);
} stats_family;

/* The stats hook of the family of a --type value (never NULL). */
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
