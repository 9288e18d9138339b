/* generator: what `delve shot` and `delve check` share about --generator 'CMD {seed}'
 * (docs/generators.md): the three flags read into a gen/external.h external_gen, and a
 * run's warnings (a generator that wrote to stderr and succeeded) said on stderr, the
 * first few in full and the rest counted at the end. Prints; app/ only. */
#ifndef DELVE_APP_GENERATOR_H
#define DELVE_APP_GENERATOR_H

#include <stdint.h>

#include "gen/external.h"

#define GENERATOR_WARNINGS_SHOWN 3 /* warnings of a run said in full; the rest counted */

/* The flags' rows, for a command's cli_flag table, in this order. */
#define GENERATOR_FLAGS { "generator", 0, 1, NULL }, { "generator-shell", 0, 0, NULL }, \
                        { "generator-timeout", 0, 1, NULL }

/* Reads --generator CMD (NULL: absent), --generator-shell (shell: given) and
 * --generator-timeout S (NULL: the default) into *g with floors and floor, and splits
 * the template once (external_check). Returns EXIT_OK, or EXIT_USAGE after saying why
 * (a shell flag or timeout without --generator, a timeout out of 1..EXTERNAL_TIMEOUT_MAX_S,
 * a bad template). */
int generator_read(const char *cmd, const char *command, int shell, const char *timeout,
                   int floors, int floor, external_gen *g);

/* A run's warnings so far. */
typedef struct generator_warnings {
    const char *cmd;   /* "shot", "check" */
    long count;        /* seeds that wrote to stderr */
    uint64_t first;    /* the first of them */
} generator_warnings;

/* "delve CMD: warning: MSG" for the first GENERATOR_WARNINGS_SHOWN seeds, counted
 * after (ctx: a generator_warnings); a shots_watch or tally_watch warn callback. */
void generator_warn(void *ctx, uint64_t seed, const char *msg);

/* At the end of a run: how many more seeds wrote to stderr than were said, if any. */
void generator_warnings_end(const generator_warnings *w);

#endif
