/* delve stats: measures of generated floors over a range of seeds, one command for
 * every family: one parser, then the family's runner (DoomRL's mean, sd, min and max
 * per level type, rooms' rising counts, Shoals' fractions; --shard parts: sweep/shard);
 * --compare's options and printing, the comparison itself in review/dist_text. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "app/cli.h"
#include "app/folder.h"
#include "app/generator.h"
#include "app/stats.h"
#include "base/textbuf.h"
#include "gen/family.h"
#include "gen/opts.h"
#include "gen/rising.h"
#include "gen/shoals/shoals_stats.h"
#include "gen/stats.h"
#include "gen/stored.h"
#include "review/dist.h"
#include "review/dist_text.h"
#include "sweep/shard.h"

#define STATS_PROGRESS 20000          /* ranges past this many seeds report progress */
#define STATS_GEN_MAX_SEEDS 1000000ull /* --generator: the longest range one run takes */
#define STATS_GEN_TTY_EVERY 10        /* --generator on a terminal: progress every N seeds */

/* --compare's part of the help (spec/review-stats.md). */
static void compare_help(void)
{
    if (!dist_available()) {
        printf("\n--compare is left out of this build (no GSL).\n");
        return;
    }
    printf("\nusage: delve stats --compare A.tsv B.tsv [--alpha P] [--format table|tsv|json]\n\n"
           "Compares two catalogs (catalog.tsv of 'delve shot --seeds'; a shot set's folder\n"
           "stands for its catalog.tsv) column by column:\n"
           "mean and sd each side, the change (absolute and per cent), and a two-sample test.\n"
           "Same seeds and floors on both sides: rows paired by (seed, floor), counts by\n"
           "Wilcoxon's signed-rank test (with floors up, down and same), level type and\n"
           "verdict by McNemar-Bowker (not tested when under %d floors changed category).\n"
           "Otherwise two samples: Mann-Whitney's U, and chi-square of homogeneity (Fisher's\n"
           "exact test for a sparse 2x2). Normal approximations with tie correction. Under\n"
           "%d floors on a side: means only, 'too few floors to test'. p-values are\n"
           "corrected with Holm's method over the tested columns; a column is flagged when\n"
           "its corrected p is below --alpha (default %g) and listed first, in words.\n"
           "A column of one value on every floor of both sides is 'constant': not\n"
           "tested, not counted by Holm. When the catalogs hold several level types\n"
           "(DoomRL), each flagged count is broken down by level type (Mann-Whitney a\n"
           "type, Holm) and by floor, and is explained by the level-type mix when the\n"
           "type column is flagged, no type moved, and with the mix held fixed (A's means\n"
           "at B's type shares) at most half the change is left (docs/review.md).\n"
           "A column on one side only is reported as added or removed.\n"
           "Exit 1 when a column is flagged, 0 when none, 2 on bad usage or input.\n\n"
           "example: delve stats --compare shots/old/catalog.tsv shots/new/catalog.tsv\n",
           DIST_SPARSE, DIST_MIN_FLOORS, DIST_ALPHA);
}

