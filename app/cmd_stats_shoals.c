/* delve stats --type shoals: the Shoals measures (spec/shoals.md, gen/shoals/shoals_stats.h), the
 * fractions of the seed's four classes and the land parts; app/cmd_stats.c hands
 * --type shoals over to cmd_stats_shoals. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/cli.h"
#include "gen/shoals/shoals.h"
#include "gen/shoals/shoals_stats.h"

static void help_shoals(void)
{
    printf("usage: delve stats --type shoals --seeds A-B [--islands N]\n\n"
           "Generates floor 1 of every seed A..B (as `delve gen --type shoals` does) and\n"
           "prints, for the fraction of deep water, shallow water, floor and high ground\n"
           "squares and for the number of land parts (4-connected floor and high ground),\n"
           "the mean, the sample standard deviation and the 5th and 95th percentiles\n"
           "(nearest rank). At most %d seeds; --islands 1-%d, default %d.\n",
           SHOALS_STATS_MAX_SEEDS, SHOALS_ISLANDS_MAX, SHOALS_ISLANDS);
}

/* "A-B" into lo, hi; 0 on a bad range (printed). */
int cmd_stats_shoals(int argc, char **argv)
{
    uint64_t lo = 0, hi = 0;
    int islands = SHOALS_ISLANDS, have_type = 0, have_seeds = 0;
    for (int i = 1; i < argc; i++) {
        const char *o = argv[i], *v;
        if (cli_is_help(o)) {
            help_shoals();
            return EXIT_OK;
        }
        if (strcmp(o, "--type") && strcmp(o, "--seeds") && strcmp(o, "--islands"))
            return cli_usage_error("stats", "unknown %s '%s'", o[0] == '-' ? "option" : "argument", o);
        if (!(v = cli_value("stats", argc, argv, &i)))
            return EXIT_USAGE;
        if (!strcmp(o, "--type") && strcmp(v, "shoals"))
            return cli_usage_error("stats", "--type %s: only shoals so far", v);
        have_type |= !strcmp(o, "--type");
        if (!strcmp(o, "--seeds") && !(have_seeds = cli_seeds("stats", v, SHOALS_STATS_MAX_SEEDS, &lo, &hi)))
            return EXIT_USAGE;
        if (!strcmp(o, "--islands") &&
            !cli_int("stats", o, v, 1, SHOALS_ISLANDS_MAX, &islands))
            return EXIT_USAGE;
    }
    if (!have_type || !have_seeds)
        return cli_usage_error("stats", "--type shoals and --seeds A-B are needed");
    shoals_stats s;
    delve_err err = { "" };
    char *text = NULL;
    delve_status st = shoals_stats_run(lo, hi, islands, &s, &err);
    if (!st)
        st = shoals_stats_text(&s, &text, &err);
    if (!st && (fputs(text, stdout) == EOF || fflush(stdout) != 0))
        st = delve_fail(&err, DELVE_EIO, "cannot write the table to standard output");
    free(text);
    return st ? cli_fail("stats", st, &err) : EXIT_OK;
}
