/* delve check: the importer's checks (gen/check.h) on a .dun file, or on every dungeon
 * of a range of seeds with counts by kind (sweep/tally.h). Exit 1 when any error is
 * found. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "app/cli.h"
#include "app/folder.h"
#include "app/generator.h"
#include "base/textbuf.h"
#include "engine/dun.h"
#include "gen/check.h"
#include "gen/family.h"
#include "gen/gen.h"
#include "gen/opts.h"
#include "gen/stored.h"
#include "sweep/tally.h"

#define CHECK_MAX_SEEDS 100000000ull  /* a longer --seeds range is refused */

static void help(void)
{
    printf("usage: delve check FILE.dun\n"
           "       delve check --seeds A-B [SETTINGS] [--shard]\n"
           "       delve check --generator 'CMD {seed}' [--generator-shell]\n"
           "                   [--generator-timeout S] [--floors F] [--jobs N] --seeds A-B\n\n"
           "Reads FILE.dun and runs the importer's checks, then each floor's family's own\n"
           "rules (DoomRL's validator, Shoals' high tide): every error names the floor, the\n"
           "square and the reason (exit 1); warnings are printed (exit 0). A file that cannot\n"
           "be read is exit 2 with file:line:col. --seeds generates the dungeon of every seed\n"
           "from A to B with the settings (as for delve gen), checks each and prints the\n"
           "counts of errors and warnings by kind, with the first seeds of each (progress\n"
           "on stderr). --shard ends that report with its line '# end: N lines': a part\n"
           "of a range for 'delve merge check', which refuses a part cut short.\n"
           "--generator checks another program's dungeons instead: CMD is run for each\n"
           "seed without a shell ({seed}, {floors}, {floor}, {out} filled; quoting as a\n"
           "shell's; --generator-shell runs it through sh) and prints a .dun on stdout or\n"
           "writes it to {out}; a seed whose run fails (exit code, nothing printed, a bad\n"
           ".dun, past --generator-timeout S, default %d) is said on stderr with why and\n"
           "counted not generated (exit 1), and the other seeds go on; --jobs N runs N\n"
           "seeds at once (default one per core; the report is the same for any N)\n"
           "(docs/generators.md).\n"
           "Kinds: ", EXTERNAL_TIMEOUT_S);
    for (int k = 0; k < CK_KIND_COUNT; k++)
        printf("%s%s", check_kind_name((check_kind)k), k + 1 < CK_KIND_COUNT ? ", " : "\n");
}

/* What a run over seeds tells on stderr. */
typedef struct check_told {
    int tty;                   /* stderr is a terminal: progress on one line */
    generator_warnings warned; /* --generator: seeds that wrote to stderr */
} check_told;

/* A seed whose external generator failed: said on stderr, each one. */
static void seed_failed(void *ctx, uint64_t seed, const char *why)
{
    check_told *t = ctx;
    (void)seed;
    fprintf(stderr, "%sdelve check: not generated: %s\n", t->tty ? "\n" : "", why);
}

/* A seed whose external generator wrote to stderr and succeeded. */
static void seed_warn(void *ctx, uint64_t seed, const char *msg)
{
    check_told *t = ctx;
    if (t->tty)
        fputc('\n', stderr);
    generator_warn(&t->warned, seed, msg);
}

static void print_finding(const char *file, const check_finding *f)
{
    char line[CHECK_TEXT_MAX];
    check_finding_text(f, line, sizeof line);
    printf("%s: %s\n", file, line);
}

static int check_file(const char *path)
{
    dungeon d;
    delve_err err = { "" };
    delve_status st = dun_load(path, &d, &err);
    if (st)
        return cli_fail("check", st, &err);
    check_list l = { 0 };
    st = family_check_dungeon(&d, &l, &err);
    dungeon_free(&d);
    if (st)
        return cli_fail("check", st, &err);
    for (int i = 0; i < l.count; i++)
        print_finding(path, &l.items[i]);
    printf("%s: %d error%s, %d warning%s\n", path, l.errors, l.errors == 1 ? "" : "s",
           l.warnings, l.warnings == 1 ? "" : "s");
    int rc = l.errors ? EXIT_DIFF : EXIT_OK;
    check_list_free(&l);
    return rc;
}

/* Progress on stderr: on a terminal a line kept up to date, else at most 20 lines
 * (every 5 %). */
static void progress(void *ctx, uint64_t done, uint64_t total)
{
    int tty = ((const check_told *)ctx)->tty;
    uint64_t every = tty ? 500 : (total - 1) / 20 + 1;
    if ((done - 1) % every == every - 1 || done == total)
        fprintf(stderr, tty ? "\rdelve check: %" PRIu64 " of %" PRIu64 " seeds" :
                "delve check: %" PRIu64 " of %" PRIu64 " seeds\n", done, total);
}

/* Prints tb's report (or out of memory) and returns rc. */
static int print_report(textbuf *tb, const char *cmd, int rc)
{
    if (tb->oom)
        rc = cli_fail(cmd, DELVE_ENOMEM, NULL);
    else
        fwrite(tb->s, 1, tb->len, stdout);
    textbuf_free(tb);
    return rc;
}

/* shard: end the report with its settings line and its end line (PARTS_END), a part
 * for delve merge check; g: another program's dungeons on jobs threads, or NULL */
