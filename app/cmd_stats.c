/* delve stats: measures of generated floors over a range of seeds, per level type
 * (seed 002's level types): mean, sd, min and max of each measure, as a table or TSV. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/cli.h"
#include "gen/doomrl/doomrl.h"
#include "gen/stats.h"

#define STATS_MAX_SEEDS 100000000ull  /* a range longer than this is refused */
#define STATS_PROGRESS 20000          /* ranges past this many seeds report progress */

static void help(void)
{
    printf("usage: delve stats --seeds A-B [--floors K] [--format table|tsv]  (rising,\n"
           "                   rooms and corridors: see delve stats --type rooms --help)\n"
           "       delve stats --type T --seeds A-B [--dlevel D] [--difficulty 1..5]\n"
           "                   [--single-monster on|off] [--format table|tsv]\n\n"
           "Generates floor 1 of every seed A..B with the level type T (normal,\n"
           "small-rooms, warehouse, city, caves, arena, maze, single, or doomrl to pick by\n"
           "dlevel; default dlevel 1, difficulty 2) and prints, per level type made, the\n"
           "mean, sd, min and max of: rooms and doors (after the layout, before fluids),\n"
           "fluid squares, fluid walks, rivers by shape (0 or 1 a floor, so the mean is how\n"
           "often), bridges, items, monsters, things over the floor's caps, and the tries\n"
           "it took. Stairs, pits and rest stations are not laid. Progress goes to stderr\n"
           "for long ranges.\n\n"
           "example: delve stats --type doomrl --seeds 1-10000 --dlevel 9 --difficulty 3\n");
}

typedef struct stats_args {
    gen_opts o;
    uint64_t first, last;
    int tsv, have_type, have_seeds;
} stats_args;

static int parse_type(const char *v, int *type)
{
    int doomrl = !strcmp(v, "doomrl"), t = doomrl ? GEN_TYPE_DOOMRL : level_type_from_name(v);
    if ((!doomrl && t < 0) || !stats_family_for(t)) {
        cli_usage_error("stats", "--type %s: not one of normal, small-rooms, warehouse, "
                        "city, caves, arena, maze, single, doomrl, shoals", v);
        return 0;
    }
    *type = t;
    return 1;
}

/* One option with its value; 0 on a bad one (reported). */
static int parse_option(const char *o, const char *v, stats_args *a)
{
    if (!strcmp(o, "--type"))
        return (a->have_type = 1) && parse_type(v, &a->o.type);
    if (!strcmp(o, "--seeds"))
        return (a->have_seeds = 1) && cli_seeds("stats", v, STATS_MAX_SEEDS, &a->first, &a->last);
    if (!strcmp(o, "--dlevel"))
        return cli_int("stats", o, v, 1, GEN_MAX_DLEVEL, &a->o.dlevel);
    if (!strcmp(o, "--difficulty"))
        return cli_int("stats", o, v, 1, 5, &a->o.difficulty);
    if (!strcmp(o, "--single-monster") && (!strcmp(v, "on") || !strcmp(v, "off")))
        return (a->o.single_monster = !strcmp(v, "on")) || 1;
    if (!strcmp(o, "--format") && (!strcmp(v, "table") || !strcmp(v, "tsv")))
        return (a->tsv = !strcmp(v, "tsv")) || 1;
    cli_usage_error("stats", "%s %s: not a value this option takes", o, v);
    return 0;
}

static int parse(int argc, char **argv, stats_args *a)
{
    memset(a, 0, sizeof *a);
    a->o = gen_defaults(1);
    a->o.floors = 1;
    for (int i = 1; i < argc; i++) {
        const char *o = argv[i], *v;
        if (cli_is_help(o)) {
            help();
            return -1;
        }
        int known = !strcmp(o, "--type") || !strcmp(o, "--seeds") || !strcmp(o, "--dlevel") ||
                    !strcmp(o, "--difficulty") || !strcmp(o, "--single-monster") ||
                    !strcmp(o, "--format");
        if (!known)
            return cli_usage_error("stats", "unknown option '%s'", o);
        if (!(v = cli_value("stats", argc, argv, &i)) || !parse_option(o, v, a))
            return EXIT_USAGE;
    }
    if (!a->have_type || !a->have_seeds)
        return cli_usage_error("stats", "--type and --seeds are needed");
    return EXIT_OK;
}

