/* stats_shard: a part of `delve stats` over a seed range as exact integer sums
 * (`delve stats --seeds A-B ... --shard`), which `delve merge stats` joins into the output
 * one run over the whole range prints. app/ only (app/cmd_stats_shard.c). */
#ifndef DELVE_APP_STATS_SHARD_H
#define DELVE_APP_STATS_SHARD_H

#include <stdint.h>

#include "gen/rising.h"
#include "gen/stats.h"

typedef struct stats_shard {
    int rooms;                 /* 1: rising's counts (rooms' default); 0: the per-floor table */
    stats_table table;         /* table.family is set by the reader of the command line */
    int64_t counts[RK_COUNT];
} stats_shard;

/* Prints s as a part's text: provenance ('#' lines: version, seeds lo-hi, each word of
 * argv but --seeds, its value and --shard), then a line per non-zero sum, and last
 * "# end: N lines" (N: the lines before it; a part without it is refused). argv[0] is
 * "stats". Returns the exit code (2 for a word with a newline, which no line holds). */
int stats_shard_print(const stats_shard *s, int argc, char **argv, uint64_t lo, uint64_t hi);

/* delve stats with argv (argv[0] "stats"); with in, the sums are in's instead of
 * generated (the command line still says what is printed). Returns the exit code. */
int stats_main(int argc, char **argv, const stats_shard *in);

/* Rooms' rising counts of seeds lo..hi into c[RK_COUNT] (added), and their printing as
 * `delve stats` does (app/cmd_stats_rising.c). */
delve_status stats_rooms_count(const gen_opts *o, uint64_t lo, uint64_t hi, int64_t *c,
                               delve_err *err);
void stats_rooms_print(const int64_t *c, const gen_opts *o, uint64_t lo, uint64_t hi, int tsv);

#endif
