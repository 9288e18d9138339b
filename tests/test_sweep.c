/* sweep: parts of a seed range joined into one run's bytes (docs/merge-parts.md): the
 * tiling and end lines of parts; stats parts (shard) and check parts (tally) written,
 * read and joined to exact bytes; shot sets made on worker threads and merged into the
 * set one run makes. Parts cut short, overlapping, out of order or with a line twice
 * are refused with their exact message. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "base/fsio.h"
#include "base/outdir.h"
#include "base/textbuf.h"
#include "sweep/merge.h"
#include "sweep/parts.h"
#include "sweep/shard.h"
#include "sweep/shots.h"
#include "sweep/tally.h"

/* A fresh folder under TMPDIR (or /tmp) for one test; gone() removes it. */
static void fresh(char root[256])
{
    const char *tmp = getenv("TMPDIR");
    snprintf(root, 256, "%s/delve-sweep-XXXXXX", tmp && *tmp ? tmp : "/tmp");
    char *made = mkdtemp(root);
    assert_non_null(made);
    assert_int_equal(chdir(root), 0);
}

static void gone(const char *root)
{
    char cmd[300];
    assert_int_equal(chdir("/"), 0);
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
    assert_int_equal(system(cmd), 0);
}

static void put(const char *file, const char *text)
{
    delve_err err = { "" };
    assert_int_equal(fsio_write_atomic(file, text, strlen(text), &err), DELVE_OK);
}

static char *slurp(const char *file)
{
    char *text = NULL;
    size_t len = 0;
    delve_err err = { "" };
    assert_int_equal(fsio_read_all(file, 1u << 24, &text, &len, &err), DELVE_OK);
    return text;
}

/* --- parts ----------------------------------------------------------------------- */

static void tile_gap_and_overlap(void **state)
{
    delve_err err = { "" };
    assert_int_equal(parts_tile("a", 10, "b", 11, &err), DELVE_OK);
    assert_int_equal(parts_tile("a", 10, "b", 14, &err), DELVE_EINPUT);
    assert_string_equal(err.msg, "b starts at 14, a ended at 10: seeds 11-13 missing (not "
                        "parts of one range: they must cover it without a gap or an overlap)");
    assert_int_equal(parts_tile("a", 10, "b", 9, &err), DELVE_EINPUT);
    assert_string_equal(err.msg, "b starts at 9, a ended at 10: seeds 9-10 in both (not "
                        "parts of one range: they must cover it without a gap or an overlap)");
}

static void end_lines(void **state)
{
    delve_err err = { "" };
    int lines = -1;
    assert_int_equal(parts_end("p", "x\ny\n# end: 2 lines\n", "a part", &lines, &err),
                     DELVE_OK);
    assert_int_equal(lines, 2);
    assert_int_equal(parts_cut("x\n# end: 1 lines"), 1);
    assert_int_equal(parts_cut("x\n"), 0);
    assert_int_equal(parts_has_end("p", "x\n# end: 1 lines\n"), 1);
    assert_int_equal(parts_has_end("p", "x\ny\n"), 0);
    assert_int_equal(parts_end("p", "x\ny\n# end: 3 lines\n", "a part", &lines, &err),
                     DELVE_EINPUT);
    assert_string_equal(err.msg, "p:3:8: '# end: 3 lines', but 2 lines come before it: a "
                        "line was lost or added after the part was made");
    assert_int_equal(parts_end("p", "x\ny\n", "a part", &lines, &err), DELVE_EINPUT);
    assert_string_equal(err.msg, "p:2:1: truncated: a part of a part ends with its line "
                        "'# end: N lines' (N: the lines before it), and this one does not");
}

static void crlf_made_lf(void **state)
{
    char text[] = "a\r\nb\r\n\rc\n";
    assert_int_equal(parts_lf(text), 7);
    assert_string_equal(text, "a\nb\n\rc\n");
}

/* --- stats parts (shard) --------------------------------------------------------- */

static char *ROOMS_ARGV[] = { "stats", "--seeds", "1-2", "--floors", "2", "--shard", NULL };

