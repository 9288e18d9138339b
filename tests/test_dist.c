/* dist, dist_text and dist_review (review/dist.h, dist_text.h, dist_review.h): small
 * catalogs made here, compared paired by (seed, floor) and as two samples; a column that
 * moved is flagged, one that did not is not; Holm's correction keeps a raw p under alpha
 * from being flagged; statistics worked by hand (spec/review-stats.md) and printed to
 * their digits; the table, TSV and JSON byte for byte on a small case; bad catalogs
 * refused at file:line:col; the files and folders of stats --compare and review. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <cmocka.h>

#include "base/fsio.h"
#include "base/textbuf.h"
#include "review/dist.h"
#include "review/dist_review.h"
#include "review/dist_text.h"

#define HEAD "# revision: r1\n# settings: x=1\n# seed\tfloor\tways\trooms\ttype\n"

/* x within a millionth of want (relative past 1) */
static void near(double x, double want)
{
    double scale = fabs(want) > 1 ? fabs(want) : 1;
    if (!(fabs(x - want) < 1e-6 * scale))
        fail_msg("%.12g is not %.12g", x, want);
}
#define NEAR(x, want) near((double)(x), (double)(want))

/* P(Z > |z|) * 2 and P(X > x) for one degree of freedom, from erfc */
static double two_sided(double z)
{
    return erfc(fabs(z) / sqrt(2.0));
}

/* A catalog of n floors, seeds first.. first+n-1 on floor 1: ways = i % 3 + up, rooms =
 * 5 + i % 2, type "caves" for the first caves floors, else "rooms". Malloc'ed. */
static char *catalog(int first, int n, int up, int caves)
{
    textbuf b = { 0 };
    textbuf_printf(&b, HEAD);
    for (int i = 0; i < n; i++)
        textbuf_printf(&b, "%d\t1\t%d\t%d\t%s\n", first + i, i % 3 + up, 5 + i % 2,
                       i < caves ? "caves" : "rooms");
    assert_false(b.oom);
    return b.s;
}

static const dist_col *col(const dist_result *r, const char *name)
{
    for (int i = 0; i < r->col_count; i++)
        if (!strcmp(r->cols[i].name, name))
            return &r->cols[i];
    fail_msg("no column %s", name);
    return NULL;
}

/* Catalogs a and b compared at DIST_ALPHA into *r; fails the test on an error. */
static void compare(const char *a, const char *b, dist_result *r)
{
    delve_err err = { "" };
    delve_status st = dist_texts("a.tsv", a, "b.tsv", b, DIST_ALPHA, r, &err);
    if (st)
        fail_msg("%s", err.msg);
}

/* Seeds 1-30 on both sides: paired. ways up by 1 on every floor: signed-rank with 30
 * differences all tied at rank 15.5, W+ = 465, mean 232.5, var 30*31*61/24 -
 * (27000 - 30)/48 = 1801.875, z = 232 / sqrt(1801.875). rooms the same on every floor:
 * tested, p = 1. type: 12 floors rooms -> caves, Bowker B = 12^2/12 = 12, df 1,
 * p = erfc(sqrt 6) = 0.000532, under alpha 0.001; Holm over 3 columns: ways 3p, type
 * max(3 p_ways, 2 p_type) = 0.00106, over alpha: not flagged; rooms 1. */
