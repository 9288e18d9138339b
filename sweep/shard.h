/* shard: a part of `delve stats` over a seed range as exact integer sums (`delve stats
 * --seeds A-B ... --shard`), written and read, and parts joined into the sums and the
 * command line of one run over the whole range (docs/merge-parts.md). Uses gen, base. */
#ifndef DELVE_SWEEP_SHARD_H
#define DELVE_SWEEP_SHARD_H

#include <stdint.h>

#include "base/status.h"
#include "base/textbuf.h"
#include "gen/opts.h"
#include "gen/rising.h"
#include "gen/stats.h"

#define SHARD_MAX_PARTS 4096 /* parts of one merge */
#define SHARD_MAX_ARGS 128   /* arguments of the command a part records */

/* A run's sums: rising's counts per kind, or the per-floor table. */
typedef struct shard_sums {
    int rooms;                 /* 1: rising's counts (rooms' default); 0: the per-floor table */
    stats_table table;         /* table.family is set by the reader of the command line */
    int64_t counts[RK_COUNT];
} shard_sums;

/* s as a part's text into tb: provenance ('#' lines: version, seeds lo-hi, each word of
 * argv but --seeds, its value and --shard), then a line per non-zero sum, and last
 * "# end: N lines" (N: the lines before it; a part without it is refused). argv[0] is
 * "stats"; no word holds a newline (the caller refuses one). DELVE_ENOMEM. */
delve_status shard_text(const shard_sums *s, int argc, char **argv, uint64_t lo, uint64_t hi,
                        textbuf *tb, delve_err *err);

/* Rooms' rising counts of seeds lo..hi with o's settings into c[RK_COUNT] (added): a
 * dungeon that does not generate or has a check's error counts under RK_FAILED. */
delve_status shard_rooms_count(const gen_opts *o, uint64_t lo, uint64_t hi, int64_t *c,
                               delve_err *err);

/* Parts joined: the whole run's sums and command line ("stats", the parts' arguments,
 * "--seeds LO-HI"), for delve stats to print as one run. */
typedef struct shard_whole {
    shard_sums s;
    int argc;
    char *argv[SHARD_MAX_ARGS + 4];
    char seeds[48];
    char *head;                /* what argv's words point into */
} shard_whole;

/* Reads the n part files (1..SHARD_MAX_PARTS), checks each whole (its end line, its lines
 * in the order delve wrote them), that they tile one range (parts_tile) and share one
 * head (arguments in any order), and joins them into *w (free with shard_whole_free,
 * also after an error). DELVE_EINPUT with file:line:col; lex_read_file's errors. */
delve_status shard_join(int n, char *const *files, shard_whole *w, delve_err *err);
void shard_whole_free(shard_whole *w);

#endif