/* A rooms part of seeds lo..hi with counts bends and tries into file. */
static void rooms_part(const char *file, uint64_t lo, uint64_t hi, int64_t bends, int64_t tries)
{
    shard_sums s = { .rooms = 1 };
    s.counts[RK_BENDS] = bends;
    s.counts[RK_TRIES] = tries;
    textbuf tb = { 0 };
    delve_err err = { "" };
    assert_int_equal(shard_text(&s, 6, ROOMS_ARGV, lo, hi, &tb, &err), DELVE_OK);
    textbuf_put(&tb, "", 1);
    put(file, tb.s);
    textbuf_free(&tb);
}

static void shard_text_bytes(void **state)
{
    char root[256];
    fresh(root);
    rooms_part("a", 1, 2, 5, 7);
    char *text = slurp("a");
    char want[512];
    snprintf(want, sizeof want,
             "# delve stats part: join the parts of a range with 'delve merge stats'\n"
             "# version: %s\n# seeds: 1-2\n# kind: rooms\n# arg: --floors\n# arg: 2\n"
             "count\t0\t5\ncount\t13\t7\n# end: 8 lines\n", DELVE_VERSION);
    assert_string_equal(text, want);
    free(text);
    gone(root);
}

static void shard_join_sums(void **state)
{
    char root[256];
    fresh(root);
    rooms_part("b", 3, 5, 1, 2);
    rooms_part("a", 1, 2, 5, 7);
    char *files[] = { "b", "a" }; /* in any order */
    shard_whole w;
    delve_err err = { "" };
    assert_int_equal(shard_join(2, files, &w, &err), DELVE_OK);
    assert_int_equal(w.s.rooms, 1);
    assert_int_equal(w.s.counts[RK_BENDS], 6);
    assert_int_equal(w.s.counts[RK_TRIES], 9);
    assert_int_equal(w.s.counts[RK_LIFTS], 0);
    assert_int_equal(w.argc, 5);
    const char *want[] = { "stats", "--floors", "2", "--seeds", "1-5" };
    for (int i = 0; i < 5; i++)
        assert_string_equal(w.argv[i], want[i]);
    assert_null(w.argv[5]);
    shard_whole_free(&w);
    gone(root);
}

/* shard_join of files[0..n) refused with message msg. */
static void shard_refused(int n, char **files, const char *msg)
{
    shard_whole w;
    delve_err err = { "" };
    assert_int_equal(shard_join(n, files, &w, &err), DELVE_EINPUT);
    assert_string_equal(err.msg, msg);
    shard_whole_free(&w);
}

static void shard_refusals(void **state)
{
    char root[256];
    fresh(root);
    rooms_part("a", 1, 2, 5, 7);
    rooms_part("b", 2, 5, 1, 2);
    char *over[] = { "a", "b" };
    shard_refused(2, over, "b starts at 2, a ended at 2: seeds 2-2 in both (not parts of one "
                  "range: they must cover it without a gap or an overlap)");
    char *text = slurp("a");
    *strstr(text, "count\t13") = '\0'; /* cut after its first count line */
    put("cut", text);
    char *cut[] = { "cut" };
    *strstr(text, "count\t0") = '\0';   /* the head alone: 6 lines */
    shard_refused(1, cut, "cut:7:1: truncated: a part of delve stats --shard ends with its "
                  "line '# end: N lines' (N: the lines before it), and this one does not");
    char swapped[512];
    snprintf(swapped, sizeof swapped, "%scount\t13\t7\ncount\t0\t5\n# end: 8 lines\n", text);
    put("swapped", swapped);
    char *order[] = { "swapped" };
    shard_refused(1, order, "swapped:8:1: a line out of order or written twice (delve stats "
                  "--shard writes each kind once, in order): the part was edited");
    char twice[512];
    snprintf(twice, sizeof twice, "%scount\t0\t5\ncount\t0\t5\n# end: 8 lines\n", text);
    put("twice", twice);
    char *dup[] = { "twice" };
    shard_refused(1, dup, "twice:8:1: a line out of order or written twice (delve stats "
                  "--shard writes each kind once, in order): the part was edited");
    free(text);
    gone(root);
}

/* --- check parts (tally) --------------------------------------------------------- */