static void help(void)
{
    printf("usage: delve stats --seeds A-B [SETTINGS] [--format table|tsv] [--shard]\n"
           "       delve stats --generator 'CMD {seed}' [--generator-shell]\n"
           "                   [--generator-timeout S] [--floors F] --seeds A-B [--format ...]\n"
           "       delve stats --compare A.tsv B.tsv [--alpha P] [--format table|tsv|json]\n\n"
           "Generates many dungeons and prints what their floors hold, per family:\n"
           "  rooms (the default): the dungeon of K floors (--floors, default 3 as everywhere)\n"
           "    of every seed, checked, and the counts per kind of what rising laid: bends, curve\n"
           "    marks, turning stair, ramp and stair squares, sunk, raised and graded rooms,\n"
           "    spirals within and between floors, lifts, ladders, tries, pieces taken off\n"
           "    again, and failures (a dungeon that did not generate or has a check error).\n"
           "  DoomRL types (normal ... single, doomrl): floor 1 of every seed, and per level\n"
           "    type made the mean, sd, min and max of rooms, doors, fluid squares, fluid\n"
           "    walks, rivers by shape, bridges, items and monsters.\n"
           "  shoals: floor 1 of every seed; for the fractions of deep water, shallow water,\n"
           "    floor and high ground and for the land parts (4-connected), the mean, the\n"
           "    sample sd and the 5th and 95th percentiles (nearest rank); a table only.\n"
           "--per-floor: for rooms and Shoals too, floor 1 of every seed's dungeon measured\n"
           "as DoomRL's are (mean, sd, min, max per measure): rooms' rooms, doors, pits,\n"
           "stations, ways, monsters and rising's pieces; Shoals' squares by kind and land\n"
           "parts.\n\n"
           "--generator: another program's dungeons measured instead, by one rule for any\n"
           ".dun: every floor of every seed's dungeon, per level type its floor line names,\n"
           "the mean, sd, min and max (the --per-floor table) of rooms, doors, ways, pits,\n"
           "stations, monsters, items and the survey's stand, blocked, room_floor,\n"
           "corridor_floor, room_areas, reach_pm, goal_walk, dead_ends and parts, named as\n"
           "catalog.tsv's columns. CMD runs as for 'delve check --generator' ({seed},\n"
           "{floors}, {floor}, {out}; --generator-shell; --generator-timeout S, default %d);\n"
           "a seed whose run fails is said on stderr and left out, the table ends with\n"
           "'N seeds not generated' (TSV: '# N seeds not generated' when N > 0), and the\n"
           "exit code is 1 when N > 0. No --shard; seeds run one after another\n"
           "(docs/generators.md).\n\n"
           "--compare: two catalogs (catalog.tsv of shot sets) compared column by column\n"
           "with a test and a flag each (below).\n\n"
           "example: delve stats --type doomrl --seeds 1-10000 --dlevel 9 --difficulty 3\n"
           "         delve stats --seeds 1-20 --floors 3 --format tsv\n"
           "--shard: the run's sums as a part of a range instead (rooms' counts or the\n"
           "per-floor table; not Shoals' table): 'delve merge stats PART...' prints what one\n"
           "run over the parts' whole range prints.\n", EXTERNAL_TIMEOUT_S);
    compare_help();
}

typedef struct stats_args {
    gen_opts o;
    uint64_t first, last;
    int tsv;
    const external_gen *gen;  /* --generator: another program's dungeons, or NULL */
} stats_args;

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
                   (long long)t->floors[type], fam->measure_names()[i], stats_mean(a),
                   stats_sd(a), a->min, a->max);
        else
            printf("  %-24s %9.3f %9.3f %6d %6d\n", fam->measure_names()[i], stats_mean(a),
                   stats_sd(a), a->min, a->max);
    }
}

static void print_table(const stats_table *t, const stats_args *a)
{
    char name[256];
    if (a->tsv)
        printf("type\tfloors\tmeasure\tmean\tsd\tmin\tmax\n");
    else if (a->gen) {
        external_name(a->gen->command, name, sizeof name);
        printf("delve stats  seeds %llu-%llu  generator %s  %d floor%s asked\n",
               (unsigned long long)a->first, (unsigned long long)a->last, name,
               a->o.floors, a->o.floors == 1 ? "" : "s");
    } else if (family_of(a->o.type) == family_get(FAMILY_DOOMRL))
        printf("delve stats  seeds %llu-%llu  dlevel %d  difficulty %d\n",
               (unsigned long long)a->first, (unsigned long long)a->last, a->o.dlevel,
               a->o.difficulty);
    else {  /* the setting that shapes the other families' floors */
        opts_id id = opts_applies(&a->o, OPTS_RISING) ? OPTS_RISING : OPTS_ISLANDS;
        char v[16];
        opts_format(&a->o, id, v, sizeof v);
        printf("delve stats  seeds %llu-%llu  floor 1 of %d  %s %s\n",
               (unsigned long long)a->first, (unsigned long long)a->last, a->o.floors,
               opts_get(id)->key, v);
    }
    for (int type = 0; type < LT_COUNT; type++)
        if (t->floors[type] > 0)
            print_type(t, type, a->tsv);
}