static void test_paired(void **state)
{
    (void)state;
    char *a = catalog(1, 30, 0, 0), *b = catalog(1, 30, 1, 12);
    dist_result r;
    compare(a, b, &r);
    assert_int_equal(r.paired, 1);
    assert_int_equal(r.col_count, 3);
    assert_int_equal(r.tested, 3);
    assert_int_equal(r.flagged, 1);
    const dist_col *w = col(&r, "ways"), *ro = col(&r, "rooms"), *t = col(&r, "type");
    assert_int_equal(w->kind, DIST_NUMERIC);
    assert_string_equal(w->test, "signed-rank");
    assert_int_equal(w->up, 30);
    assert_int_equal(w->down + w->same, 0);
    NEAR(w->mean_a, 1);  /* 10 zeros, 10 ones, 10 twos */
    NEAR(w->mean_b, 2);
    NEAR(w->sd_a, sqrt(20.0 / 29));  /* squares from the mean 1: 20, over n - 1 */
    NEAR(w->t.stat, 465);
    assert_int_equal(w->t.n, 30);
    NEAR(w->t.z, 232 / sqrt(1801.875));
    NEAR(w->t.p, two_sided(232 / sqrt(1801.875)));
    NEAR(w->t.effect, 1);
    NEAR(w->p_holm, 3 * w->t.p);
    assert_int_equal(w->flagged, 1);
    assert_int_equal(ro->tested, 1);
    assert_int_equal(ro->same, 30);
    NEAR(ro->t.p, 1);
    NEAR(ro->p_holm, 1);
    assert_int_equal(ro->flagged, 0);
    assert_int_equal(t->kind, DIST_CATEGORY);
    assert_string_equal(t->test, "bowker");
    assert_int_equal(t->changed, 12);
    NEAR(t->t.stat, 12);
    assert_int_equal(t->t.df, 1);
    NEAR(t->t.p, erfc(sqrt(6.0)));
    assert_true(t->t.p < DIST_ALPHA);
    NEAR(t->p_holm, 2 * erfc(sqrt(6.0)));
    assert_int_equal(t->flagged, 0);
    dist_free(&r);
    free(a);
    free(b);
}

/* Seeds 1-20 against 101-120: two samples. ways 0 1 2 repeated (7, 7, 6 floors) against
 * 1 2 3 (7, 7, 6): average ranks 4, 14.5, 28, 37.5; R_a = 297.5, U = 87.5, mean 200;
 * ties 336 + 2730 + 2184 + 210 = 5460, var 400/12 (41 - 5460/1560) = 1250; z = -112 /
 * sqrt(1250); effect 1 - 175/400. type: 0 of 20 caves against 10 of 20: expected 5 and 15
 * a side, X^2 = 2 (25/15) + 2 (25/5) = 40/3, df 1, V = sqrt(1/3). Holm: type 3p =
 * 0.00076 flagged; ways 2p = 0.0031 not; rooms (the same spread both sides) p = 1. */
static void test_two_samples(void **state)
{
    (void)state;
    char *a = catalog(1, 20, 0, 0), *b = catalog(101, 20, 1, 10);
    dist_result r;
    compare(a, b, &r);
    assert_int_equal(r.paired, 0);
    assert_int_equal(r.tested, 3);
    assert_int_equal(r.flagged, 1);
    const dist_col *w = col(&r, "ways"), *ro = col(&r, "rooms"), *t = col(&r, "type");
    assert_string_equal(w->test, "rank-sum");
    NEAR(w->t.stat, 87.5);
    assert_int_equal(w->t.n, 40);
    NEAR(w->t.z, -112 / sqrt(1250.0));
    NEAR(w->t.p, two_sided(112 / sqrt(1250.0)));
    NEAR(w->t.effect, 0.5625);
    NEAR(w->p_holm, 2 * w->t.p);
    assert_int_equal(w->flagged, 0);
    NEAR(ro->t.z, 0);
    NEAR(ro->p_holm, 1);
    assert_int_equal(ro->flagged, 0);
    assert_string_equal(t->test, "chi-square");
    NEAR(t->t.stat, 40.0 / 3);
    NEAR(t->t.p, erfc(sqrt(20.0 / 3)));
    NEAR(t->t.effect, sqrt(1.0 / 3));
    NEAR(t->p_holm, 3 * t->t.p);
    assert_int_equal(t->flagged, 1);
    assert_int_equal(t->cat_count, 2);
    assert_string_equal(t->cats[0].name, "rooms");
    assert_int_equal(t->cats[0].a, 20);
    assert_int_equal(t->cats[0].b, 10);
    dist_free(&r);
    free(a);
    free(b);
}

/* The paired case's TSV lines: every figure to the digits printed, from the hand-worked
 * values above (z 5.46545, p 4.61743e-08, Holm 3p; Bowker p erfc(sqrt 6), Holm 2p). */
