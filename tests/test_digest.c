/* digest and drawlist (review/digest.h, review/drawlist.h): the draw plan of a
 * digest-first review from catalog lines alone (ranked, capped, sampled evenly, probes
 * of one digest), the counts of floors not drawn, and draw.tsv read at line:col. The
 * whole flow through delve: tests/review_digest.sh. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "review/catrow.h"
#include "review/digest.h"
#include "review/drawlist.h"

#define HEADER "# seed\tfloor\ttype\trooms\tpits\tdigest"

/* A review of lines (BASE's text and HEAD's, NULL where a side lacks it) in key order. */
static review_result result(const char *const (*lines)[2], int n)
{
    review_result r = { 0 };
    r.header = strdup(HEADER);
    r.lines = calloc((size_t)n, sizeof *r.lines);
    r.digests = 1;
    for (int i = 0; i < n; i++) {
        review_line *l = &r.lines[r.line_count++];
        l->base = lines[i][0] ? strdup(lines[i][0]) : NULL;
        l->head = lines[i][1] ? strdup(lines[i][1]) : NULL;
        l->state = !l->base ? REVIEW_ADDED : !l->head ? REVIEW_REMOVED
                   : strcmp(l->base, l->head) ? REVIEW_CHANGED : REVIEW_SAME;
    }
    return r;
}

static const char *const LINES[][2] = {
    { "1\t1\trooms\t5\t0\taa", "1\t1\trooms\t5\t0\tab" },    /* digest alone: 1 cell */
    { "1\t2\trooms\t5\t0\tba", "1\t2\trooms\t5\t0\tba" },    /* same */
    { "2\t1\trooms\t5\t0\tca", "2\t1\trooms\t6\t1\tcb" },    /* 3 cells */
    { "2\t2\trooms\t5\t0\tda", "2\t2\tcaves\t5\t0\tdb" },    /* the type: first */
    { "3\t1\trooms\t5\t0\tea", "3\t1\trooms\t5\t1\teb" },    /* 2 cells */
    { "3\t2\trooms\t5\t0\tfa", "3\t2\trooms\t5\t0\tfa" },    /* same */
    { "4\t1\trooms\t5\t0\tga", NULL },                        /* removed: first */
    { "5\t1\trooms\t5\t0\tha", "5\t1\trooms\t5\t0\thb" },    /* 1 cell */
    { "6\t1\trooms\t5\t0\tia", "6\t1\trooms\t5\t0\tib" },    /* 1 cell */
    { "7\t1\trooms\t5\t0\tja", "7\t1\trooms\t5\t0\tjb" },    /* 1 cell */
    { "8\t1\trooms\t5\t0\tka", "8\t1\trooms\t5\t0\tka" },    /* same */
};
#define NLINES ((int)(sizeof LINES / sizeof LINES[0]))

static void assert_keys(const drawlist *l, const char *want)
{
    char got[512] = "";
    for (int i = 0; i < l->count; i++)
        snprintf(got + strlen(got), sizeof got - strlen(got), "%s%llu/%d", i ? " " : "",
                 (unsigned long long)l->keys[i].seed, l->keys[i].floor);
    assert_string_equal(got, want);
}

/* Cap 6 of 8 changed lines: the top 3 by rank (the removed floor and the type change
 * first, then 3 cells), then 3 spread evenly over the other 5 by key (the 1st, 3rd and
 * 5th: 1/1, 5/1, 7/1), then the 3 same lines as probes. */
static void test_plan_cap(void **state)
{
    (void)state;
    review_result r = result(LINES, NLINES);
    drawlist l;
    delve_err err = { "" };
    int probes = -1;
    assert_int_equal(digest_plan(&r, 6, &l, &probes, &err), DELVE_OK);
    assert_keys(&l, "1/1 1/2 2/1 2/2 3/2 4/1 5/1 7/1 8/1");
    assert_int_equal(probes, 3);
    drawlist_free(&l);
    /* under the cap: every changed line, and the probes */
    assert_int_equal(digest_plan(&r, 100, &l, &probes, &err), DELVE_OK);
    assert_keys(&l, "1/1 1/2 2/1 2/2 3/1 3/2 4/1 5/1 6/1 7/1 8/1");
    drawlist_free(&l);
    /* cap 0: the probes alone (the drawing may have changed where no floor did) */
    assert_int_equal(digest_plan(&r, 0, &l, &probes, &err), DELVE_OK);
    assert_keys(&l, "1/2 3/2 8/1");
    drawlist_free(&l);
    review_result_free(&r);
}