/* Rising's counts c of seeds lo..hi as a table or TSV. */
static void stats_rooms_print(const int64_t *c, const gen_opts *o, uint64_t lo, uint64_t hi, int tsv)
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

/* Shoals' measures (gen/shoals/shoals_stats.h, seed 003): the fractions of the seed's
 * four classes and the land parts of floor 1 of each seed, as a table. */
static int stats_shoals_run(const gen_opts *o, uint64_t lo, uint64_t hi, int tsv)
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

/* s as a part's text on stdout (sweep/shard.h); 2 for a word with a newline, which no
 * line holds. */
static int shard_print(const shard_sums *s, int argc, char **argv, uint64_t lo, uint64_t hi)
{
    for (int i = 1; i < argc; i++)
        if (strchr(argv[i], '\n'))
            return cli_usage_error("stats", "--shard: an argument with a newline");
    textbuf tb = { 0 };
    delve_err err = { "" };
    delve_status st = shard_text(s, argc, argv, lo, hi, &tb, &err);
    if (!st)
        fwrite(tb.s, 1, tb.len, stdout);
    textbuf_free(&tb);
    return st ? cli_fail("stats", DELVE_ENOMEM, NULL) : EXIT_OK;
}

/* Floor 1 of every seed through the family's stats hook into t: mean, sd, min and max
 * of each measure per level type made (DoomRL's default; rooms and Shoals with
 * --per-floor). */
static delve_status stats_per_floor_fill(const stats_args *a, stats_table *t, delve_err *err)
{
    uint64_t total = a->last - a->first + 1, step = total / 10 ? total / 10 : 1;
    delve_status st = DELVE_OK;
    for (uint64_t s = a->first, i = 1; st == DELVE_OK; s++, i++) {
        st = stats_add_seed(t, &a->o, s, err);
        if (total > STATS_PROGRESS && i % step == 0)
            fprintf(stderr, "delve stats: %llu of %llu seeds\n", (unsigned long long)i,
                    (unsigned long long)total);
        if (s == a->last)
            break;
    }
    return st;
}

/* The sums of a run: in's, or made here (rooms' counts or the per-floor table). */
static delve_status stats_sums(const stats_args *a, int per_floor, const shard_sums *in,
                               shard_sums *s, delve_err *err)
{
    const stats_family *fam = stats_family_for(a->o.type);
    if (in) {
        *s = *in;
        s->table.family = fam;
        return s->rooms == !per_floor ? DELVE_OK
                                      : delve_fail(err, DELVE_EINPUT, "the parts were made "
                                                   "with%s --per-floor", per_floor ? "out" : "");
    }
    memset(s, 0, sizeof *s);
    s->rooms = !per_floor;
    stats_init(&s->table, fam);
    return per_floor ? stats_per_floor_fill(a, &s->table, err)
                     : shard_rooms_count(&a->o, a->first, a->last, s->counts, err);
}

/* Rooms' counts or the per-floor table of the run, printed (or, with shard, its part). */
static int stats_sums_run(const stats_args *a, int per_floor, int shard, const shard_sums *in,
                          int argc, char **argv)
{
    shard_sums *s = malloc(sizeof *s);
    if (!s)
        return cli_fail("stats", DELVE_ENOMEM, NULL);
    delve_err err = { "" };
    delve_status st = stats_sums(a, per_floor, in, s, &err);
    int rc = EXIT_OK;
    if (!st && shard)
        rc = shard_print(s, argc, argv, a->first, a->last);
    else if (!st && per_floor)
        print_table(&s->table, a);
    else if (!st)
        stats_rooms_print(s->counts, &a->o, a->first, a->last, a->tsv);
    free(s);
    if (st == DELVE_OK && fflush(stdout) != 0)
        st = delve_fail(&err, DELVE_EIO, "cannot write to standard output");
    return st ? cli_fail(in ? "merge" : "stats", st, &err) : rc;
}