static void test_printed_digits(void **state)
{
    (void)state;
    char *a = catalog(1, 30, 0, 0), *b = catalog(1, 30, 1, 12);
    dist_result r;
    textbuf out = { 0 };
    delve_err err = { "" };
    compare(a, b, &r);
    assert_int_equal(dist_text_write(&r, DIST_TEXT_TSV, &out, &err), DELVE_OK);
    assert_non_null(strstr(out.s, "\nways\tnumeric\t30\t30\t1\t0.830455\t2\t0.830455\t1\t100\t30\t0"
                                  "\t0\t0\tsigned-rank\t465\t5.46545\t1\t0\t4.61743e-08"
                                  "\t1.38523e-07\t1\t\t\t2\t2\t0\n"));
    assert_non_null(strstr(out.s, "\ntype\tcategorical\t30\t30\t\t\t\t\t\t\t0\t0\t0\t12\tbowker"
                                  "\t12\t0\t0\t1\t0.000532006\t0.00106401\t0"
                                  "\trooms:1.0000>0.6000,caves:0.0000>0.4000\t\t\t\t\n"));
    textbuf_free(&out);
    assert_int_equal(dist_text_write(&r, DIST_TEXT_TABLE, &out, &err), DELVE_OK);
    assert_non_null(strstr(out.s, "Holm over 3 tested columns (0 constant, not tested), alpha "
                                  "0.001: 1 flagged\n\nflagged (1):\n  ways per floor 1 -> 2 "
                                  "(+100 %), 0 floors down, 30 up, p < 1e-6 (signed-rank, "
                                  "Holm)\n    no level type has 20 floors"));
    assert_non_null(strstr(out.s, "\n  type              30    30 rooms 100% -> 60%, caves 0% "
                                  "-> 40%         12 changed    0.0011\n"));
    textbuf_free(&out);
    dist_free(&r);
    free(a);
    free(b);
    /* two samples: type flagged in words and listed first; ways' Holm p 2 x 0.00153577 */
    a = catalog(1, 20, 0, 0), b = catalog(101, 20, 1, 10);
    compare(a, b, &r);
    assert_int_equal(dist_text_write(&r, DIST_TEXT_TABLE, &out, &err), DELVE_OK);
    assert_non_null(strstr(out.s, "flagged (1):\n  type: rooms 100.0 % -> 50.0 %, caves 0.0 % "
                                  "-> 50.0 %, p = 0.00078 (chi-square, Holm)\n"));
    assert_non_null(strstr(out.s, " p Holm\n  type "));
    assert_non_null(strstr(out.s, "\n  ways              20    20    0.950   0.826    1.950   "
                                  "0.826  +105.3                0.0031\n"));
    textbuf_free(&out);
    assert_int_equal(dist_text_write(&r, DIST_TEXT_TSV, &out, &err), DELVE_OK);
    assert_non_null(strstr(out.s, "\trank-sum\t87.5\t-3.16784\t0.5625\t0\t0.00153577\t0.00307154"
                                  "\t0\t\t\t\t\t\n"));
    assert_non_null(strstr(out.s, "\tchi-square\t13.3333\t0\t0.57735\t1\t0.00026073"
                                  "\t0.000782189\t1\t"));
    textbuf_free(&out);
    dist_free(&r);
    free(a);
    free(b);
}

/* Two floors a side, paired: ways has a value on one floor of B only (the pair with "-"
 * left out), type changed on one floor, gone only in A, new only in B (one "-"). */
#define SMALL_A "# revision: r1\n# settings: x=1\n# seed\tfloor\tways\ttype\tgone\n" \
                "1\t1\t2\trooms\t0\n2\t1\t4\tcaves\t1\n"
#define SMALL_B "# seed\tfloor\tways\ttype\tnew\n1\t1\t3\trooms\t5\n2\t1\t-\trooms\t-\n"

static const char SMALL_TABLE[] =
    "delve stats --compare\n"
    "  A: a.tsv  2 floors  revision r1\n"
    "     x=1\n"
    "  B: b.tsv  2 floors  (no provenance lines)\n"
    "  paired by seed and floor (signed-rank, McNemar-Bowker);\n"
    "  Holm over 0 tested columns (0 constant, not tested), alpha 0.001: 0 flagged\n"
    "\n"
    "flagged (0):\n"
    "\n"
    "  column             A     B   mean A    sd A   mean B    sd B delta %  up/down/same"
    "  p Holm\n"
    "  ways               1     1    2.000   0.000    3.000   0.000   +50.0  too few floo"
    "rs to test\n"
    "  type               2     2 rooms 50% -> 100%, caves 50% -> 0%         too few floo"
    "rs to test\n"
    "  gone               2     0 removed                                    only in A: n"
    "ot tested\n"
    "  new                0     1 added                                      only in B: n"
    "ot tested\n";

