/* review: the catalog diff (keys by seed and floor as numbers, CR LF, errors with line
 * numbers), provenance lines and reproduce commands, the order of changed pairs and the
 * summary line. The folders, the page and Chromium: tests/review.sh and review_ci.sh. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "review/review.h"

static void test_catalog_keys_numeric(void **state)
{
    (void)state;
    const char *base = "# seed\tfloor\tx\n9\t2\ta\n10\t1\tb\n9\t10\tc\n2\t1\td\n";
    const char *head = "# seed\tfloor\tx\r\n2\t1\td\r\n9\t2\tA\r\n10\t1\tb\r\n11\t1\te\r\n";
    review_result r;
    memset(&r, 0, sizeof r);
    delve_err err = { "" };
    assert_int_equal(review_catalog_diff(base, head, &r, &err), DELVE_OK);
    assert_int_equal(r.line_count, 5);
    /* 2.1 same, 9.2 changed, 9.10 removed, 10.1 same, 11.1 added: 9 before 10 */
    const review_state want[5] = { REVIEW_SAME, REVIEW_CHANGED, REVIEW_REMOVED, REVIEW_SAME,
                                   REVIEW_ADDED };
    for (int i = 0; i < 5; i++)
        assert_int_equal(r.lines[i].state, want[i]);
    assert_string_equal(r.lines[1].base, "9\t2\ta");
    assert_string_equal(r.lines[1].head, "9\t2\tA");
    assert_null(r.lines[2].head);
    assert_null(r.lines[4].base);
    assert_string_equal(r.header, "# seed\tfloor\tx");
    assert_int_equal(r.catalogs, 3);
    char sum[256];
    review_summary(&r, sum, sizeof sum);
    assert_string_equal(sum, "review: 0 changed, 0 added, 0 removed, 0 same; "
                             "catalog: 1 line changed, 1 added, 1 removed");
    assert_int_equal(review_any_change(&r), 1);
    review_result_free(&r);
}

static void test_catalog_errors(void **state)
{
    (void)state;
    review_result r;
    memset(&r, 0, sizeof r);
    delve_err err = { "" };
    assert_int_equal(review_catalog_diff("# h\n1\t1\tok\nbroken\n", NULL, &r, &err), DELVE_EINPUT);
    assert_string_equal(err.msg, "BASE catalog.tsv:3:1: expected seed, a tab, floor, ...");
    review_result_free(&r);
    assert_int_equal(review_catalog_diff(NULL, "3\t1\ta\n3\t1\tb\n", &r, &err), DELVE_EINPUT);
    assert_string_equal(err.msg, "HEAD catalog.tsv:2:1: seed 3 floor 1 again (line 1 has it)");
    review_result_free(&r);
}

/* Data lines are checked by review/catrow: seed and floor whole numbers, as many cells as
 * the column names, the place given as file:line:col. */