/* --- --generator: another program's dungeons (docs/generators.md) -------------------- */

/* What a --generator run tells on stderr. */
typedef struct gen_told {
    int tty;                   /* stderr is a terminal: progress on one line */
    int line_open;             /* a progress line waits for its newline */
    generator_warnings warned; /* seeds that wrote to stderr and succeeded */
} gen_told;

/* Ends an open progress line before anything else is said. */
static void told_break(gen_told *t)
{
    if (t->line_open)
        fputc('\n', stderr);
    t->line_open = 0;
}

/* One seed's dungeon from the generator into t. A generator's fault (DELVE_EFAIL) is
 * said and counted in *failed, the run going on; any other fault stops the run. */
static delve_status gen_seed(const external_gen *g, uint64_t seed, stats_table *t,
                             gen_told *told, uint64_t *failed, delve_err *err)
{
    dungeon d;
    delve_err warn = { "" };
    delve_status st = external_dungeon(g, seed, &d, &warn, err);
    if (st == DELVE_EFAIL) {
        told_break(told);
        fprintf(stderr, "delve stats: not generated: %s\n", err->msg);
        ++*failed;
        return DELVE_OK;
    }
    if (st != DELVE_OK)
        return st;
    if (warn.msg[0]) {
        told_break(told);
        generator_warn(&told->warned, seed, warn.msg);
    }
    st = stats_add_dungeon(t, &d, err);
    dungeon_free(&d);
    return st;
}

/* Every seed of a's range through a->gen into t, one after another; *failed counts
 * the seeds not generated, *done those run. Progress on a terminal. */
static delve_status gen_fill(const stats_args *a, stats_table *t, gen_told *told,
                             uint64_t *failed, uint64_t *done, delve_err *err)
{
    uint64_t total = a->last - a->first + 1;
    delve_status st = DELVE_OK;
    for (uint64_t s = a->first; st == DELVE_OK; s++) {
        st = gen_seed(a->gen, s, t, told, failed, err);
        if (st == DELVE_OK)
            ++*done;
        if (st == DELVE_OK && told->tty &&
            (*done % STATS_GEN_TTY_EVERY == 0 || *done == total)) {
            fprintf(stderr, "\rdelve stats: %" PRIu64 " of %" PRIu64 " seeds", *done, total);
            told->line_open = 1;
        }
        if (s == a->last)
            break;
    }
    told_break(told);
    return st;
}

/* The table of a's generator over a's seeds, printed; exit 1 when a seed was not
 * generated (as delve check --generator), 128 + the signal when stopped. */
static int gen_run(const stats_args *a)
{
    stats_table *t = malloc(sizeof *t);
    if (!t)
        return cli_fail("stats", DELVE_ENOMEM, NULL);
    stats_init(t, stats_survey_family());
    gen_told told = { .tty = isatty(2), .warned = { .cmd = "stats" } };
    folder_catch_signals(); /* Ctrl-C: said, and no half table printed */
    uint64_t failed = 0, done = 0;
    delve_err err = { "" };
    delve_status st = gen_fill(a, t, &told, &failed, &done, &err);
    generator_warnings_end(&told.warned);
    if (st == DELVE_ESTOP) {
        fprintf(stderr, "delve stats: %s after %" PRIu64 " of %" PRIu64 " seeds; no table "
                "printed\n", folder_stop_word(), done, a->last - a->first + 1);
        free(t);
        return 128 + *folder_stop();
    }
    if (st == DELVE_OK) {
        print_table(t, a);
        if (!a->tsv || failed)
            printf("%s%" PRIu64 " seed%s not generated\n", a->tsv ? "# " : "\n",
                   failed, failed == 1 ? "" : "s");
        if (fflush(stdout) != 0)
            st = delve_fail(&err, DELVE_EIO, "cannot write to standard output");
    }
    free(t);
    return st ? cli_fail("stats", st, &err) : failed ? EXIT_DIFF : EXIT_OK;
}

