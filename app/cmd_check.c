/* delve check: the importer's checks (gen/check.h) on a .dun file, or on every dungeon
 * of a range of seeds with counts by kind. Exit 1 when any error is found. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "app/cli.h"
#include "engine/dun.h"
#include "gen/check.h"
#include "gen/family.h"
#include "gen/gen.h"
#include "gen/opts.h"
#include "gen/stored.h"

#define CHECK_SEEDS_SHOWN 10  /* seeds listed per kind in a bulk run */

#define CHECK_MAX_SEEDS 100000000ull  /* a longer --seeds range is refused */

static void help(void)
{
    printf("usage: delve check FILE.dun\n"
           "       delve check --seeds A-B [SETTINGS]\n\n"
           "Reads FILE.dun and runs the importer's checks, then each floor's family's own\n"
           "rules (DoomRL's validator, Shoals' high tide): every error names the floor, the\n"
           "square and the reason (exit 1); warnings are printed (exit 0). A file that cannot\n"
           "be read is exit 2 with file:line:col. --seeds generates the dungeon of every seed\n"
           "from A to B with the settings (as for delve gen), checks each and prints the\n"
           "counts of errors and warnings by kind, with the first seeds of each (progress\n"
           "on stderr).\n"
           "Kinds: ");
    for (int k = 0; k < CK_KIND_COUNT; k++)
        printf("%s%s", check_kind_name((check_kind)k), k + 1 < CK_KIND_COUNT ? ", " : "\n");
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

typedef struct tally {
    long count[CK_KIND_COUNT];
    uint64_t seeds[CK_KIND_COUNT][CHECK_SEEDS_SHOWN];
    int shown[CK_KIND_COUNT];
    long errors, warnings, failed;
    uint64_t failed_seed[CHECK_SEEDS_SHOWN];
} tally;

static void tally_add(tally *t, uint64_t seed, const check_list *l)
{
    for (int i = 0; i < l->count; i++) {
        check_kind k = l->items[i].kind;
        t->count[k]++;
        int n = t->shown[k];
        if (n < CHECK_SEEDS_SHOWN && (n == 0 || t->seeds[k][n - 1] != seed))
            t->seeds[k][t->shown[k]++] = seed;
    }
    t->errors += l->errors;
    t->warnings += l->warnings;
}

static void tally_print(const tally *t, uint64_t a, uint64_t b, int floors, double secs)
{
    uint64_t n = b - a + 1;
    printf("delve check: seeds %" PRIu64 "-%" PRIu64 ", %d floor%s: %" PRIu64 " dungeon%s, %ld "
           "error%s, %ld warning%s, %ld not generated (%.1f s)\n", a, b, floors,
           floors == 1 ? "" : "s", n, n == 1 ? "" : "s", t->errors, t->errors == 1 ? "" : "s",
           t->warnings, t->warnings == 1 ? "" : "s", t->failed, secs);
    for (int k = 0; k < CK_KIND_COUNT; k++) {
        if (!t->count[k])
            continue;
        printf("  %-8s %-22s %6ld  seeds", check_kind_severity((check_kind)k) == CHECK_ERROR
                                                ? "error" : "warning",
               check_kind_name((check_kind)k), t->count[k]);
        for (int i = 0; i < t->shown[k]; i++)
            printf(" %" PRIu64, t->seeds[k][i]);
        printf("%s\n", t->count[k] > t->shown[k] ? " ..." : "");
    }
    if (t->failed) {
        printf("  %-8s %-22s %6ld  seeds", "error", "not-generated", t->failed);
        for (int i = 0; i < t->failed && i < CHECK_SEEDS_SHOWN; i++)
            printf(" %" PRIu64, t->failed_seed[i]);
        printf("\n");
    }
}

static int check_seeds(const gen_opts *go, uint64_t a, uint64_t b)
{
    int floors = go->floors;
    tally *t = calloc(1, sizeof *t);
    if (!t)
        return cli_fail("check", DELVE_ENOMEM, NULL);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    int tty = isatty(2);
    for (uint64_t s = a;; s++) {
        gen_opts o = *go;
        o.seed = s;
        dungeon d;
        delve_err err = { "" };
        check_list l = { 0 };
        delve_status st = gen_dungeon(&o, &d, &err);
        if (st == DELVE_EFAIL) {
            if (t->failed < CHECK_SEEDS_SHOWN)
                t->failed_seed[t->failed] = s;
            t->failed++;
        } else if (st || (st = family_check_dungeon(&d, &l, &err))) {
            dungeon_free(&d);
            free(t);
            return cli_fail("check", st, &err);
        } else {
            tally_add(t, s, &l);
        }
        check_list_free(&l);
        dungeon_free(&d);
        if ((s - a) % 500 == 499 || s == b)
            fprintf(stderr, tty ? "\rdelve check: %" PRIu64 " of %" PRIu64 " seeds" :
                    "delve check: %" PRIu64 " of %" PRIu64 " seeds\n", s - a + 1, b - a + 1);
        if (s == b)
            break;
    }
    if (tty)
        fprintf(stderr, "\n");
    clock_gettime(CLOCK_MONOTONIC, &t1);
    tally_print(t, a, b, floors, (double)(t1.tv_sec - t0.tv_sec) +
                                     (double)(t1.tv_nsec - t0.tv_nsec) / 1e9);
    int rc = t->errors || t->failed ? EXIT_DIFF : EXIT_OK;
    free(t);
    return rc;
}

enum { F_SEEDS };
static const cli_flag FLAGS[] = { { "seeds", 0, 1 } };
/* every setting but the one seed and the one floor: a bulk check makes whole dungeons */
static const cli_spec SPEC = { .cmd = "check", .flags = FLAGS, .flag_count = 1,
                               .settings = OPTS_ALL & ~OPTS_BIT(OPTS_SEED) &
                                           ~OPTS_BIT(OPTS_FLOOR),
                               .max_pos = 2, .help = help };

int cmd_check(int argc, char **argv)
{
    cli_args c;
    int rc = cli_parse(&SPEC, argc, argv, &c);
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
    if (file)
        return check_file(file);
    uint64_t a, b;
    if (!cli_seeds("check", seeds, CHECK_MAX_SEEDS, &a, &b))
        return EXIT_USAGE;
    delve_err err = { "" };
    stored_rooms *stored = NULL;
    if (stored_attach(&c.o, &stored, &err))
        return cli_fail("check", DELVE_EINPUT, &err);
    rc = check_seeds(&c.o, a, b);
    stored_free(stored);
    return rc;
}