static const char CHECK_A[] =
    "delve check: seeds 1-4, 2 floors: 4 dungeons, 2 errors, 0 warnings, 1 not generated "
    "(1.5 s)\n"
    "  error    way-no-partner              2  seeds 2 3\n"
    "  error    not-generated               1  seeds 4\n"
    "# settings: floors=2 type=rooms\n# end: 4 lines\n";
static const char CHECK_B[] =
    "delve check: seeds 5-6, 2 floors: 2 dungeons, 1 error, 0 warnings, 0 not generated "
    "(0.7 s)\n"
    "  error    way-no-partner              1  seeds 6\n"
    "# settings: floors=2 type=rooms\n# end: 3 lines\n";

static void tally_join_bytes(void **state)
{
    char root[256];
    fresh(root);
    put("b", CHECK_B);
    put("a", CHECK_A);
    char *files[] = { "b", "a" };
    tally_whole w;
    delve_err err = { "" };
    assert_int_equal(tally_merge(2, files, &w, &err), DELVE_OK);
    textbuf tb = { 0 };
    assert_int_equal(tally_report(&w.t, NULL, w.lo, w.hi, w.floors, (double)w.tenths / 10,
                                  &tb), 3);
    textbuf_put(&tb, "", 1);
    assert_string_equal(tb.s,
        "delve check: seeds 1-6, 2 floors: 6 dungeons, 3 errors, 0 warnings, 1 not generated "
        "(2.2 s)\n"
        "  error    way-no-partner              3  seeds 2 3 6\n"
        "  error    not-generated               1  seeds 4\n");
    textbuf_free(&tb);
    gone(root);
}

static void tally_refused(int n, char **files, const char *msg)
{
    tally_whole w;
    delve_err err = { "" };
    assert_int_equal(tally_merge(n, files, &w, &err), DELVE_EINPUT);
    assert_string_equal(err.msg, msg);
}

static void tally_refusals(void **state)
{
    char root[256];
    fresh(root);
    put("a", CHECK_A);
    put("a2", CHECK_A);
    char *over[] = { "a", "a2" };
    tally_refused(2, over, "a2 starts at 1, a ended at 4: seeds 1-4 in both (not parts of "
                  "one range: they must cover it without a gap or an overlap)");
    put("cut", "delve check: seeds 5-6, 2 floors: 2 dungeons, 1 error, 0 warnings, 0 not "
               "generated (0.7 s)\n  error    way-no-pa");
    char *cut[] = { "cut" };
    tally_refused(1, cut, "cut:2:1: truncated: a part of delve check --seeds --shard ends "
                  "with its line '# end: N lines' (N: the lines before it), and this one does not");
    put("twice", "delve check: seeds 5-6, 2 floors: 2 dungeons, 2 errors, 0 warnings, 0 not "
                 "generated (0.7 s)\n"
                 "  error    way-no-partner              1  seeds 6\n"
                 "  error    way-no-partner              1  seeds 5\n"
                 "# settings: floors=2 type=rooms\n# end: 4 lines\n");
    char *dup[] = { "twice" };
    tally_refused(1, dup, "twice:3:1: way-no-partner again: a report has one line a kind");
    put("order", "delve check: seeds 5-6, 2 floors: 2 dungeons, 2 errors, 0 warnings, 0 not "
                 "generated (0.7 s)\n"
                 "  error    way-no-partner              2  seeds 6 5\n"
                 "# settings: floors=2 type=rooms\n# end: 3 lines\n");
    char *order[] = { "order" };
    tally_refused(1, order, "order:2:51: seed 5 after 6: a report lists each seed once, in "
                  "order");
    gone(root);
}

/* --- shot sets (shots, merge) ---------------------------------------------------- */