static const char SMALL_TSV[] =
    "column\tkind\tfloors_a\tfloors_b\tmean_a\tsd_a\tmean_b\tsd_b\tdelta\tdelta_pct\tup\t"
    "down\tsame\tchanged\ttest\tstat\tz\teffect\tdf\tp\tp_holm\tflagged\tnote\tstratum"
    "\tmix_way\tmix_std\tmix_explained\n"
    "ways\tnumeric\t1\t1\t2\t0\t3\t0\t1\t50\t1\t0\t0\t0\t-\t\t\t\t\t\t\t0\ttoo few floors"
    " to test\t\t\t\t\n"
    "type\tcategorical\t2\t2\t\t\t\t\t\t\t0\t0\t0\t1\t-\t\t\t\t\t\t\t0\trooms:0.5000>1.00"
    "00,caves:0.5000>0.0000; too few floors to test\t\t\t\t\n"
    "gone\tremoved\t2\t0\t\t\t\t\t\t\t0\t0\t0\t0\t-\t\t\t\t\t\t\t0\tonly in A: not tested"
    "\t\t\t\t\n"
    "new\tadded\t0\t1\t\t\t\t\t\t\t0\t0\t0\t0\t-\t\t\t\t\t\t\t0\tonly in B: not tested\t"
    "\t\t\t\n";

static const char SMALL_JSON[] =
    "{\n"
    "\t\"a\":\t{\n"
    "\t\t\"provenance\":\t{\n"
    "\t\t\t\"revision\":\t\"r1\",\n"
    "\t\t\t\"settings\":\t\"x=1\"\n"
    "\t\t},\n"
    "\t\t\"file\":\t\"a.tsv\",\n"
    "\t\t\"floors\":\t2\n"
    "\t},\n"
    "\t\"b\":\t{\n"
    "\t\t\"provenance\":\t{\n"
    "\t\t},\n"
    "\t\t\"file\":\t\"b.tsv\",\n"
    "\t\t\"floors\":\t2\n"
    "\t},\n"
    "\t\"paired\":\ttrue,\n"
    "\t\"alpha\":\t0.001,\n"
    "\t\"tested\":\t0,\n"
    "\t\"flagged\":\t0,\n"
    "\t\"columns\":\t[{\n"
    "\t\t\t\"column\":\t\"ways\",\n"
    "\t\t\t\"kind\":\t\"numeric\",\n"
    "\t\t\t\"floors_a\":\t1,\n"
    "\t\t\t\"floors_b\":\t1,\n"
    "\t\t\t\"mean_a\":\t2,\n"
    "\t\t\t\"sd_a\":\t0,\n"
    "\t\t\t\"mean_b\":\t3,\n"
    "\t\t\t\"sd_b\":\t0,\n"
    "\t\t\t\"delta\":\t1,\n"
    "\t\t\t\"delta_pct\":\t50,\n"
    "\t\t\t\"up\":\t1,\n"
    "\t\t\t\"down\":\t0,\n"
    "\t\t\t\"same\":\t0,\n"
    "\t\t\t\"tested\":\tfalse,\n"
    "\t\t\t\"why\":\t\"too few floors to test\",\n"
    "\t\t\t\"flagged\":\tfalse,\n"
    "\t\t\t\"constant\":\tfalse\n"
    "\t\t}, {\n"
    "\t\t\t\"column\":\t\"type\",\n"
    "\t\t\t\"kind\":\t\"categorical\",\n"
    "\t\t\t\"floors_a\":\t2,\n"
    "\t\t\t\"floors_b\":\t2,\n"
    "\t\t\t\"categories\":\t[{\n"
    "\t\t\t\t\t\"name\":\t\"rooms\",\n"
    "\t\t\t\t\t\"a\":\t1,\n"
    "\t\t\t\t\t\"b\":\t2\n"
    "\t\t\t\t}, {\n"
    "\t\t\t\t\t\"name\":\t\"caves\",\n"
    "\t\t\t\t\t\"a\":\t1,\n"
    "\t\t\t\t\t\"b\":\t0\n"
    "\t\t\t\t}],\n"
    "\t\t\t\"changed\":\t1,\n"
    "\t\t\t\"tested\":\tfalse,\n"
    "\t\t\t\"why\":\t\"too few floors to test\",\n"
    "\t\t\t\"flagged\":\tfalse,\n"
    "\t\t\t\"constant\":\tfalse\n"
    "\t\t}, {\n"
    "\t\t\t\"column\":\t\"gone\",\n"
    "\t\t\t\"kind\":\t\"removed\",\n"
    "\t\t\t\"floors_a\":\t2,\n"
    "\t\t\t\"floors_b\":\t0,\n"
    "\t\t\t\"tested\":\tfalse,\n"
    "\t\t\t\"why\":\t\"only in A: not tested\",\n"
    "\t\t\t\"flagged\":\tfalse,\n"
    "\t\t\t\"constant\":\tfalse\n"
    "\t\t}, {\n"
    "\t\t\t\"column\":\t\"new\",\n"
    "\t\t\t\"kind\":\t\"added\",\n"
    "\t\t\t\"floors_a\":\t0,\n"
    "\t\t\t\"floors_b\":\t1,\n"
    "\t\t\t\"tested\":\tfalse,\n"
    "\t\t\t\"why\":\t\"only in B: not tested\",\n"
    "\t\t\t\"flagged\":\tfalse,\n"
    "\t\t\t\"constant\":\tfalse\n"
    "\t\t}],\n"
    "\t\"constant\":\t0,\n"
    "\t\"mix_explained\":\t0\n"
    "}\n";

