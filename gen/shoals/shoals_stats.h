/* shoals_stats: the terrain of many Shoals floors in numbers (spec/shoals.md), to compare the
 * generator with the seed's reference program: for seeds A..B, floor 1 of each exactly
 * as `delve gen --type shoals` makes it, the fraction of deep water, shallow water,
 * floor and high ground, and the number of land parts (4-connected floor and high
 * ground). Each measure gets its mean, sample standard deviation and 5th and 95th
 * percentiles (nearest rank). Integers only: values are in millionths. Uses base, engine
 * and gen only. */
#ifndef DELVE_GEN_SHOALS_STATS_H
#define DELVE_GEN_SHOALS_STATS_H

#include <stdint.h>

#include "base/status.h"
#include "gen/gen.h"

#define SHOALS_STATS_MAX_SEEDS 1000000  /* seeds in one run (set) */
#define SHOALS_STATS_SCALE 1000000      /* values are in millionths */

typedef enum shoals_measure {
    SM_DEEP,        /* fraction of squares */
    SM_SHALLOW,
    SM_FLOOR,
    SM_HIGH,
    SM_LAND_PARTS,  /* count of 4-connected parts of floor and high ground */
    SM_COUNT
} shoals_measure;

typedef struct shoals_summary {
    int64_t mean, sd, p5, p95;  /* in millionths */
} shoals_summary;

typedef struct shoals_stats {
    uint64_t seed_lo, seed_hi;
    int islands;
    int floors;                    /* seeds measured */
    shoals_summary m[SM_COUNT];
} shoals_stats;

/* Name of a measure ("deep", "shallow", "floor", "high", "land parts"). */
const char *shoals_measure_name(shoals_measure m);

/* Measures floor 1 of seeds lo..hi (inclusive) with `islands` islands into *out.
 * DELVE_EINPUT when hi < lo, the range passes SHOALS_STATS_MAX_SEEDS or islands is out
 * of 1..SHOALS_ISLANDS_MAX; DELVE_EFAIL when a seed's floor cannot be made (named);
 * DELVE_ENOMEM. */
delve_status shoals_stats_run(uint64_t lo, uint64_t hi, int islands, shoals_stats *out,
                              delve_err *err);

/* The table `delve stats` prints: a title line, a header, one line per measure with
 * mean, sd, p5 and p95 to six decimals. *text is malloc'ed. DELVE_ENOMEM. */
delve_status shoals_stats_text(const shoals_stats *s, char **text, delve_err *err);

/* Floor 1 of o->seed's Shoals dungeon as `delve stats --per-floor` measures it: squares of
 * deep water, shallow water, floor and high ground, and land parts, into
 * values[SHOALS_FLOOR_STAT_COUNT]; *type = LT_SHOALS. Errors as shoals_layout. */
#define SHOALS_FLOOR_STAT_COUNT 5
delve_status shoals_floor_stats(const gen_opts *o, int *values, int *type, delve_err *err);
const char *const *shoals_floor_stat_names(void);

#endif