/* delve stats --compare A B: alpha and format as written, or NULL for the defaults;
 * the comparison printed (review/dist_text.h). The exit code: 1 when a column is
 * flagged. */
static int compare_run(const char *file_a, const char *file_b, const char *alpha,
                       const char *format)
{
    if (!dist_available())
        return cli_usage_error("stats", "--compare: this delve was built without GSL "
                               "(libgsl-dev); build it with GSL to compare catalogs");
    char *end = NULL;
    double p = alpha ? strtod(alpha, &end) : DIST_ALPHA;
    if (alpha && (*end || end == alpha || !(p > 0 && p < 1)))
        return cli_usage_error("stats", "--alpha %s: a number between 0 and 1", alpha);
    dist_text_format f = DIST_TEXT_TABLE;
    if (format && !dist_text_format_of(format, &f))
        return cli_usage_error("stats", "--format: '%s' is not table, tsv or json", format);
    char pa[4200], pb[4200];
    file_a = dist_text_catalog(file_a, pa, sizeof pa);
    file_b = dist_text_catalog(file_b, pb, sizeof pb);
    if (cli_same_file(file_a, file_b)) /* a slip more often than a check */
        fprintf(stderr, "delve stats: note: %s and %s are the same file\n", file_a, file_b);
    textbuf out = { 0 };
    delve_err err = { "" };
    int flagged = 0;
    delve_status st = dist_text_files(file_a, file_b, p, f, &out, &flagged, &err);
    if (!st)
        st = cli_stdout(out.s, out.len, &err);
    textbuf_free(&out);
    return st ? cli_fail("stats", st, &err) : flagged ? EXIT_DIFF : EXIT_OK;
}

enum { F_SEEDS, F_FORMAT, F_PER_FLOOR, F_COMPARE, F_ALPHA, F_SHARD, F_GENERATOR,
       F_GENERATOR_SHELL, F_GENERATOR_TIMEOUT, F_COUNT };
static const cli_flag FLAGS[] = {
    { "seeds", 0, 1, NULL }, { "format", 0, 1, "table tsv json" }, { "per-floor", 0, 0, NULL },
    { "compare", 0, 0, NULL }, { "alpha", 0, 1, NULL }, { "shard", 0, 0, NULL },
    GENERATOR_FLAGS,
};
_Static_assert(sizeof FLAGS / sizeof FLAGS[0] == F_COUNT, "one row per flag");
const cli_spec cmd_stats_spec = { .cmd = "stats", .flags = FLAGS, .flag_count = F_COUNT,
                                  .max_pos = 2,
                                  .settings = OPTS_ALL & ~OPTS_BIT(OPTS_SEED) &
                                              ~OPTS_BIT(OPTS_FLOOR),
                                  .help = help };

/* Per family: the longest range of seeds one run takes. */
static const uint64_t MAX_SEEDS[FAMILY_COUNT] = {
    [FAMILY_ROOMS] = 1000000, [FAMILY_DOOMRL] = 100000000, [FAMILY_SHOALS] = SHOALS_STATS_MAX_SEEDS,
};

/* --generator 'CMD {seed}' --seeds A-B: another program's dungeons measured. */
static int stats_generator(const cli_args *c, int tsv)
{
    external_gen g;
    int rc = generator_read("stats", c->flag[F_GENERATOR], c->flag[F_GENERATOR_SHELL] != NULL,
                            c->flag[F_GENERATOR_TIMEOUT], c->o.floors, 0, &g);
    if (rc)
        return rc;
    if (c->given & ~OPTS_BIT(OPTS_FLOORS))
        return cli_usage_error("stats", "--generator makes the dungeons: of the generator "
                               "settings only --floors applies");
    if (c->flag[F_SHARD])
        return cli_usage_error("stats", "--shard: parts of a --generator run are not "
                               "joined yet; measure the whole range");
    if (!c->flag[F_SEEDS])
        return cli_usage_error("stats", "--seeds A-B is needed");
    stats_args a = { .o = c->o, .tsv = tsv, .gen = &g };
    if (!cli_seeds("stats", c->flag[F_SEEDS], STATS_GEN_MAX_SEEDS, &a.first, &a.last))
        return EXIT_USAGE;
    g.stop = folder_stop(); /* a stop kills the generator's process group */
    return gen_run(&a);
}