/* The small case in each format, byte for byte. */
static void test_small_outputs(void **state)
{
    (void)state;
    static const char *const WANT[DIST_TEXT_FORMAT_COUNT] = { SMALL_TABLE, SMALL_TSV,
                                                              SMALL_JSON };
    dist_result r;
    compare(SMALL_A, SMALL_B, &r);
    assert_int_equal(r.paired, 1);
    assert_int_equal(r.tested, 0);
    for (int f = 0; f < DIST_TEXT_FORMAT_COUNT; f++) {
        textbuf out = { 0 };
        delve_err err = { "" };
        assert_int_equal(dist_text_write(&r, (dist_text_format)f, &out, &err), DELVE_OK);
        assert_string_equal(out.s, WANT[f]);
        textbuf_free(&out);
    }
    dist_free(&r);
}

/* A catalog of two level types, seeds first..: `rooms` floors 1 of type rooms holding 7,
 * 8, 9 rooms in turn (+ within: a change inside the type), then `caves` floors 2 of type
 * caves holding 1, 2, 3; lifts 0 on every floor. Malloc'ed. */
static char *mix_catalog(int first, int rooms, int caves, int within)
{
    textbuf b = { 0 };
    textbuf_printf(&b, "# seed\tfloor\ttype\trooms\tlifts\n");
    for (int i = 0; i < rooms + caves; i++) {
        int cave = i >= rooms, j = cave ? i - rooms : i;
        textbuf_printf(&b, "%d\t%d\t%s\t%d\t0\n", first + i, 1 + cave,
                       cave ? "caves" : "rooms", (cave ? 1 : 7 + within) + j % 3);
    }
    assert_false(b.oom);
    return b.s;
}

/* The level-type mix (spec review-stats.md "Level-type mix"), two samples of 81 floors:
 * A 60 rooms floors (mean 8) and 21 caves (mean 2), B 21 and 60. rooms per floor 522/81
 * -> 288/81, flagged; A's means at B's shares give 21/81 * 8 + 60/81 * 2 = 288/81, B's
 * mean exactly; each type's floors hold 7, 8, 9 (or 1, 2, 3) in the same proportions on
 * both sides, so within a type U = na nb / 2 and p = 1: explained by the mix. type: 2x2
 * chi-square 60/21 against 21/60, expected 40.5 a cell, X^2 = 4 * 19.5^2 / 40.5, p =
 * erfc(sqrt(X^2 / 2)). lifts is 0 everywhere: constant, left out of Holm's m = 2.
 * Then B's rooms floors 3 rooms fewer (4, 5, 6): B's mean 225/81, of which the mix gives
 * most (288/81), but that stratum flags: not the mix alone. */