/* Tally: lines no pair stands for; missing: the list's floors without a pair. */
static void test_tally(void **state)
{
    (void)state;
    review_result r = result(LINES, NLINES);
    review_item items[2] = { { .line = 0 }, { .line = 1 } };  /* 1/1 changed, 1/2 same */
    r.items = items;
    r.item_count = 2;
    digest_tally(&r);
    assert_int_equal(r.undrawn, 7);
    assert_int_equal(r.same_undrawn, 2);
    drawlist l;
    delve_err err = { "" };
    int probes;
    assert_int_equal(digest_plan(&r, 100, &l, &probes, &err), DELVE_OK);
    assert_int_equal(digest_missing(&r, &l), 9);
    drawlist_free(&l);
    r.digests = 0;  /* sets without digests: nothing to count */
    digest_tally(&r);
    assert_int_equal(r.undrawn + r.same_undrawn, 0);
    r.items = NULL;
    r.item_count = 0;
    review_result_free(&r);
}

/* Columns by name, and a line cut to the columns both sides have: an older set's
 * catalog lacks the columns appended since. */
static void test_columns_kept(void **state)
{
    (void)state;
    assert_int_equal(catrow_column(HEADER, "seed"), 0);
    assert_int_equal(catrow_column(HEADER, "type"), 2);
    assert_int_equal(catrow_column("# seed\tfloor\ttype", "digest"), -1);
    assert_int_equal(catrow_column(NULL, "digest"), -1);
    char line[] = "1\t2\trooms\t00ff\t7\t9";
    const unsigned char keep[6] = { 1, 1, 0, 1, 0, 1 };
    catrow_keep(line, keep, 6);
    assert_string_equal(line, "1\t2\t00ff\t9");
    char few[] = "1\t2\trooms";  /* fewer cells than cols: what there is */
    catrow_keep(few, keep, 6);
    assert_string_equal(few, "1\t2");
}

/* Any order, twice, comments, blank lines and CRLF: sorted, once each; the text back. */
static void test_drawlist_read(void **state)
{
    (void)state;
    drawlist l;
    delve_err err = { "" };
    assert_int_equal(drawlist_parse("d.tsv", "# a list\r\n40\t2\r\n\r\n1\t3\n40\t2\n1\t1",
                                     &l, &err), DELVE_OK);
    assert_keys(&l, "1/1 1/3 40/2");
    assert_true(drawlist_has(&l, 40, 2));
    assert_false(drawlist_has(&l, 40, 1));
    char *text = NULL;
    size_t len = 0;
    assert_int_equal(drawlist_text(&l, "why", &text, &len, &err), DELVE_OK);
    assert_string_equal(text, "# draw list: why\n# seed\tfloor\n1\t1\n1\t3\n40\t2\n");
    assert_int_equal(len, strlen(text));
    free(text);
    drawlist_free(&l);
}

static void refused(const char *text, const char *msg)
{
    drawlist l;
    delve_err err = { "" };
    assert_int_equal(drawlist_parse("d.tsv", text, &l, &err), DELVE_EINPUT);
    assert_string_equal(err.msg, msg);
    assert_int_equal(l.count, 0);
    assert_null(l.keys);
}

static void test_drawlist_refused(void **state)
{
    (void)state;
    refused("1\tx\n", "d.tsv:1:3: expected a floor (a number)");
    refused("1 2\n", "d.tsv:1:2: expected a tab");
    refused("5\t1\n1\t33\n", "d.tsv:2:3: a floor 33 is outside 1..32");
    refused("1\t2\t3\n", "d.tsv:1:5: unexpected text at the end of the line");
    refused("1\t2\x1b\n", "d.tsv:1:4: control byte 0x1b: a draw list is text");
    refused("18446744073709551616\t1\n",
            "d.tsv:1:1: a seed 18446744073709551616 is outside 0..18446744073709551615");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_plan_cap),
        cmocka_unit_test(test_tally),
        cmocka_unit_test(test_columns_kept),
        cmocka_unit_test(test_drawlist_read),
        cmocka_unit_test(test_drawlist_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
