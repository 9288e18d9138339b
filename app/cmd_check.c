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
#include "gen/gen.h"

#define CHECK_SEEDS_SHOWN 10  /* seeds listed per kind in a bulk run */

#define CHECK_MAX_SEEDS 100000000ull  /* a longer --seeds range is refused */

static void help(void)
{
    printf("usage: delve check FILE.dun\n"
           "       delve check --seeds A-B [--floors K]\n\n"
           "Reads FILE.dun and runs the importer's checks: every error names the floor, the\n"
           "square and the reason (exit 1); warnings are printed (exit 0). A file that cannot\n"
           "be read is exit 2 with file:line:col. --seeds generates the dungeon of every seed\n"
           "from A to B (K floors, default 3), checks each and prints the counts of errors\n"
           "and warnings by kind, with the first seeds of each (progress on stderr).\n"
           "Kinds: ");
    for (int k = 0; k < CK_KIND_COUNT; k++)
        printf("%s%s", check_kind_name((check_kind)k), k + 1 < CK_KIND_COUNT ? ", " : "\n");
}

static void print_finding(const char *file, const check_finding *f)
{
    printf("%s: floor %d (%d,%d): %s %s: %s\n", file, f->floor + 1, f->x, f->y,
           f->severity == CHECK_ERROR ? "error" : "warning", check_kind_name(f->kind), f->reason);
}

static int check_file(const char *path)
{
    dungeon d;
    delve_err err = { "" };
    delve_status st = dun_load(path, &d, &err);
    if (st)
        return cli_fail("check", st, &err);
    check_list l = { 0 };
    st = check_dungeon(&d, &l, &err);
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
    printf("delve check: seeds %" PRIu64 "-%" PRIu64 ", %d floors: %" PRIu64 " dungeons, %ld "
           "errors, %ld warnings, %ld not generated (%.1f s)\n", a, b, floors, b - a + 1,
           t->errors, t->warnings, t->failed, secs);
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

static int check_seeds(uint64_t a, uint64_t b, int floors)
{
    tally *t = calloc(1, sizeof *t);
    if (!t)
        return cli_fail("check", DELVE_ENOMEM, NULL);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    int tty = isatty(2);
    for (uint64_t s = a;; s++) {
        gen_opts o = gen_defaults(s);
        o.floors = floors;
        dungeon d;
        delve_err err = { "" };
        check_list l = { 0 };
        delve_status st = gen_dungeon(&o, &d, &err);
        if (st == DELVE_EFAIL) {
            if (t->failed < CHECK_SEEDS_SHOWN)
                t->failed_seed[t->failed] = s;
            t->failed++;
        } else if (st || (st = check_dungeon(&d, &l, &err))) {
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

/* "A-B" with A <= B. */
int cmd_check(int argc, char **argv)
{
    const char *file = NULL, *seeds = NULL;
    int floors = 3;
    for (int i = 1; i < argc; i++) {
        const char *o = argv[i], *v;
        if (cli_is_help(o)) {
            help();
            return EXIT_OK;
        }
        if (o[0] != '-') {
            if (file)
                return cli_usage_error("check", "one file at a time ('%s' and '%s')", file, o);
            file = o;
            continue;
        }
        if (strcmp(o, "--seeds") && strcmp(o, "--floors"))
            return cli_usage_error("check", "unknown option '%s'", o);
        if (!(v = cli_value("check", argc, argv, &i)))
            return EXIT_USAGE;
        if (!strcmp(o, "--seeds"))
            seeds = v;
        else if (!cli_int("check", o, v, 1, DUNGEON_MAX_FLOORS, &floors))
            return EXIT_USAGE;
    }
    if (!file == !seeds)
        return cli_usage_error("check", "give a FILE.dun or --seeds A-B (one of them)");
    if (file)
        return check_file(file);
    uint64_t a, b;
    if (!cli_seeds("check", seeds, CHECK_MAX_SEEDS, &a, &b))
        return EXIT_USAGE;
    return check_seeds(a, b, floors);
}