static void test_type_mix(void **state)
{
    (void)state;
    char *a = mix_catalog(1, 60, 21, 0), *b = mix_catalog(1001, 21, 60, 0);
    dist_result r;
    compare(a, b, &r);
    assert_int_equal(r.paired, 0);
    assert_int_equal(r.tested, 2);
    assert_int_equal(r.constant, 1);
    const dist_col *t = col(&r, "type"), *ro = col(&r, "rooms"), *li = col(&r, "lifts");
    assert_int_equal(li->constant, 1);
    assert_int_equal(li->tested, 0);
    assert_string_equal(li->why, "constant");
    assert_true(isnan(li->p_holm));
    double x2 = 4 * 19.5 * 19.5 / 40.5;
    NEAR(t->t.stat, x2);
    NEAR(t->t.p, erfc(sqrt(x2 / 2)));
    NEAR(t->p_holm, fmax(2 * fmin(t->t.p, ro->t.p), t->t.p)); /* m = 2, lifts not counted */
    assert_int_equal(t->flagged, 1);
    assert_ptr_equal(r.types, t);
    NEAR(ro->mean_a, 522.0 / 81);
    NEAR(ro->mean_b, 288.0 / 81);
    assert_int_equal(ro->flagged, 1);
    assert_int_equal(ro->stratum_count, 2);
    assert_string_equal(ro->strata[0].type, "rooms");
    assert_int_equal(ro->strata[0].na, 60);
    assert_int_equal(ro->strata[0].nb, 21);
    NEAR(ro->strata[0].mean_a, 8);
    NEAR(ro->strata[0].mean_b, 8);
    NEAR(ro->strata[0].share_b, 21.0 / 81);
    NEAR(ro->strata[0].t.stat, 60 * 21 / 2.0);
    NEAR(ro->strata[0].p_holm, 1);
    NEAR(ro->strata[1].mean_a, 2);
    assert_int_equal(ro->mix_way, 1);
    NEAR(ro->mix_std, 288.0 / 81);
    assert_int_equal(ro->mix_explained, 1);
    assert_int_equal(r.mix_explained, 1);
    assert_int_equal(li->stratum_count, 0);
    assert_int_equal(ro->floor_count, 2); /* floor 1 the rooms type's, 2 the caves' */
    assert_int_equal(ro->floors[0].floor, 1);
    assert_int_equal(ro->floors[0].na, 60);
    assert_int_equal(ro->floors[1].nb, 60);
    NEAR(ro->floors[0].mean_b, 8);
    NEAR(ro->floors[1].mean_a, 2);
    textbuf out = { 0 };
    delve_err err = { "" };
    assert_int_equal(dist_text_write(&r, DIST_TEXT_TABLE, &out, &err), DELVE_OK);
    assert_non_null(strstr(out.s, "Holm over 2 tested columns (1 constant, not tested)"));
    assert_non_null(strstr(out.s,
        "  rooms per floor 6.44 -> 3.56 (-45 %), p < 1e-6 (rank-sum, Holm)\n"
        "    explained by the level-type mix (rooms 74% -> 26%); within each type nothing "
        "moved\n"
        "    by level type      A     B   mean A   mean B delta %  p Holm\n"
        "      rooms           60    21    8.000    8.000    +0.0       1\n"
        "      caves           21    60    2.000    2.000    +0.0       1\n"
        "    A's means per type at B's type shares give 3.556 (A 6.444, B 3.556)\n"
        "    by floor, mean A -> B: 1: 8 -> 8, 2: 2 -> 2\n"));
    assert_non_null(strstr(out.s, "\n  lifts             81    81    0.000   0.000    0.000   "
                                  "0.000       -  constant\n"));
    textbuf_free(&out);
    dist_free(&r);
    free(b);
    b = mix_catalog(1001, 21, 60, -3);
    compare(a, b, &r);
    ro = col(&r, "rooms");
    assert_int_equal(ro->stratum_count, 2);
    NEAR(ro->mix_std, 288.0 / 81); /* the mix alone: most of the move, but rooms moved */
    assert_int_equal(ro->strata[0].flagged, 1);
    assert_int_equal(ro->strata[1].flagged, 0);
    assert_int_equal(ro->mix_explained, 0);
    char says[320];
    dist_text_mix_says(&r, ro, "->", says, sizeof says);
    assert_string_equal(says, "not the level-type mix alone: it moved within rooms");
    dist_free(&r);
    free(a);
    free(b);
}

