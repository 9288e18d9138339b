/* catalog (review/catalog.h): the exact lines of catalog.tsv, also for a seed whose
 * generation failed (one line, one column for the message). The set itself:
 * tests/shot_set.sh. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "gen/gen.h"
#include "review/catalog.h"
#include "review/catrow.h"

static void test_floor_line(void **state)
{
    (void)state;
    gen_opts o = gen_defaults(3);
    dfloor f;
    delve_err err = { "" };
    assert_int_equal(gen_floor_alone(&o, 1, &f, &err), DELVE_OK);
    char buf[CATALOG_LINE_MAX];
    survey sv;
    assert_int_equal(survey_floor(&f, &sv, &err), DELVE_OK);
    size_t n = catalog_floor_line(3, &f, 0x0123456789abcdefull, &sv, "ok", buf, sizeof buf);
    /* 8 ways: a lift and a ladder each to floors 1 and 3, a spiral each to floors 1 and
     * 3, and the two ends of a spiral within the floor (rising, spec/rising.md) */
    /* then dlevel 0, 15 doors, no items or fluid, ways: 2 lifts, 2 ladders, 4 spiral
     * ends; 3 bends, 5 curve squares, 1 graded room, 1 spiral within; the digest last,
     * 16 hex digits with its leading zero; then the survey: 367 squares to stand on,
     * 2192 blocked, 251 room and 102 corridor squares, 8 areas of room floor (the 7
     * rooms and a closet), all reached (the closet by the spiral within), the goal 55
     * steps from the entrance, no dead end, one part */
    assert_string_equal(buf, "3\t2\trooms\t7\t1\t1\t8\t8\tok"
                             "\t0\t15\t0\t0\t2\t2\t0\t0\t4\t3\t5\t0\t0\t0\t0\t0\t1\t1"
                             "\t0123456789abcdef\t367\t2192\t251\t102\t8\t1000\t55\t0\t1\n");
    assert_int_equal(n, strlen(buf));
    floor_free(&f);
}

static void test_verdict(void **state)
{
    (void)state;
    check_finding items[4] = {
        { CHECK_WARNING, CK_PIT_ONLY_ACROSS, 1, 3, 4, "" },
        { CHECK_ERROR, CK_PIT_NO_WAY_UP, 1, 3, 4, "" },
        { CHECK_ERROR, CK_PIT_NO_WAY_UP, 1, 5, 4, "" },
        { CHECK_ERROR, CK_GOAL_UNREACHABLE, 1, 9, 9, "" },
    };
    check_list l = { items, 4, 4, 3, 1 };
    char buf[CATALOG_LINE_MAX];
    catalog_verdict(&l, 1, buf, sizeof buf);
    assert_string_equal(buf, "error: pit-no-way-up,goal-unreachable; warning: pit-only-across");
    catalog_verdict(&l, 0, buf, sizeof buf);
    assert_string_equal(buf, "ok");
    l.count = 1;
    catalog_verdict(&l, 1, buf, sizeof buf);
    assert_string_equal(buf, "warning: pit-only-across");
    dfloor f = { .index = 1, .room_count = 3 };
    const survey none = { 0 };
    catalog_floor_line(7, &f, 42, &none, "error: a\tb", buf, sizeof buf);
    assert_string_equal(buf, "7\t2\trooms\t3\t0\t0\t0\t0\terror: a b"
                             "\t0\t0\t0\t0\t0\t0\t0\t0\t0\t0\t0\t0\t0\t0\t0\t0\t0\t0"
                             "\t000000000000002a\t0\t0\t0\t0\t0\t0\t0\t0\t0\n");
}

/* The header names 9 + CATALOG_MORE_COUNT columns, the digest and the survey's, the
 * first nine the original ones, the digest where it has been since it came (28th). */
static void test_header(void **state)
{
    (void)state;
    int tabs = 0;
    for (const char *p = CATALOG_HEADER; *p; p++)
        tabs += *p == '\t';
    assert_int_equal(tabs + 1, 9 + CATALOG_MORE_COUNT + 1 + CATALOG_SURVEY_COUNT);
    assert_int_equal(catrow_column(CATALOG_HEADER, "digest"), 27);
    assert_string_equal(strrchr(CATALOG_HEADER, '\t'), "\tparts");
    assert_memory_equal(CATALOG_HEADER, "# seed\tfloor\ttype\trooms\tpits\tstations\tways"
                        "\tmonsters\tvalidator\tdlevel\t", 69);
}

static void test_failed_line(void **state)
{
    (void)state;
    char buf[CATALOG_LINE_MAX];
    size_t n = catalog_failed_line(18446744073709551615ull, 2, "caves",
                                   "layout failed\tall 8 tries\nfloor 2", buf, sizeof buf);
    assert_string_equal(buf, "18446744073709551615\t2\tcaves\t-\t-\t-\t-\t-\t"
                             "failed: layout failed all 8 tries floor 2"
                             "\t-\t-\t-\t-\t-\t-\t-\t-\t-\t-\t-\t-\t-\t-\t-\t-\t-\t-\t-"
                             "\t-\t-\t-\t-\t-\t-\t-\t-\t-\n");
    assert_int_equal(n, strlen(buf));
    char big[1000];
    memset(big, 'x', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    n = catalog_failed_line(1, 1, "rooms", big, buf, sizeof buf);
    assert_true(n < sizeof buf);
    assert_int_equal(buf[n - 1], '\n');
    int tabs = 0;  /* the long message is cut, never the columns after it */
    for (size_t i = 0; i < n; i++)
        tabs += buf[i] == '\t';
    assert_int_equal(tabs, 8 + CATALOG_MORE_COUNT + 1 + CATALOG_SURVEY_COUNT);
    assert_int_equal(strlen(buf), n);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_floor_line),
        cmocka_unit_test(test_verdict),
        cmocka_unit_test(test_failed_line),
        cmocka_unit_test(test_header),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
