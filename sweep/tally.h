/* tally: `delve check` over a range of seeds: each seed's dungeon generated and checked
 * (gen/check.h, the families' rules), findings counted by kind with the first seeds of
 * each, the report's text, and parts' reports joined (docs/merge-parts.md). Uses gen, base. */
#ifndef DELVE_SWEEP_TALLY_H
#define DELVE_SWEEP_TALLY_H

#include <signal.h>
#include <stdint.h>

#include "base/status.h"
#include "base/textbuf.h"
#include "gen/check.h"
#include "gen/external.h"
#include "gen/opts.h"

#define TALLY_SEEDS_SHOWN 10 /* seeds listed per kind in a report */

/* Findings of a range of seeds by kind. */
typedef struct tally {
    long count[CK_KIND_COUNT];
    uint64_t seeds[CK_KIND_COUNT][TALLY_SEEDS_SHOWN];
    int shown[CK_KIND_COUNT];
    int more[CK_KIND_COUNT];  /* 1: seeds of that kind past the ones shown ("...") */
    long errors, warnings, failed;
    uint64_t failed_seed[TALLY_SEEDS_SHOWN];
} tally;

/* Adds seed's findings l to t; seeds come in order. */
void tally_add(tally *t, uint64_t seed, const check_list *l);

/* What a run over seeds is told and watched by: progress(ctx, done, total) after each
 * seed (NULL: none), and a stop flag polled before each (NULL: none). */
typedef struct tally_watch {
    void (*progress)(void *ctx, uint64_t done, uint64_t total);
    void (*failed)(void *ctx, uint64_t seed, const char *why); /* a seed not generated,
                                 each one, with why (NULL: counted only) */
    void (*warn)(void *ctx, uint64_t seed, const char *msg); /* an external generator
                                 wrote to stderr and succeeded (NULL: not told) */
    void *ctx;
    const volatile sig_atomic_t *stop;
} tally_watch;

/* Generates and checks the dungeon of every seed a..b with go's settings into t (a
 * dungeon that fails to generate counts as not generated); *done: the seeds checked.
 * DELVE_ESTOP when the stop flag rose; gen's and the checks' other errors. */
delve_status tally_seeds(const gen_opts *go, uint64_t a, uint64_t b, tally *t,
                         const tally_watch *w, uint64_t *done, delve_err *err);

/* t's report of seeds a..b into tb: the summary line (secs: the time, printed to a
 * tenth), a line per kind found, one for the seeds not generated; with part (the run's
 * settings), a part's settings line and end line after them. Returns the report's
 * lines before those two. */
#define TALLY_MAX_JOBS 64 /* worker threads of tally_external */
#define TALLY_BLOCK 16    /* seeds a worker takes in one block before they are counted */

/* As tally_seeds, each seed's dungeon from the external generator g (gen/external.h),
 * run on jobs threads (1..TALLY_MAX_JOBS; the report the same for every number): a
 * seed whose generator fails (exit code, no output, a bad .dun, timeout) counts as not
 * generated, told with why through w->failed, and the run goes on. w's callbacks are
 * called on this thread, in seed order. DELVE_EINPUT when g cannot run at all (a bad
 * template, no such program); DELVE_ESTOP; DELVE_ENOMEM. */
delve_status tally_external(const external_gen *g, uint64_t a, uint64_t b, int jobs,
                            tally *t, const tally_watch *w, uint64_t *done, delve_err *err);

/* The report of seeds a-b into tb (its summary line, the kinds with their first seeds,
 * the seeds not generated; with part, a part's settings and end lines); floors 0 for
 * another program's dungeons, whose summary names no count of floors. Returns its
 * lines. */
int tally_report(const tally *t, const gen_opts *part, uint64_t a, uint64_t b, int floors,
                 double secs, textbuf *tb);

/* Parts joined: the whole range's tally, floors and time. */
typedef struct tally_whole {
    tally t;
    uint64_t lo, hi;
    int floors;
    int64_t tenths; /* the parts' times summed, in tenths of a second as printed */
} tally_whole;

/* Reads the n (>= 1) reports of delve check --seeds --shard in files, checks each whole
 * (its end line, counts that add up, its settings line) and that they tile one range
 * with the same floors and settings, and joins them into *w. DELVE_EINPUT with
 * file:line:col; lex_read_file's errors. */
delve_status tally_merge(int n, char *const *files, tally_whole *w, delve_err *err);

#endif