int cmd_stats(int argc, char **argv)
{
    return stats_main(argc, argv, NULL);
}

int stats_main(int argc, char **argv, const shard_sums *in)
{
    cli_args c;
    int rc = cli_parse(&cmd_stats_spec, argc, argv, &c);
    if (rc)
        return rc < 0 ? EXIT_OK : rc;
    if (c.flag[F_COMPARE]) { /* two catalogs, not generation */
        if (c.pos_count != 2 || c.given || c.flag[F_SEEDS] || c.flag[F_PER_FLOOR] ||
            c.flag[F_SHARD] || c.flag[F_GENERATOR])
            return cli_usage_error("stats", "--compare takes two catalogs, A.tsv B.tsv, and "
                                   "only --alpha and --format");
        return compare_run(c.pos[0], c.pos[1], c.flag[F_ALPHA], c.flag[F_FORMAT]);
    }
    if (c.pos_count || c.flag[F_ALPHA])
        return cli_usage_error("stats", "%s is for --compare", c.pos_count ? c.pos[0] : "--alpha");
    stats_args a = { .o = c.o };
    family_id fam = family_type_of(a.o.type)->family;
    const char *fmt = c.flag[F_FORMAT] ? c.flag[F_FORMAT] : "table";
    if (strcmp(fmt, "table") && strcmp(fmt, "tsv"))
        return cli_usage_error("stats", "--format: '%s' is not table or tsv", fmt);
    a.tsv = !strcmp(fmt, "tsv");
    if (!in && (c.flag[F_GENERATOR] || c.flag[F_GENERATOR_SHELL] || c.flag[F_GENERATOR_TIMEOUT]))
        return stats_generator(&c, a.tsv); /* --per-floor implied */
    int per_floor = c.flag[F_PER_FLOOR] || fam == FAMILY_DOOMRL;
    if (a.tsv && fam == FAMILY_SHOALS && !per_floor)
        return cli_usage_error("stats", "--format tsv: Shoals stats print a table only");
    if (c.flag[F_SHARD] && fam == FAMILY_SHOALS && !per_floor)
        return cli_usage_error("stats", "--shard: Shoals' percentiles need every value, no "
                               "part can be merged; --per-floor parts can");
    if (!c.flag[F_SEEDS])
        return cli_usage_error("stats", "--seeds A-B is needed");
    if (!cli_seeds("stats", c.flag[F_SEEDS], MAX_SEEDS[fam], &a.first, &a.last))
        return EXIT_USAGE;
    if ((c.given & OPTS_BIT(OPTS_FLOORS)) && fam != FAMILY_ROOMS)
        return cli_usage_error("stats", "--floors: %s stats measure floor 1 alone",
                               family_get(fam)->name);
    if (fam != FAMILY_ROOMS)
        a.o.floors = 1;  /* DoomRL and Shoals stats measure floor 1 alone */
    delve_err err = { "" };
    stored_rooms *stored = NULL;
    if (stored_attach(&a.o, &stored, &err))
        return cli_fail("stats", DELVE_EINPUT, &err);
    if (per_floor || fam == FAMILY_ROOMS)
        rc = stats_sums_run(&a, per_floor, c.flag[F_SHARD] != NULL, in, argc, argv);
    else
        rc = stats_shoals_run(&a.o, a.first, a.last, a.tsv);
    stored_free(stored);
    return rc;
}