/* The shot set of seeds lo..hi (one floor, 4 px a square) into folder dir. */
static void shoot(const char *dir, uint64_t lo, uint64_t hi, char *seeds)
{
    char *argv[] = { "shot", "--seeds", seeds, "--floors", "1", "--zoom", "4", "-o", "W" };
    shots_opts o = { .o = gen_defaults(lo), .seed_hi = hi, .jobs = 2, .zoom = 4, .argc = 9,
                     .argv = argv };
    delve_err err = { "" };
    o.o.floors = 1;
    int shots = 0;
    char marker[64];
    assert_int_equal(mkdir(dir, 0777), 0);
    snprintf(marker, sizeof marker, "%s/" OUTDIR_MARKER, dir);
    put(marker, "delve shot " DELVE_VERSION "\n");
    delve_status st = shots_run(&o, dir, NULL, &shots, &err);
    if (st)
        print_error("%s\n", err.msg);
    assert_int_equal(st, DELVE_OK);
    assert_int_equal(shots, (int)(hi - lo + 1));
}

static void shots_merged_bytes(void **state)
{
    char root[256];
    fresh(root);
    shoot("whole", 1, 4, "1-4");
    shoot("p1", 1, 2, "1-2");
    shoot("p2", 3, 4, "3-4");
    merge_shots *m = NULL;
    delve_err err = { "" };
    assert_int_equal(merge_shots_new(&m, &err), DELVE_OK);
    assert_int_equal(merge_shots_add(m, "p2", &err), DELVE_OK);
    assert_int_equal(merge_shots_add(m, "p1", &err), DELVE_OK);
    uint64_t lo = 0, hi = 0;
    assert_int_equal(merge_shots_join(m, &lo, &hi, &err), DELVE_OK);
    assert_int_equal(lo, 1);
    assert_int_equal(hi, 4);
    int shots = 0;
    assert_int_equal(mkdir("out", 0777), 0);
    assert_int_equal(merge_shots_write(m, "W", "out", NULL, &shots, &err), DELVE_OK);
    assert_int_equal(shots, 4);
    merge_shots_free(m);
    char *a = slurp("whole/catalog.tsv"), *b = slurp("out/catalog.tsv");
    assert_string_equal(a, b);
    assert_non_null(strstr(b, "\n# command: delve shot --seeds 1-4 --floors 1 --zoom 4 -o W\n"));
    free(a);
    free(b);
    assert_int_equal(system("cmp -s whole/seed-00000000000000000003-floor-01.png "
                            "out/seed-00000000000000000003-floor-01.png"), 0);
    gone(root);
}

static void shots_refusals(void **state)
{
    char root[256];
    fresh(root);
    shoot("p1", 1, 2, "1-2");
    shoot("p2", 2, 3, "2-3");
    merge_shots *m = NULL;
    delve_err err = { "" };
    uint64_t lo, hi;
    assert_int_equal(merge_shots_new(&m, &err), DELVE_OK);
    assert_int_equal(merge_shots_add(m, "p2", &err), DELVE_OK);
    assert_int_equal(merge_shots_add(m, "p1", &err), DELVE_OK);
    assert_int_equal(merge_shots_join(m, &lo, &hi, &err), DELVE_EINPUT);
    assert_string_equal(err.msg, "p2 starts at 2, p1 ended at 2: seeds 2-2 in both (not parts "
                        "of one range: they must cover it without a gap or an overlap)");
    merge_shots_free(m);
    /* the catalog cut after its first seed's line, that seed's PNG left */
    char *text = slurp("p1/catalog.tsv");
    *(strstr(text, "\n2\t1\t") + 1) = '\0';
    put("p1/catalog.tsv", text);
    free(text);
    assert_int_equal(merge_shots_new(&m, &err), DELVE_OK);
    assert_int_equal(merge_shots_add(m, "p1", &err), DELVE_EINPUT);
    assert_string_equal(err.msg, "p1/catalog.tsv: no line for seed 2 floor 1 (seeds 1-2, "
                        "each with the floors of the first): the part is cut short");
    merge_shots_free(m);
    gone(root);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(tile_gap_and_overlap), cmocka_unit_test(end_lines),
        cmocka_unit_test(crlf_made_lf),         cmocka_unit_test(shard_text_bytes),
        cmocka_unit_test(shard_join_sums),      cmocka_unit_test(shard_refusals),
        cmocka_unit_test(tally_join_bytes),     cmocka_unit_test(tally_refusals),
        cmocka_unit_test(shots_merged_bytes),   cmocka_unit_test(shots_refusals),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