static int check_seeds(const gen_opts *go, const external_gen *g, int jobs, uint64_t a,
                       uint64_t b, int shard)
{
    tally *t = calloc(1, sizeof *t);
    if (!t)
        return cli_fail("check", DELVE_ENOMEM, NULL);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    check_told told = { .tty = isatty(2), .warned = { .cmd = "check" } };
    int tty = told.tty;
    folder_catch_signals(); /* Ctrl-C: said, and no half report printed */
    tally_watch w = { .progress = progress, .failed = seed_failed, .warn = seed_warn,
                      .ctx = &told, .stop = folder_stop() };
    uint64_t done = 0;
    delve_err err = { "" };
    external_gen ext = g ? *g : (external_gen){ 0 };
    ext.stop = folder_stop(); /* a stop kills the generator's process group */
    delve_status st = g ? tally_external(&ext, a, b, jobs, t, &w, &done, &err)
                        : tally_seeds(go, a, b, t, &w, &done, &err);
    generator_warnings_end(&told.warned);
    if (st == DELVE_ESTOP) {
        fprintf(stderr, "%sdelve check: %s after %" PRIu64 " of %" PRIu64 " seeds; no "
                "report printed\n", tty ? "\n" : "", folder_stop_word(), done, b - a + 1);
        free(t);
        return 128 + *folder_stop();
    }
    if (st) {
        free(t);
        return cli_fail("check", st, &err);
    }
    if (tty)
        fprintf(stderr, "\n");
    clock_gettime(CLOCK_MONOTONIC, &t1);
    textbuf tb = { 0 };
    tally_report(t, shard ? go : NULL, a, b, g ? 0 : go->floors,
                 (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9, &tb);
    int rc = t->errors || t->failed ? EXIT_DIFF : EXIT_OK;
    free(t);
    return print_report(&tb, "check", rc);
}

enum { F_SEEDS, F_SHARD, F_GENERATOR, F_GENERATOR_SHELL, F_GENERATOR_TIMEOUT, F_JOBS, F_COUNT };
static const cli_flag FLAGS[] = { { "seeds", 0, 1, NULL }, { "shard", 0, 0, NULL },
                                  GENERATOR_FLAGS, { "jobs", 0, 1, NULL } };
_Static_assert(sizeof FLAGS / sizeof FLAGS[0] == F_COUNT, "one row per flag");
/* every setting but the one seed and the one floor: a bulk check makes whole dungeons */
const cli_spec cmd_check_spec = { .cmd = "check", .flags = FLAGS, .flag_count = F_COUNT,
                                  .settings = OPTS_ALL & ~OPTS_BIT(OPTS_SEED) &
                                              ~OPTS_BIT(OPTS_FLOOR),
                                  .max_pos = 2, .help = help, .words = "*.dun" };

/* --generator 'CMD {seed}' --seeds A-B: another program's dungeons checked. */
static int check_generator(const cli_args *c, uint64_t a, uint64_t b)
{
    external_gen g;
    int rc = generator_read("check", c->flag[F_GENERATOR], c->flag[F_GENERATOR_SHELL] != NULL,
                            c->flag[F_GENERATOR_TIMEOUT], c->o.floors, 0, &g);
    if (rc)
        return rc;
    if (c->given & ~OPTS_BIT(OPTS_FLOORS))
        return cli_usage_error("check", "--generator makes the dungeons: of the generator "
                               "settings only --floors applies");
    if (c->flag[F_SHARD])
        return cli_usage_error("check", "--shard: parts of a --generator run are not "
                               "joined yet; check the whole range");
    long jobs = sysconf(_SC_NPROCESSORS_ONLN);
    int n = jobs < 1 ? 1 : jobs > TALLY_MAX_JOBS ? TALLY_MAX_JOBS : (int)jobs;
    if (c->flag[F_JOBS] && !cli_int("check", "--jobs", c->flag[F_JOBS], 1, TALLY_MAX_JOBS, &n))
        return EXIT_USAGE;
    return check_seeds(&c->o, &g, n, a, b, 0);
}

int cmd_check(int argc, char **argv)
{
    cli_args c;
    int rc = cli_parse(&cmd_check_spec, argc, argv, &c);
    if (rc)
        return rc < 0 ? EXIT_OK : rc;
    if (c.pos_count > 1)
        return cli_usage_error("check", "one file at a time ('%s' and '%s')", c.pos[0],
                               c.pos[1]);
    const char *file = c.pos[0], *seeds = c.flag[F_SEEDS];
    if (!file == !seeds)
        return cli_usage_error("check", "give a FILE.dun or --seeds A-B (one of them)");
    if (file && c.given)
        return cli_usage_error("check", "a .dun file holds its own dungeon: no generator "
                               "settings with FILE.dun");
    if (file && c.flag[F_SHARD])
        return cli_usage_error("check", "--shard is a part of --seeds A-B, not of a file");
    if (c.flag[F_JOBS] && !c.flag[F_GENERATOR])
        return cli_usage_error("check", "--jobs runs --generator's seeds at once; delve's own "
                               "are checked one after another");
    if (file)
        return check_file(file);
    uint64_t a, b;
    if (!cli_seeds("check", seeds, CHECK_MAX_SEEDS, &a, &b))
        return EXIT_USAGE;
    if (c.flag[F_GENERATOR] || c.flag[F_GENERATOR_SHELL] || c.flag[F_GENERATOR_TIMEOUT])
        return check_generator(&c, a, b);

    delve_err err = { "" };
    stored_rooms *stored = NULL;
    if (stored_attach(&c.o, &stored, &err))
        return cli_fail("check", DELVE_EINPUT, &err);
    rc = check_seeds(&c.o, NULL, 1, a, b, c.flag[F_SHARD] != NULL);
    stored_free(stored);
    return rc;
}
