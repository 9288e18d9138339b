/* verdict: the review's one or two sentences (review/verdict.h) from hand-made counts and
 * distribution rows: nothing changed, one column flagged and nothing else, a flag with
 * other changes besides, a categorical flag, the level-type mix as the cause of a flag,
 * pictures changed with nothing flagged (or nothing tested), columns on one side only,
 * and no distribution table. The same texts from real shot sets:
 * tests/review_verdict.sh (the mix: tests/stats_strata.sh). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <string.h>

#include "review/verdict.h"

#define ITEMS 400

static review_item items[ITEMS];

/* A review of n pairs and n catalog lines (both catalogs): the first changed pictures
 * changed, the first cells of those with a catalog cell changed too; the rest the same. */
static review_result review_of(int n, int changed, int cells)
{
    review_result r;
    memset(&r, 0, sizeof r);
    memset(items, 0, sizeof items);
    r.items = items;
    r.item_count = n;
    r.line_count = n;
    r.catalogs = 3;
    for (int i = 0; i < n; i++) {
        items[i].state = i < changed ? REVIEW_CHANGED : REVIEW_SAME;
        items[i].cells = i < cells;
        r.count[items[i].state]++;
    }
    r.line_state[REVIEW_CHANGED] = cells;
    r.line_state[REVIEW_SAME] = n - cells;
    return r;
}

static review_dist_row numeric_row(const char *name, double a, double b, int up, int down,
                                   int flagged)
{
    review_dist_row w;
    memset(&w, 0, sizeof w);
    snprintf(w.name, sizeof w.name, "%s", name);
    w.numeric = 1;
    w.mean_a = a;
    w.mean_b = b;
    w.up = up;
    w.down = down;
    w.tested = 1;
    w.flagged = flagged;
    return w;
}

/* A paired table of n rows, every one tested, flagged as its rows say. */
static review_dist table_of(review_dist_row *rows, int n)
{
    review_dist d = { rows, n, 1, n, 0, 0.001, 0, 0, "" };
    for (int i = 0; i < n; i++)
        d.flagged += rows[i].flagged;
    return d;
}

static void check(const review_result *r, const review_dist *d, const char *want)
{
    char buf[VERDICT_MAX];
    verdict_text(r, d, buf, sizeof buf);
    assert_string_equal(buf, want);
}

/* check with the table of rows[0..n) (table_of). */
static void check_rows(const review_result *r, review_dist_row *rows, int n, const char *want)
{
    review_dist d = table_of(rows, n);
    check(r, &d, want);
}

static void test_nothing_changed(void **state)
{
    (void)state;
    review_result r = review_of(360, 0, 0);
    review_dist_row rows[1] = { numeric_row("stations", 0.5, 0.5, 0, 0, 0) };
    check_rows(&r, rows, 1, "Nothing changed: 360 floors, same pictures and same catalog.");
    r.catalogs = 0;
    r.line_count = 0;
    r.line_state[REVIEW_SAME] = 0;
    check(&r, NULL, "Nothing changed: 360 pictures, all the same.");
}

static void test_one_flag_nothing_else(void **state)
{
    (void)state;
    review_result r = review_of(360, 214, 214);
    review_dist_row rows[2] = { numeric_row("stations", 0.4911, 0.2532, 0, 214, 1),
                                numeric_row("rooms", 8.9, 8.9, 0, 0, 0) };
    check_rows(&r, rows, 2, "Stations per floor fell from 0.491 to 0.253 (214 floors down, "
                            "0 up); nothing else changed.");
}

static void test_flag_and_more(void **state)
{
    (void)state;
    review_result r = review_of(120, 105, 102);
    review_dist_row rows[4] = { numeric_row("ways", 2.667, 4.45, 102, 0, 1),
                                numeric_row("rooms", 8.9, 8.9, 0, 0, 0),
                                numeric_row("pits", 0.183, 0.175, 0, 1, 0),
                                numeric_row("monsters", 5, 5.1, 3, 1, 0) };
    check_rows(&r, rows, 4, "Ways per floor rose from 2.67 to 4.45 (0 floors down, 102 up). "
                            "Besides: 3 pictures changed where the catalog line did not; pits "
                            "(1 floor) and monsters (4 floors) moved too little to flag.");
}

