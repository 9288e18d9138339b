/* delve stats for Shoals: the measures of gen/shoals/shoals_stats.h (seed 003), the
 * fractions of the seed's four classes and the land parts of floor 1 of each seed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/cli.h"
#include "gen/shoals/shoals.h"
#include "gen/shoals/shoals_stats.h"

int stats_shoals_run(const gen_opts *o, uint64_t lo, uint64_t hi, int tsv)
{
    shoals_stats s;
    delve_err err = { "" };
    char *text = NULL;
    delve_status st = shoals_stats_run(lo, hi, o->islands, &s, &err);
    if (!st)
        st = shoals_stats_text(&s, &text, &err);
    if (!st && (fputs(text, stdout) == EOF || fflush(stdout) != 0))
        st = delve_fail(&err, DELVE_EIO, "cannot write the table to standard output");
    free(text);
    return st ? cli_fail("stats", st, &err) : EXIT_OK;
}
