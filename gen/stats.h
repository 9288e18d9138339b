/* stats: measures of generated floors over many seeds, per level type (`delve stats`).
 * Each family (gen/family.h) names its measures and measures one floor; this module
 * sums them per level type with integer sums and leaves mean and sd to the printer. Uses engine and gen. */
#ifndef DELVE_GEN_STATS_H
#define DELVE_GEN_STATS_H

#include <stdint.h>

#include "engine/dungeon.h"
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

/* --- any program's floors (`delve stats --generator`, docs/generators.md) ---------- */

/* The measures of any floor, named as the catalog's columns (docs/catalog-format.md):
 * rooms, doors, ways, pits, stations, monsters, items, then the survey's nine. */
#define STATS_SURVEY_COUNT 16
_Static_assert(STATS_SURVEY_COUNT <= STATS_MAX_MEASURES, "the survey's measures fit");

/* The family of those measures: names only; its measure hook refuses (DELVE_EINPUT),
 * because the floors come from a dungeon already made, through stats_add_dungeon. */
const stats_family *stats_survey_family(void);

/* The STATS_SURVEY_COUNT values of f, in the names' order. DELVE_ENOMEM with err. */
delve_status stats_floor_values(const dfloor *f, int *values, delve_err *err);

/* Adds one floor's values (the table family's measure_count of them) to t under level
 * type type. DELVE_EFAIL when type is out of range. */
delve_status stats_add_floor(stats_table *t, int type, const int *values, delve_err *err);

/* Every floor of d measured (stats_floor_values) and added under the level type its
 * floor line names; t's family is stats_survey_family(). DELVE_ENOMEM, DELVE_EFAIL. */
delve_status stats_add_dungeon(stats_table *t, const dungeon *d, delve_err *err);

#endif