/* Each bad catalog as side B: DELVE_EINPUT, the message at file:line:col. */
static void test_bad_catalogs(void **state)
{
    (void)state;
#define NAMES "# seed\tfloor\tways\n"
    static const char *const BAD[][2] = {
        { NAMES "1\t1\t2\n2\t1\t3\n1\t1\t3\n", "b.tsv:4:1: seed 1 floor 1 again (line 2 has it)" },
        { NAMES "1\t1\t2\t9\n", "b.tsv:2:6: more cells than the 3 column names" },
        { NAMES "1\t1\t\n", "b.tsv:2:5: cell 3 is empty (a missing value is '-')" },
        { NAMES "1\t1\t\t2\n", "b.tsv:2:5: cell 3 is empty (a missing value is '-')" },
        { "# seed\tfloor\tways\trooms\n1\t1\t\t2\n",
          "b.tsv:2:5: cell 3 is empty (a missing value is '-')" },
        { "# seed\tfloor\tways\trooms\n1\t1\t\n", /* cut after a tab: short, not empty */
          "b.tsv:2:5: 3 of 4 cells: the line ends early" },
        { NAMES "1x\t1\t2\n", "b.tsv:2:2: expected seed, a tab, floor, ..." },
        { NAMES "1\t0\t2\n", "b.tsv:2:3: a floor is 1..32" },
        { "1\t1\t2\n", "b.tsv:1:1: a data line before the column names ('# seed\\x09floor"
                       "\\x09...')" },
        { "", "b.tsv:1:1: empty: nothing to compare (a catalog.tsv of delve shot --seeds "
              "starts with its '#' lines)" },
        { "# seed\tx\tways\n1\t1\t2\n", "b.tsv:1:1: the column names start with seed and "
                                        "floor, not 'seed' and 'x'" },
        { "# a: b\n# a: c\n" NAMES "1\t1\t2\n", "b.tsv:2:3: a second '# a:' line" },
        { "# seed\tfloor\tways\tways\n1\t1\t2\n", "b.tsv:1:19: the column name 'ways' again "
                                                  "(columns 3 and 4)" },
        { NAMES, "b.tsv: no floors (column names but no data lines): nothing to compare" },
    };
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
        dist_result r;
        delve_err err = { "" };
        assert_int_equal(dist_texts("a.tsv", NAMES "1\t1\t2\n", "b.tsv", BAD[i][0],
                                    DIST_ALPHA, &r, &err), DELVE_EINPUT);
        assert_string_equal(err.msg, BAD[i][1]);
        dist_free(&r);
    }
#undef NAMES
}

/* The formats' names, and a folder standing for its catalog.tsv. */
static void test_names(void **state)
{
    (void)state;
    dist_text_format f = DIST_TEXT_TABLE;
    assert_true(dist_text_format_of("json", &f));
    assert_int_equal(f, DIST_TEXT_JSON);
    assert_true(dist_text_format_of("tsv", &f));
    assert_int_equal(f, DIST_TEXT_TSV);
    assert_false(dist_text_format_of("xml", &f));
    assert_false(dist_text_format_of("TSV", &f));
    assert_int_equal(f, DIST_TEXT_TSV);
    char buf[64];
    assert_string_equal(dist_text_catalog("tests", buf, sizeof buf), "tests/catalog.tsv");
    assert_string_equal(dist_text_catalog("tests/test_dist.c", buf, sizeof buf),
                        "tests/test_dist.c");
    assert_string_equal(dist_text_catalog("no/such/thing", buf, sizeof buf), "no/such/thing");
    assert_string_equal(dist_text_catalog("tests", buf, 12), "tests");  /* too long: as is */
    assert_string_equal(dist_text_kind(DIST_ADDED), "added");
    assert_string_equal(dist_text_kind(DIST_CATEGORY), "categorical");
}

/* A fresh folder with shot sets a (seeds 1-30), b (ways up, 12 floors caves), c (no
 * catalog) and bad (a key twice), each a folder holding its catalog.tsv. */