static void test_category_flag(void **state)
{
    (void)state;
    review_result r = review_of(100, 30, 30);
    review_dist_row rows[2] = { numeric_row("rooms", 8, 8, 0, 0, 0),
                                numeric_row("type", 0, 0, 0, 0, 1) };
    rows[1].numeric = 0;
    rows[1].changed = 30;
    rows[1].cats = "rooms 60.0% → 30.0%, caves 40.0% → 70.0%";
    check_rows(&r, rows, 2, "Level type changed on 30 floors (rooms 60.0% → 30.0%, caves "
                            "40.0% → 70.0%); nothing else changed.");
}

/* The level-type mix explains rooms (review_dist_row.mix_explained): the verdict opens
 * with the mix as the cause, the type row is not listed again, monsters (flagged, not
 * the mix's) follow as "Also flagged". */
static void test_type_mix(void **state)
{
    (void)state;
    review_result r = review_of(100, 40, 40);
    review_dist_row rows[3] = { numeric_row("type", 0, 0, 0, 0, 1),
                                numeric_row("rooms", 5.1, 4.3, 2, 30, 1),
                                numeric_row("monsters", 10, 12, 35, 0, 1) };
    rows[0].numeric = 0;
    rows[0].changed = 20;
    rows[0].cats = "rooms 80.0% → 60.0%, caves 20.0% → 40.0%";
    rows[1].mix_explained = 1;
    review_dist d = table_of(rows, 3);
    d.mix_explained = 1;
    snprintf(d.mix_shift, sizeof d.mix_shift, "caves 20%% → 40%%");
    check(&r, &d, "The level-type mix changed (caves 20% → 40%): it explains rooms per "
                  "floor 5.1 → 4.3; within each level type nothing moved. Also flagged: "
                  "Monsters per floor rose from 10 to 12 (0 floors down, 35 up); nothing "
                  "else changed.");
    rows[2].flagged = 0;
    d = table_of(rows, 3);
    d.mix_explained = 1;
    snprintf(d.mix_shift, sizeof d.mix_shift, "caves 20%% → 40%%");
    check(&r, &d, "The level-type mix changed (caves 20% → 40%): it explains rooms per "
                  "floor 5.1 → 4.3; within each level type nothing moved. Besides: "
                  "monsters (35 floors) moved too little to flag.");
}

static void test_pictures_only(void **state)
{
    (void)state;
    review_result r = review_of(120, 12, 0);
    review_dist_row rows[1] = { numeric_row("rooms", 8, 8, 0, 0, 0) };
    review_dist d = table_of(rows, 1);
    check(&r, &d, "No catalog column flagged: 12 of 120 pictures changed; same catalog.");
    items[119].state = REVIEW_UNREADABLE;
    r.count[REVIEW_SAME]--;
    r.count[REVIEW_UNREADABLE]++;
    check(&r, &d, "No catalog column flagged: 12 of 120 pictures changed; 1 picture could "
                  "not be read; same catalog.");
    r.count[REVIEW_UNREADABLE]--;
    d.tested = 0;
    check(&r, &d, "No catalog column tested (too few floors): 12 of 120 pictures changed; "
                  "same catalog.");
}

static void test_columns_one_side(void **state)
{
    (void)state;
    review_result r = review_of(30, 0, 30);
    static const char *const names[5] = { "bends", "sunk", "raised", "graded", "ramp_squares" };
    review_dist_row rows[6];
    rows[0] = numeric_row("rooms", 8, 8, 0, 0, 0);
    for (int i = 1; i < 6; i++) {
        rows[i] = numeric_row(names[i - 1], 0, 0, 0, 0, 0);
        rows[i].numeric = 0;
        rows[i].cats = "added";
    }
    check_rows(&r, rows, 6, "No catalog column flagged: columns bends, sunk, raised and 2 "
                            "more columns added; 30 catalog lines changed.");
}

static void test_no_table(void **state)
{
    (void)state;
    review_result r = review_of(10, 2, 1);
    check(&r, NULL, "No catalog columns compared (a catalog.tsv on both sides and GSL "
                    "needed): 2 of 10 pictures changed; 1 catalog line changed.");
    char small[16];
    verdict_text(&r, NULL, small, sizeof small);
    assert_string_equal(small, "No catalog colu");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_nothing_changed),
        cmocka_unit_test(test_one_flag_nothing_else),
        cmocka_unit_test(test_flag_and_more),
        cmocka_unit_test(test_category_flag),
        cmocka_unit_test(test_type_mix),
        cmocka_unit_test(test_pictures_only),
        cmocka_unit_test(test_columns_one_side),
        cmocka_unit_test(test_no_table),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