static void test_catalog_rows_checked(void **state)
{
    (void)state;
    static const struct { const char *text, *msg; } cases[] = {
        { "# seed\tfloor\ttype\nabc\t1\trooms\n",
          "BASE catalog.tsv:2:1: expected seed, a tab, floor, ..." },
        { "# seed\tfloor\ttype\n1\t1x\trooms\n",
          "BASE catalog.tsv:2:4: expected a floor (a whole number)" },
        { "# seed\tfloor\ttype\n1\t1\trooms\n2\t1",
          "BASE catalog.tsv:3:4: 2 of 3 cells: the line ends early" },
        { "# seed\tfloor\ttype\n1\t1\trooms\tmore\n",
          "BASE catalog.tsv:2:10: more cells than the 3 column names" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        review_result r;
        memset(&r, 0, sizeof r);
        delve_err err = { "" };
        assert_int_equal(review_catalog_diff(cases[i].text, NULL, &r, &err), DELVE_EINPUT);
        assert_string_equal(err.msg, cases[i].msg);
        review_result_free(&r);
    }
}

static void test_summary_without_catalogs(void **state)
{
    (void)state;
    review_result r;
    memset(&r, 0, sizeof r);
    r.count[REVIEW_CHANGED] = 3;
    r.count[REVIEW_ADDED] = 1;
    r.count[REVIEW_SAME] = 96;
    char sum[256];
    review_summary(&r, sum, sizeof sum);
    assert_string_equal(sum, "review: 3 changed, 1 added, 0 removed, 96 same; catalog: none");
    r.catalogs = 3;
    r.line_state[REVIEW_CHANGED] = 2;
    review_summary(&r, sum, sizeof sum);
    assert_string_equal(sum, "review: 3 changed, 1 added, 0 removed, 96 same; "
                             "catalog: 2 lines changed");
}

static void test_provenance_and_reproduce(void **state)
{
    (void)state;
    const char *base = "# catalog: x\n# shot: delve shot --seed SEED --floor FLOOR -o OUT.png\n"
                       "# view: delve view --seed SEED --floor FLOOR\n# seed\tfloor\ttype\n"
                       "1234567890123\t3\trooms\n";
    review_result r;
    memset(&r, 0, sizeof r);
    delve_err err = { "" };
    assert_int_equal(review_catalog_diff(base, NULL, &r, &err), DELVE_OK);
    assert_int_equal(r.prov_count[0], 3);
    assert_int_equal(r.prov_count[1], 0);
    assert_string_equal(review_prov(&r, 0, "view"), "delve view --seed SEED --floor FLOOR");
    assert_null(review_prov(&r, 0, "vie"));
    assert_null(review_prov(&r, 1, "view"));
    review_item it = { .name = "sub/seed-00000001234567890123-floor-3.png", .line = 0 };
    char cmd[128];
    assert_int_equal(review_reproduce(&r, 0, "shot", &it, cmd, sizeof cmd), 1);
    assert_string_equal(cmd, "delve shot --seed 1234567890123 --floor 3 -o "
                             "seed-00000001234567890123-floor-3.png");
    assert_int_equal(review_reproduce(&r, 0, "shot", &it, cmd, 20), 0);  /* cut: refused */
    assert_int_equal(review_reproduce(&r, 1, "shot", &it, cmd, sizeof cmd), 0);
    review_item other = { .name = "x.png", .line = -1 };
    assert_int_equal(review_reproduce(&r, 0, "view", &other, cmd, sizeof cmd), 0);
    review_result_free(&r);
}

/* Changed pairs: a level type change first, then more cells, then more pixels (a size
 * change as every pixel), then by name; other states after, by name. */
static void test_item_order(void **state)
{
    (void)state;
    review_item v[] = {
        { .name = "a", .state = REVIEW_SAME },
        { .name = "b", .state = REVIEW_CHANGED, .diff = { .changed = 500 } },
        { .name = "c", .state = REVIEW_CHANGED, .diff = { .changed = 1 }, .cells = 2 },
        { .name = "d", .state = REVIEW_CHANGED, .diff = { .changed = 1 }, .cells = 1,
          .type_changed = 1 },
        { .name = "e", .state = REVIEW_CHANGED, .diff = { .changed = 5, .total = 900,
                                                          .size_differs = 1 } },
        { .name = "f", .state = REVIEW_ADDED },
        { .name = "g", .state = REVIEW_CHANGED, .diff = { .changed = 500 } },
        { .name = "h", .state = REVIEW_CHANGED, .diff = { .changed = 3 }, .cells = 2 },
    };
    qsort(v, sizeof v / sizeof v[0], sizeof v[0], review_item_cmp);
    char order[16] = "";
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
        order[i] = v[i].name[0];
    assert_string_equal(order, "dhcebgfa");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_catalog_keys_numeric),
        cmocka_unit_test(test_catalog_errors),
        cmocka_unit_test(test_catalog_rows_checked),
        cmocka_unit_test(test_summary_without_catalogs),
        cmocka_unit_test(test_provenance_and_reproduce),
        cmocka_unit_test(test_item_order),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