/* Mean and standard deviation (population) of an accumulator; 0 when empty. Floats
 * only here, for printing: gen/ keeps integer sums. */
static double stats_mean(const stats_acc *a)
{
    return a->n ? (double)a->sum / (double)a->n : 0.0;
}

static double stats_sd(const stats_acc *a)
{
    if (a->n == 0)
        return 0.0;
    double m = stats_mean(a), v = (double)a->sumsq / (double)a->n - m * m, r = v > 1 ? v : 1;
    if (v <= 0)
        return 0.0;
    for (int i = 0; i < 64; i++)  /* Newton's square root: no libm */
        r = 0.5 * (r + v / r);
    return r;
}

static void print_type(const stats_table *t, int type, int tsv)
{
    const stats_family *fam = t->family;
    if (!tsv)
        printf("\n%s  (%lld floors)\n  %-24s %9s %9s %6s %6s\n", level_type_name(type),
               (long long)t->floors[type], "measure", "mean", "sd", "min", "max");
    for (int i = 0; i < fam->measure_count; i++) {
        const stats_acc *a = &t->acc[type][i];
        if (tsv)
            printf("%s\t%lld\t%s\t%.4f\t%.4f\t%d\t%d\n", level_type_name(type),
                   (long long)t->floors[type], fam->measure_names[i], stats_mean(a),
                   stats_sd(a), a->min, a->max);
        else
            printf("  %-24s %9.3f %9.3f %6d %6d\n", fam->measure_names[i], stats_mean(a),
                   stats_sd(a), a->min, a->max);
    }
}

static void print_table(const stats_table *t, const stats_args *a)
{
    if (a->tsv)
        printf("type\tfloors\tmeasure\tmean\tsd\tmin\tmax\n");
    else
        printf("delve stats  seeds %llu-%llu  dlevel %d  difficulty %d\n",
               (unsigned long long)a->first, (unsigned long long)a->last, a->o.dlevel,
               a->o.difficulty);
    for (int type = 0; type < LT_COUNT; type++)
        if (t->floors[type] > 0)
            print_type(t, type, a->tsv);
}

int cmd_stats(int argc, char **argv)
{
    int typed = 0;
    for (int i = 1; i + 1 < argc; i++) { /* Shoals has its own measures (spec/shoals.md) */
        if (!strcmp(argv[i], "--type") && !strcmp(argv[i + 1], "shoals"))
            return cmd_stats_shoals(argc, argv);
        if (!strcmp(argv[i], "--type") && !strcmp(argv[i + 1], "rooms"))
            return cmd_stats_rising(argc, argv);
        typed |= !strcmp(argv[i], "--type");
    }
    /* no --type: rooms and corridors, what rising laid (spec/rising.md) */
    if (!typed && !(argc == 2 && cli_is_help(argv[1])))
        return cmd_stats_rising(argc, argv);
    stats_args a;
    int rc = parse(argc, argv, &a);
    if (rc)
        return rc < 0 ? EXIT_OK : rc;
    stats_table *t = malloc(sizeof *t);
    if (!t)
        return cli_fail("stats", DELVE_ENOMEM, NULL);
    stats_init(t, stats_family_for(a.o.type));
    uint64_t total = a.last - a.first + 1, step = total / 10 ? total / 10 : 1;
    delve_err err = { "" };
    delve_status st = DELVE_OK;
    for (uint64_t s = a.first, i = 1; st == DELVE_OK; s++, i++) {
        st = stats_add_seed(t, &a.o, s, &err);
        if (total > STATS_PROGRESS && i % step == 0)
            fprintf(stderr, "delve stats: %llu of %llu seeds\n", (unsigned long long)i,
                    (unsigned long long)total);
        if (s == a.last)
            break;
    }
    if (st == DELVE_OK)
        print_table(t, &a);
    free(t);
    if (st == DELVE_OK && fflush(stdout) != 0)
        st = delve_fail(&err, DELVE_EIO, "cannot write to standard output");
    return st ? cli_fail("stats", st, &err) : EXIT_OK;
}