static void sets(char root[200])
{
    snprintf(root, 200, "%s/delve-dist-XXXXXX", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp");
    assert_non_null(mkdtemp(root));
    char *text[] = { catalog(1, 30, 0, 0), catalog(1, 30, 1, 12), NULL,
                     strdup(HEAD "1\t1\t2\t5\trooms\n1\t1\t3\t5\trooms\n") };
    const char *name[] = { "a", "b", "c", "bad" };
    for (int i = 0; i < 4; i++) {
        char p[300];
        snprintf(p, sizeof p, "%s/%s", root, name[i]);
        assert_int_equal(mkdir(p, 0777), 0);
        strcat(p, "/catalog.tsv");
        assert_true(!text[i] || fsio_write_atomic(p, text[i], strlen(text[i]), NULL) == 0);
        free(text[i]);
    }
}

/* Removes sets' folder. */
static void gone(const char *root)
{
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
    assert_int_equal(system(cmd), 0);
}

/* dist_text_files from files, and its failure leaving the text empty. */
static void test_files(void **state)
{
    (void)state;
    char root[200], pa[300], pb[300], pc[300];
    sets(root);
    snprintf(pa, sizeof pa, "%s/a/catalog.tsv", root);
    snprintf(pb, sizeof pb, "%s/b/catalog.tsv", root);
    snprintf(pc, sizeof pc, "%s/c/catalog.tsv", root);
    textbuf out = { 0 };
    delve_err err = { "" };
    int flagged = -1;
    assert_int_equal(dist_text_files(pa, pb, DIST_ALPHA, DIST_TEXT_TSV, &out, &flagged, &err),
                     DELVE_OK);
    assert_int_equal(flagged, 1);
    assert_int_equal(strncmp(out.s, "column\tkind\t", 12), 0);
    assert_non_null(strstr(out.s, "\nways\tnumeric\t30\t30\t"));
    textbuf_free(&out);
    assert_int_equal(dist_text_files(pa, pb, 0.01, DIST_TEXT_TABLE, &out, &flagged, &err),
                     DELVE_OK);
    assert_int_equal(flagged, 2);  /* type's Holm p 0.00106 is under 0.01 */
    textbuf_free(&out);
    assert_int_equal(dist_text_files(pa, pc, DIST_ALPHA, DIST_TEXT_JSON, &out, &flagged, &err),
                     DELVE_EIO);
    assert_non_null(strstr(err.msg, pc));
    assert_int_equal(flagged, 0);
    assert_int_equal(out.len, 0);
    gone(root);
}

/* dist_review_load: both catalogs give the page's rows, flagged first, and the JSON
 * document; one catalog alone is no error and no table; a bad one is refused. */
static void test_review(void **state)
{
    (void)state;
    char root[200], a[300], b[300], c[300], bad[300];
    sets(root);
    snprintf(a, sizeof a, "%s/a", root);
    snprintf(b, sizeof b, "%s/b", root);
    snprintf(c, sizeof c, "%s/c", root);
    snprintf(bad, sizeof bad, "%s/bad", root);
    dist_review d;
    delve_err err = { "" };
    assert_int_equal(dist_review_load(a, b, &d, &err), DELVE_OK);
    assert_int_equal(d.has[0] + d.has[1], 2);
    assert_int_equal(d.table.count, 3);
    assert_int_equal(d.table.paired, 1);
    assert_int_equal(d.table.flagged, 1);
    assert_string_equal(d.table.rows[0].name, "ways");
    assert_int_equal(d.table.rows[0].flagged, 1);
    assert_string_equal(d.table.rows[0].cats, "numeric");
    assert_string_equal(d.table.rows[2].name, "type");
    assert_string_equal(d.table.rows[2].cats, "rooms 100.0% → 60.0%, caves 0.0% → 40.0%");
    assert_int_equal(d.table.rows[2].changed, 12);
    NEAR(d.table.rows[2].p_holm, 2 * erfc(sqrt(6.0)));
    assert_int_equal(cJSON_GetObjectItem(d.json, "flagged")->valueint, 1);
    dist_review_free(&d);
    assert_int_equal(dist_review_load(c, a, &d, &err), DELVE_OK);
    assert_int_equal(d.has[0], 0);
    assert_int_equal(d.has[1], 1);
    assert_null(d.table.rows);
    assert_null(d.json);
    assert_non_null(strstr(d.path[1], "/a/catalog.tsv"));
    dist_review_free(&d);
    assert_int_equal(dist_review_load(a, bad, &d, &err), DELVE_EINPUT);
    assert_non_null(strstr(err.msg, "/bad/catalog.tsv:5:1: seed 1 floor 1 again (line 4 has "
                                    "it)"));
    assert_null(d.table.rows);
    dist_review_free(&d);
    gone(root);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_paired),
        cmocka_unit_test(test_two_samples),
        cmocka_unit_test(test_printed_digits),
        cmocka_unit_test(test_small_outputs),
        cmocka_unit_test(test_type_mix),
        cmocka_unit_test(test_bad_catalogs),
        cmocka_unit_test(test_names),
        cmocka_unit_test(test_files),
        cmocka_unit_test(test_review),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
