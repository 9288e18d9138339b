/* test_shoals: the Shoals generator (gen/shoals.c) and the tide (engine/tide.c). The
 * generator is checked against the seed itself: with glibc's random() seeded by 5, as
 * the blog's program was, it must print the blog's two example maps byte for byte
 * (tests/fixtures/shoals-blog-*.txt, cut from seed 003). The smoothing, the trig
 * table and the tide rules are checked on hand-made grids with exact values. */
#define _DEFAULT_SOURCE /* glibc random(), the blog's generator, for the reference only */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/tide.h"
#include "engine/world.h"
#include "gen/gen.h"
#include "gen/shoals.h"

#define BLOG_RAW DELVE_SOURCE_DIR "/tests/fixtures/shoals-blog-raw.txt"
#define BLOG_SMOOTHED DELVE_SOURCE_DIR "/tests/fixtures/shoals-blog-smoothed.txt"

/* The blog's random_max with glibc random(): the reference, never the generator's. */
static int blog_draw(void *ctx, int max)
{
    (void)ctx;
    return max <= 1 ? 0 : (int)(random() % max);
}

/* The blog's height_char: '^' >= 100, ' ' >= 0, '=' >= -14, '#' below. */
static char blog_char(int h)
{
    return h >= 100 ? '^' : h >= 0 ? ' ' : h >= -14 ? '=' : '#';
}

static void check_blog_map(const char *fixture, int smooth)
{
    int *h = malloc(SHOALS_W * SHOALS_H * sizeof *h);
    assert_non_null(h);
    srandom(5);
    shoals_heightmap(h, SHOALS_W, SHOALS_H, SHOALS_ISLANDS, blog_draw, NULL, smooth);
    FILE *fp = fopen(fixture, "r");
    assert_non_null(fp);
    char line[128];
    for (int y = 0; y < SHOALS_H; y++) {
        assert_non_null(fgets(line, sizeof line, fp));
        char want[SHOALS_W + 2];
        for (int x = 0; x < SHOALS_W; x++)
            want[x] = blog_char(h[y * SHOALS_W + x]);
        want[SHOALS_W] = '\n';
        want[SHOALS_W + 1] = '\0';
        if (strcmp(line, want) != 0)
            fail_msg("%s row %d:\n blog %s ours %s", fixture, y, line, want);
    }
    fclose(fp);
    free(h);
}

static void test_blog_raw_map(void **state)
{
    (void)state;
    check_blog_map(BLOG_RAW, 0);
}

static void test_blog_smoothed_map(void **state)
{
    (void)state;
    check_blog_map(BLOG_SMOOTHED, 1);
}

/* Smoothing on a 5 x 5 grid by hand: weights 4/3/2, edges 17, corners 12, in place in
 * raster order (each square sees the already smoothed squares above and left of it),
 * C division truncating toward zero. */
static void test_smooth_5x5(void **state)
{
    (void)state;
    int g[25] = {
        0,   0,   0, 0,   0,
        0, 100,   0, 0,   0,
        0,   0,   0, 0, -30,
        0,   0,  48, 0,   0,
        0,   0,   0, 0,   0,
    };
    shoals_smooth(g, 5, 5);
    /* (0,0): corner, (4*0 + 3*0 + 3*0 + 2*100) / 12 = 200 / 12 = 16 */
    assert_int_equal(g[0], 16);
    /* (1,0): edge, 3*16(new left) + 4*0 + 3*0 + 2*0 + 3*100(below) + 2*0 = 348 / 17 = 20 */
    assert_int_equal(g[1], 20);
    /* (2,0): 3*20 + 4*0 + 3*0 + 2*100 + 3*0 + 2*0 = 260 / 17 = 15 */
    assert_int_equal(g[2], 15);
    /* (3,0): 3*15 + 0 + 0 + 2*0 + 3*0 + 2*(-30)... (4,1) is 0, so 45 / 17 = 2 */
    assert_int_equal(g[3], 2);
    /* (4,0): corner 3*2 + 4*0 + 2*0(3,1) + 3*0(4,1) = 6 / 12 = 0 */
    assert_int_equal(g[4], 0);
    /* (0,1): 3*16 + 2*20 + 4*0 + 3*100 + 3*0 + 2*0 = 388 / 17 = 22 */
    assert_int_equal(g[5], 22);
    /* (1,1): 2*16 + 3*20 + 2*15 + 3*22 + 4*100 + 3*0 + 2*0 + 3*0 + 2*0 = 588 / 24 = 24 */
    assert_int_equal(g[6], 24);
    /* (4,1): edge 2*2(3,0) + 3*0(4,0) + 3*0(3,1, new) + 4*0 + 2*0(3,2) + 3*(-30)(4,2)
     * = -86 / 17 = -5.06, truncated toward zero: -5. Every value: */
    static const int WANT[25] = {
        16, 20, 15, 2,  0,
        22, 24, 6,  0, -5,
        6,  10, 10, 1, -7,
        2,  8,  11, 1,  0,
        1,  3,  3,  2,  0,
    };
    for (int i = 0; i < 25; i++)
        if (g[i] != WANT[i])
            fail_msg("square %d,%d: %d, want %d", i % 5, i / 5, g[i], WANT[i]);
    /* out of place, (1,0) would have been 200 / 17 = 11: in place it sees the new 16 */
    assert_int_not_equal(g[1], 11);
}

static void test_trig(void **state)
{
    (void)state;
    int dx, dy;
    static const int AXIS[4][3] = { { 0, 1, 0 }, { 90, 0, 1 }, { 180, -1, 0 }, { 270, 0, -1 } };
    for (int i = 0; i < 4; i++) {
        shoals_offset(1, AXIS[i][0], &dx, &dy);
        assert_int_equal(dx, AXIS[i][1]);
        assert_int_equal(dy, AXIS[i][2]);
    }
    for (int a = 0; a < 360; a++) {
        if (a % 90 == 0)
            continue;
        shoals_offset(1, a, &dx, &dy);
        if (dx != 0 || dy != 0)
            fail_msg("distance 1 at %d degrees moved to %d,%d", a, dx, dy);
    }
    /* truncation toward zero, not rounding: 10 at 45 degrees is 7.07 -> 7; at 135 -7 */
    shoals_offset(10, 45, &dx, &dy);
    assert_int_equal(dx, 7);
    assert_int_equal(dy, 7);
    shoals_offset(10, 135, &dx, &dy);
    assert_int_equal(dx, -7);
    assert_int_equal(dy, 7);
    /* sin 30 in doubles is 0.49999999999999994: 2 * it truncates to 0, cos 60 to 1 */
    shoals_offset(2, 30, &dx, &dy);
    assert_int_equal(dy, 0);
    shoals_offset(2, 60, &dx, &dy);
    assert_int_equal(dx, 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_blog_raw_map),
        cmocka_unit_test(test_blog_smoothed_map),
        cmocka_unit_test(test_smooth_5x5),
        cmocka_unit_test(test_trig),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
