/* delve stats (rooms and corridors): what rising laid over a range of seeds (spec/rising.md,
 * gen/rising.h): counts per kind over every floor of each dungeon, and the failures
 * (a dungeon that did not generate or that the checks find an error in). app/cmd_stats.c
 * hands over when --type is missing or rooms. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/cli.h"
#include "gen/check.h"
#include "gen/rising.h"

#define RISING_STATS_MAX_SEEDS 1000000ull  /* a longer range is refused */

static void help_rising(void)
{
    printf("usage: delve stats --seeds A-B [--floors K] [--type rooms] [--rising on|off]\n"
           "                   [--format table|tsv]\n\n"
           "Generates the dungeon of K floors (default 1) of every seed A..B with rooms and\n"
           "corridors, runs the checks on it, and prints the counts per kind of what\n"
           "rising laid: bends, curve marks, turning stair, ramp and stair\n"
           "squares, sunk, raised and graded rooms, spirals within a floor, spirals\n"
           "between floors (per pair), lifts, ladders, tries, pieces taken off again, and\n"
           "failures (a dungeon that did not generate or has a check error).\n\n"
           "example: delve stats --seeds 1-20 --floors 3 --format tsv\n");
}

static int parse_seeds(const char *v, uint64_t *lo, uint64_t *hi)
{
    const char *dash = strchr(v, '-');
    char a[32];
    if (!dash || dash == v || (size_t)(dash - v) >= sizeof a) {
        cli_usage_error("stats", "--seeds %s: write A-B, e.g. 1-40", v);
        return 0;
    }
    memcpy(a, v, (size_t)(dash - v));
    a[dash - v] = '\0';
    if (!cli_u64("stats", "--seeds", a, lo) || !cli_u64("stats", "--seeds", dash + 1, hi))
        return 0;
    if (*hi < *lo || *hi - *lo >= RISING_STATS_MAX_SEEDS) {
        cli_usage_error("stats", "--seeds %s: need A <= B and at most %llu seeds", v,
                        (unsigned long long)RISING_STATS_MAX_SEEDS);
        return 0;
    }
    return 1;
}

/* One option with its value; 0 on a bad one (reported). */
static int option(const char *o, const char *v, gen_opts *g, uint64_t *lo, uint64_t *hi,
                  int *tsv, int *have_seeds)
{
    if (!strcmp(o, "--seeds"))
        return (*have_seeds = parse_seeds(v, lo, hi));
    if (!strcmp(o, "--floors"))
        return cli_int("stats", o, v, 1, DUNGEON_MAX_FLOORS, &g->floors);
    if (!strcmp(o, "--type") && !strcmp(v, "rooms"))
        return 1;
    if (!strcmp(o, "--rising") && (!strcmp(v, "on") || !strcmp(v, "off")))
        return (g->rising = !strcmp(v, "on")) || 1;
    if (!strcmp(o, "--format") && (!strcmp(v, "table") || !strcmp(v, "tsv")))
        return (*tsv = !strcmp(v, "tsv")) || 1;
    cli_usage_error("stats", "%s %s: not a value this option takes", o, v);
    return 0;
}

/* Generates and checks one seed's dungeon, adding its counts (or a failure). */
static delve_status one_seed(const gen_opts *o, int64_t *c, delve_err *err)
{
    dungeon d;
    delve_err e = { "" };
    delve_status st = gen_dungeon(o, &d, &e);
    if (st == DELVE_ENOMEM)
        return delve_fail(err, st, "%s", e.msg);
    if (st != DELVE_OK) {
        c[RK_FAILED]++;
        return DELVE_OK;
    }
    check_list l = { 0 };
    st = check_dungeon(&d, &l, err);
    if (st == DELVE_OK) {
        rising_count(&d, c);
        c[RK_FAILED] += l.errors > 0;
    }
    check_list_free(&l);
    dungeon_free(&d);
    return st;
}

static void print_counts(const int64_t *c, const gen_opts *o, uint64_t lo, uint64_t hi,
                         int tsv)
{
    if (tsv)
        printf("kind\tcount\tseeds\tfloors\n");
    else
        printf("delve stats  seeds %llu-%llu  %d floor%s  rising %s\n  %-26s %8s\n",
               (unsigned long long)lo, (unsigned long long)hi, o->floors,
               o->floors == 1 ? "" : "s", o->rising ? "on" : "off", "kind", "count");
    for (int k = 0; k < RK_COUNT; k++) {
        if (tsv)
            printf("%s\t%lld\t%llu\t%d\n", rising_kind_name((rising_kind)k),
                   (long long)c[k], (unsigned long long)(hi - lo + 1), o->floors);
        else
            printf("  %-26s %8lld\n", rising_kind_name((rising_kind)k), (long long)c[k]);
    }
}

int cmd_stats_rising(int argc, char **argv)
{
    gen_opts o = gen_defaults(1);
    o.floors = 1;
    uint64_t lo = 0, hi = 0;
    int tsv = 0, have_seeds = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v;
        if (cli_is_help(a)) {
            help_rising();
            return EXIT_OK;
        }
        if (strcmp(a, "--seeds") && strcmp(a, "--floors") && strcmp(a, "--type") &&
            strcmp(a, "--rising") && strcmp(a, "--format"))
            return cli_usage_error("stats", "unknown %s '%s'", a[0] == '-' ? "option" : "argument", a);
        if (!(v = cli_value("stats", argc, argv, &i)) ||
            !option(a, v, &o, &lo, &hi, &tsv, &have_seeds))
            return EXIT_USAGE;
    }
    if (!have_seeds)
        return cli_usage_error("stats", "--seeds A-B is needed");
    int64_t c[RK_COUNT] = { 0 };
    delve_err err = { "" };
    delve_status st = DELVE_OK;
    for (uint64_t s = lo; st == DELVE_OK; s++) {
        o.seed = s;
        st = one_seed(&o, c, &err);
        if (s == hi)
            break;
    }
    if (st == DELVE_OK) {
        print_counts(c, &o, lo, hi, tsv);
        if (fflush(stdout) != 0)
            st = delve_fail(&err, DELVE_EIO, "cannot write to standard output");
    }
    return st ? cli_fail("stats", st, &err) : EXIT_OK;
}
