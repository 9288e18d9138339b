/* test_shoals: the Shoals generator (gen/shoals/shoals.c) and the tide (engine/tide.c). The
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
#include "films/film.h"
#include "gen/gen.h"
#include "gen/shoals/shoals.h"
#include "gen/shoals/shoals_stats.h"
#include "render/frame.h"
#include "render/shore.h"

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

/* The tide's step rule from (0, +2): back to (0, +2) after exactly TIDE_PERIOD steps and
 * never before; raw -36..50, whole units -18..+25; 28 steps from 0 up to +50. */
static void test_tide_period(void **state)
{
    (void)state;
    int raw = 0, vel = 2, lo = 0, hi = 0, first_top = -1;
    for (int i = 1; i <= 1000; i++) {
        tide_step(&raw, &vel);
        lo = raw < lo ? raw : lo;
        hi = raw > hi ? raw : hi;
        if (raw == TIDE_RAW_HIGH && first_top < 0)
            first_top = i;
        if (raw == 0 && vel == 2) {
            assert_int_equal(i, 100);
            break;
        }
        assert_true(i < 100);
    }
    assert_int_equal(lo, -36);
    assert_int_equal(hi, 50);
    assert_int_equal(tide_units(lo), -18);
    assert_int_equal(tide_units(hi), 25);
    assert_int_equal(first_top, 28);
    /* halving near the top: from 44 (within 8 of 50) at +2, the next step makes v 1 */
    raw = 42, vel = 2;
    tide_step(&raw, &vel);
    assert_int_equal(raw, 44);
    assert_int_equal(vel, 1);
    assert_int_equal(tide_units(-1), 0); /* truncation toward zero */
}

/* A floor from rows of glyphs: '#' deep (h -20), '=' shallow (h -5), '.' floor (h
 * given by digit rows: '0'..'9' are h 0..9 tens... kept simple: '.' h 5, ',' h 50 (dry
 * at high tide), '^' high (h 120). */
static void floor_from(dfloor *f, const char *const *rows, int w, int h)
{
    assert_int_equal(floor_init(f, 0, w, h, NULL), DELVE_OK);
    f->level_type = LT_SHOALS;
    for (int y = 0; y < h; y++)
        for (int x = 0; x < w; x++) {
            int i = y * w + x, hu;
            terrain t;
            switch (rows[y][x]) {
            case '#': t = T_DEEP, hu = -20; break;
            case '=': t = T_SHALLOW, hu = -5; break;
            case '.': t = T_FLOOR, hu = 5; break;
            case ',': t = T_FLOOR, hu = 50; break;
            default:  t = T_HIGH, hu = 120; break;
            }
            f->terrain[i] = (uint8_t)t;
            f->height_cm[i] = hu * TIDE_CM_PER_UNIT;
        }
}

/* A flat joined to the sea floods one square further inland per update: the sea is on
 * the left (the seeds at x = 1), high ground shuts off the seeds at x = 10. */
static void test_tide_one_square_per_update(void **state)
{
    (void)state;
    static const char *const ROWS[] = {
        "##.......^##",
        "##.......^##",
        "##.......^##",
        "##.......^##",
        "##.......^##",
    };
    dfloor f;
    tide_work tw;
    floor_from(&f, ROWS, 12, 5);
    assert_int_equal(tide_work_init(&tw, 60, NULL), DELVE_OK);
    rng coin = rng_stream(1, RNG_TIDE, 0, 0);
    uint8_t changed[60];
    for (int k = 1; k <= 7; k++) {
        int n = tide_apply(&f, 10, 1, &coin, &tw, changed);
        assert_int_equal(n, 5); /* one column of five squares */
        for (int y = 0; y < 5; y++)
            for (int x = 2; x <= 8; x++) {
                assert_int_equal(f.terrain[y * 12 + x], x <= 1 + k ? T_SHALLOW : T_FLOOR);
                assert_int_equal(changed[y * 12 + x], x == 1 + k);
            }
    }
    assert_int_equal(tide_apply(&f, 10, 1, &coin, &tw, changed), 0);
    /* the tide at 5: h 5 - 5 = 0 is floor again, but only a falling tide drains */
    assert_int_equal(tide_apply(&f, 5, 1, &coin, &tw, changed), 0);
    assert_true(tide_apply(&f, 5, 0, &coin, &tw, changed) > 0);
    assert_int_equal(f.terrain[2], T_FLOOR);
    tide_work_free(&tw);
    floor_free(&f);
}

/* An isolated pool ringed by land keeps its squares through a whole tide cycle, while
 * the flat joined to the sea floods and drains. */
static void test_tide_isolated_pool(void **state)
{
    (void)state;
    static const char *const ROWS[] = {
        "############",
        "#..,,,,,,..#",
        "#..,==.,,..#",
        "#..,=..,,..#",
        "#..,,,,,,..#",
        "############",
    };
    dungeon d;
    assert_int_equal(dungeon_init(&d, 9, 1, NULL), DELVE_OK);
    floor_from(&d.floors[0], ROWS, 12, 6);
    uint8_t before[72];
    memcpy(before, d.floors[0].terrain, 72);
    tide_state ts;
    assert_int_equal(tide_state_init(&ts, &d, 0, NULL), DELVE_OK);
    assert_true(ts.on);
    int flooded_flat = 0, drained_flat = 0;
    for (int step = 1; step <= TIDE_PERIOD; step++) {
        assert_int_equal(tide_state_run(&ts, &d, (int64_t)step * TIDE_ACTION_S), 1);
        const uint8_t *t = d.floors[0].terrain;
        /* the pool at (4,2), (5,2), (4,3) and its floor at (5,3), (6,3), (6,2) */
        static const int POOL[6] = { 2 * 12 + 4, 2 * 12 + 5, 3 * 12 + 4, 3 * 12 + 5,
                                     3 * 12 + 6, 2 * 12 + 6 };
        for (int i = 0; i < 6; i++)
            if (t[POOL[i]] != before[POOL[i]])
                fail_msg("step %d: pool square %d,%d changed", step, POOL[i] % 12, POOL[i] / 12);
        flooded_flat |= t[1 * 12 + 1] == T_SHALLOW;
        drained_flat |= flooded_flat && t[1 * 12 + 1] == T_FLOOR;
    }
    assert_true(flooded_flat);
    assert_true(drained_flat);
    assert_int_equal(ts.raw, 0);
    assert_int_equal(ts.vel, 2);
    /* a month later and 37 steps: whole cycles skipped, the tide where 37 steps put it */
    int raw = 0, vel = 2;
    for (int i = 0; i < 37; i++)
        tide_step(&raw, &vel);
    int64_t month = (int64_t)30 * 86400 / (TIDE_PERIOD * TIDE_ACTION_S) * TIDE_PERIOD * TIDE_ACTION_S;
    int applied = tide_state_run(&ts, &d, TIDE_PERIOD * TIDE_ACTION_S + month + 37 * TIDE_ACTION_S);
    assert_int_equal(applied, 2 * TIDE_PERIOD + 37);
    assert_int_equal(ts.raw, raw);
    assert_int_equal(ts.vel, vel);
    assert_int_equal(ts.steps, (uint32_t)(TIDE_PERIOD + month / TIDE_ACTION_S + 37));
    tide_state_free(&ts);
    dungeon_free(&d);
}

/* The spec's walk, slow and plain (a5): a queue from the four inner corners, every
 * square popped once, 8 neighbours; for a rising tide only (no coins are flipped). */
static int ref_rise(dfloor *f, int tide)
{
    int w = f->w, h = f->h, n = w * h, head = 0, tail = 0, count = 0;
    int *q = malloc((size_t)n * sizeof *q);
    uint8_t *seen = calloc((size_t)n, 1);
    assert_true(q && seen);
    int seeds[4] = { w + 1, w + w - 2, (h - 2) * w + 1, (h - 2) * w + w - 2 };
    for (int k = 0; k < 4; k++)
        if (!seen[seeds[k]])
            seen[seeds[k]] = 1, q[tail++] = seeds[k];
    while (head < tail) {
        int i = q[head++];
        uint8_t t = f->terrain[i];
        int wet = t == T_DEEP || t == T_SHALLOW;
        if (t == T_FLOOR && f->height_cm[i] / TIDE_CM_PER_UNIT - tide < 0) {
            f->terrain[i] = T_SHALLOW;
            count++;
        }
        if (!wet)
            continue;
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++) {
                int x = i % w + dx, y = i / w + dy, j = y * w + x;
                if ((dx || dy) && x >= 0 && y >= 0 && x < w && y < h && !seen[j] &&
                    (f->terrain[j] == T_DEEP || f->terrain[j] == T_SHALLOW ||
                     f->terrain[j] == T_FLOOR))
                    seen[j] = 1, q[tail++] = j;
            }
    }
    free(q);
    free(seen);
    return count;
}

/* tide_apply (which starts from the open sea's edge) changes the same squares as the
 * plain walk, update by update, on a real floor from tide 0 up to +25. */
static void test_tide_matches_plain_walk(void **state)
{
    (void)state;
    dfloor a, b;
    tide_work tw;
    assert_int_equal(shoals_layout(11, 15, 0, &a, NULL), DELVE_OK);
    assert_int_equal(floor_copy(&b, &a, NULL), DELVE_OK);
    assert_int_equal(tide_work_init(&tw, a.w * a.h, NULL), DELVE_OK);
    rng coin = rng_stream(11, RNG_TIDE, 0, 0);
    int total = 0;
    for (int tide = 1; tide <= 25; tide++)
        for (int rep = 0; rep < 3; rep++) {
            int n = tide_apply(&a, tide, 1, &coin, &tw, NULL);
            assert_int_equal(n, ref_rise(&b, tide));
            assert_memory_equal(a.terrain, b.terrain, (size_t)a.w * a.h);
            total += n;
        }
    assert_true(total > 100); /* the flats did flood */
    tide_work_free(&tw);
    floor_free(&a);
    floor_free(&b);
}

/* Shallow water halves the pace: the table, and a walk through it in the world. */
static void test_walk_cost(void **state)
{
    (void)state;
    assert_int_equal(tide_speed_pct(T_SHALLOW), 50);
    assert_int_equal(tide_speed_pct(T_FLOOR), 100);
    assert_int_equal(tide_speed_pct(T_HIGH), 100);
    assert_int_equal(tide_speed_pct(T_CORRIDOR), 100);
    /* across 4 shallow squares of 7: 60 sub-steps at 10 cm of time, 80 at 20: 22 s */
    static const char *const ROWS[] = {
        "############",
        "#,,,,,,,,,.#",
        "#,,,====,,,#",
        "#,,,,,,,,,,#",
        "############",
    };
    for (int wade = 0; wade < 2; wade++) {
        dungeon d;
        assert_int_equal(dungeon_init(&d, 3, 1, NULL), DELVE_OK);
        floor_from(&d.floors[0], ROWS, 12, 5);
        if (!wade)
            for (int x = 4; x <= 7; x++)
                d.floors[0].terrain[2 * 12 + x] = T_FLOOR;
        d.floors[0].entrance_x = 2, d.floors[0].entrance_y = 2;
        party p;
        film_default_party(&p);
        world w;
        assert_int_equal(world_init(&w, &d, &p, NULL), DELVE_OK);
        assert_int_equal(world_walk_to(&w, 0, 9, 2, NULL), DELVE_OK);
        while (world_tick(&w) != PHASE_IDLE)
            ;
        assert_int_equal(w.clock_s - WORLD_START_S, wade ? 22 : 14);
        assert_int_equal(w.tide.steps, wade ? 11 : 7);
        world_free(&w);
    }
    /* standing on the flat at (9,1) (h 5) by the sea (the seed at (10,1)) as the tide
     * rises past 5 (step 6, 12 s): it floods around the party, an EV_TIDE */
    dungeon d;
    assert_int_equal(dungeon_init(&d, 3, 1, NULL), DELVE_OK);
    floor_from(&d.floors[0], ROWS, 12, 5);
    d.floors[0].terrain[1 * 12 + 10] = T_DEEP;
    d.floors[0].height_cm[1 * 12 + 10] = -20 * TIDE_CM_PER_UNIT;
    d.floors[0].height_cm[1 * 12 + 9] = 5 * TIDE_CM_PER_UNIT;
    d.floors[0].entrance_x = 9, d.floors[0].entrance_y = 1;
    party p;
    film_default_party(&p);
    world w;
    assert_int_equal(world_init(&w, &d, &p, NULL), DELVE_OK);
    world_wait(&w, 10);
    assert_int_equal(floor_at(&w.dg.floors[0], 9, 1), T_FLOOR);
    int before = w.log.count;
    world_wait(&w, 2);
    assert_int_equal(floor_at(&w.dg.floors[0], 9, 1), T_SHALLOW);
    assert_int_equal(w.log.ev[before].kind, EV_TIDE);
    assert_int_equal(w.log.ev[before].amount, 6);
    assert_string_equal(w.log.ev[before].text, "Tide +6 floods in around the party: wading");
    assert_string_equal(event_kind_name(EV_TIDE), "tide");
    assert_int_equal(floor_at(&w.dg.floors[0], 8, 1), T_FLOOR); /* ',' h 50 stays dry */
    char line[160];
    assert_string_equal(world_describe(&w, 0, 5, 2, line, sizeof line),
                        "5,2: shallow water: ground -0.25 m, the tide +0.30 m; wading, half pace");
    assert_string_equal(world_describe(&w, 0, 8, 1, line, sizeof line),
                        "8,1: floor: ground +2.50 m, the tide +0.30 m");
    assert_string_equal(world_describe(&w, 0, 10, 1, line, sizeof line),
                        "10,1: deep water: ground -1.00 m, the tide +0.30 m; too deep to wade");
    world_free(&w);
}

/* Seed 42's three Shoals floors: 70 x 60, heights in whole units, terrain from the
 * thresholds, ways on dry land that the validator accepts, each floor the same when
 * generated alone; and the validator refuses a way moved into deep water. */
static void test_generate_and_validate(void **state)
{
    (void)state;
    gen_opts o = gen_defaults(42);
    o.type = LT_SHOALS;
    dungeon d;
    delve_err e = { { 0 } };
    if (gen_dungeon(&o, &d, &e) != DELVE_OK)
        fail_msg("%s", e.msg);
    for (int k = 0; k < d.floor_count; k++) {
        const dfloor *f = &d.floors[k];
        assert_int_equal(f->w, SHOALS_W);
        assert_int_equal(f->h, SHOALS_H);
        assert_int_equal(f->level_type, LT_SHOALS);
        assert_int_equal(shoals_check(f, &e), DELVE_OK);
        for (int i = 0; i < f->way_count; i++)
            assert_true(shoals_dry_at_high_tide(f, f->ways[i].x, f->ways[i].y));
        for (int i = 0; i < f->w * f->h; i++) {
            assert_int_equal(f->height_cm[i] % TIDE_CM_PER_UNIT, 0);
            assert_int_equal(f->terrain[i], shoals_terrain(tide_ground(f, i)));
        }
        dfloor alone;
        assert_int_equal(gen_floor_alone(&o, k, &alone, &e), DELVE_OK);
        assert_memory_equal(alone.terrain, f->terrain, (size_t)f->w * f->h);
        assert_memory_equal(alone.height_cm, f->height_cm, (size_t)f->w * f->h * 4);
        assert_int_equal(alone.way_count, f->way_count);
        floor_free(&alone);
    }
    /* 4 ways on the middle floor (a lift and a ladder up, and down) */
    assert_int_equal(d.floors[1].way_count, 4);
    /* the validator refuses a way moved into deep water */
    dfloor bad;
    assert_int_equal(floor_copy(&bad, &d.floors[0], NULL), DELVE_OK);
    for (int i = 0; i < bad.w * bad.h; i++)
        if (bad.terrain[i] == T_DEEP) {
            bad.ways[0].x = i % bad.w, bad.ways[0].y = i / bad.w;
            break;
        }
    assert_int_equal(shoals_check(&bad, &e), DELVE_EFAIL);
    assert_non_null(strstr(e.msg, "not on land dry at high tide"));
    floor_free(&bad);
    dungeon_free(&d);
}

/* Islands of two floors that do not lie over each other get two stairs (seed 1 with 5
 * islands): each end dry at high tide on its own floor, the two ends pointing at each
 * other; the world walks from floor 1's entrance to floor 2's goal over them. */
static void test_stairs_between_islands(void **state)
{
    (void)state;
    gen_opts o = gen_defaults(1);
    o.type = LT_SHOALS;
    o.islands = 5;
    o.floors = 2;
    dungeon d;
    delve_err e = { { 0 } };
    if (gen_dungeon(&o, &d, &e) != DELVE_OK)
        fail_msg("%s", e.msg);
    assert_int_equal(d.floors[0].way_count, 2);
    for (int i = 0; i < 2; i++) {
        const way *a = &d.floors[0].ways[i];
        assert_int_equal(a->kind, WAY_STAIR);
        assert_int_equal(a->to_floor, 1);
        assert_true(a->x != a->to_x || a->y != a->to_y);
        assert_true(shoals_dry_at_high_tide(&d.floors[0], a->x, a->y));
        assert_true(shoals_dry_at_high_tide(&d.floors[1], a->to_x, a->to_y));
        int back = floor_way_at(&d.floors[1], a->to_x, a->to_y);
        assert_true(back >= 0);
        assert_int_equal(d.floors[1].ways[back].to_x, a->x);
        assert_int_equal(d.floors[1].ways[back].to_y, a->y);
    }
    party p;
    film_default_party(&p);
    world w;
    int gx = d.floors[1].goal_x, gy = d.floors[1].goal_y;
    assert_int_equal(world_init(&w, &d, &p, NULL), DELVE_OK);
    if (world_walk_to(&w, 1, gx, gy, &e) != DELVE_OK)
        fail_msg("%s", e.msg);
    for (long k = 0; world_tick(&w) != PHASE_IDLE; k++)
        assert_true(k < 1000000);
    assert_int_equal(w.floor, 1);
    assert_int_equal(world_sx(&w), gx);
    assert_int_equal(world_sy(&w), gy);
    world_free(&w);
}

/* The look: bands by terrain, height and tide; and the tile cache is keyed by what
 * changes the look: one cache reused across two tides gives the same pixels as a fresh
 * cache for each, and the flat's squares differ between the tides. */
static void test_shore_look(void **state)
{
    (void)state;
    static const char *const ROWS[] = {
        "############",
        "##....,,,^##",
        "##==..,,,^##",
        "##....,,,^##",
        "############",
    };
    dungeon d;
    assert_int_equal(dungeon_init(&d, 5, 1, NULL), DELVE_OK);
    floor_from(&d.floors[0], ROWS, 12, 5);
    const dfloor *f = &d.floors[0];
    assert_int_equal(shore_band_of(f, 0, 0), SB_DEEP_EDGE);        /* 20 under */
    assert_int_equal(shore_band_of(f, 0, 10), SB_DEEP);            /* 30 under */
    assert_int_equal(shore_band_of(f, 0, 20), SB_DEEP_DARK);       /* 40 under */
    assert_int_equal(shore_band_of(f, 2 * 12 + 2, 0), SB_SHALLOW_EDGE); /* 5 under */
    assert_int_equal(shore_band_of(f, 2 * 12 + 2, 10), SB_SHALLOW_DEEP); /* 15 under */
    assert_int_equal(shore_band_of(f, 1 * 12 + 3, 0), SB_SAND);    /* h 5, 5 above */
    assert_int_equal(shore_band_of(f, 1 * 12 + 3, 3), SB_WET_SAND);/* 2 above */
    assert_int_equal(shore_band_of(f, 1 * 12 + 6, 0), SB_GRASS);   /* h 50 */
    assert_int_equal(shore_band_of(f, 1 * 12 + 9, 0), SB_HIGH);
    d.floors[0].entrance_x = 7, d.floors[0].entrance_y = 2;
    party p;
    film_default_party(&p);
    world w;
    assert_int_equal(world_init(&w, &d, &p, NULL), DELVE_OK);
    frame_opts vo = frame_defaults();
    vo.hud = 0, vo.whole_floor = 1, vo.follow = 0, vo.cam_floor = 0, vo.zoom = 8;
    canvas shared[2], fresh[2];
    vo.cache = frame_cache_new();
    for (int k = 0; k < 2; k++) {
        w.tide.raw = k ? 20 : 0; /* tide 0, then +10: the flat's shading changes */
        assert_int_equal(canvas_init(&shared[k], 96, 40, NULL), DELVE_OK);
        assert_int_equal(canvas_init(&fresh[k], 96, 40, NULL), DELVE_OK);
        frame_opts one = vo;
        one.cache = NULL; /* a temporary cache for this frame alone */
        assert_int_equal(frame_render(&shared[k], &w, &vo, NULL, NULL), DELVE_OK);
        assert_int_equal(frame_render(&fresh[k], &w, &one, NULL, NULL), DELVE_OK);
        assert_memory_equal(shared[k].px, fresh[k].px, (size_t)shared[k].stride * 40);
    }
    /* the flat square (3,1) at 8 px a square: its middle pixel differs between tides */
    assert_memory_not_equal(canvas_at(&shared[0], 3 * 8 + 4, 1 * 8 + 4),
                            canvas_at(&shared[1], 3 * 8 + 4, 1 * 8 + 4), 3);
    /* high ground (9,1) looks the same at both */
    assert_memory_equal(canvas_at(&shared[0], 9 * 8 + 4, 1 * 8 + 4),
                        canvas_at(&shared[1], 9 * 8 + 4, 1 * 8 + 4), 4);
    for (int k = 0; k < 2; k++) {
        canvas_free(&shared[k]);
        canvas_free(&fresh[k]);
    }
    frame_cache_free(vo.cache);
    world_free(&w);
}

/* Stats: one seed's row is that floor's own counts (sd 0, percentiles = the value);
 * over 1..40 the fractions add up to one and p5 <= mean <= p95; bad ranges refused. */
static void test_stats(void **state)
{
    (void)state;
    shoals_stats st;
    delve_err e = { { 0 } };
    assert_int_equal(shoals_stats_run(3, 3, 15, &st, &e), DELVE_OK);
    dfloor f;
    assert_int_equal(shoals_layout(3, 15, 0, &f, &e), DELVE_OK);
    int deep = 0, high = 0;
    for (int i = 0; i < f.w * f.h; i++) {
        deep += f.terrain[i] == T_DEEP;
        high += f.terrain[i] == T_HIGH;
    }
    floor_free(&f);
    assert_int_equal(st.floors, 1);
    assert_int_equal(st.m[SM_DEEP].mean, (int64_t)deep * 1000000 / 4200);
    assert_int_equal(st.m[SM_HIGH].p95, (int64_t)high * 1000000 / 4200);
    assert_int_equal(st.m[SM_DEEP].sd, 0);
    assert_int_equal(st.m[SM_LAND_PARTS].mean % 1000000, 0);
    assert_int_equal(shoals_stats_run(1, 40, 15, &st, &e), DELVE_OK);
    int64_t sum = 0;
    for (int m = SM_DEEP; m <= SM_HIGH; m++) {
        sum += st.m[m].mean;
        assert_true(st.m[m].p5 <= st.m[m].mean && st.m[m].mean <= st.m[m].p95);
        assert_true(st.m[m].sd > 0);
    }
    assert_true(sum > 1000000 - 8 && sum <= 1000000);
    assert_int_equal(shoals_stats_run(5, 4, 15, &st, &e), DELVE_EINPUT);
    assert_int_equal(shoals_stats_run(1, 2, 0, &st, &e), DELVE_EINPUT);
    char *text = NULL;
    assert_int_equal(shoals_stats_run(1, 3, 15, &st, &e), DELVE_OK);
    assert_int_equal(shoals_stats_text(&st, &text, &e), DELVE_OK);
    assert_non_null(strstr(text, "shoals  seeds 1-3  3 floors  islands 15  70x60\n"));
    assert_non_null(strstr(text, "\nland parts "));
    free(text);
}

/* The draws of a layout try's stream, counted (island k's first two are its centre's y
 * and x: spec/shoals.md b, "cy, cx, R, ..."). */
typedef struct draw_log {
    rng r;
    int n;
    int v[8192];
} draw_log;

static int logged_draw(void *ctx, int max)
{
    draw_log *l = ctx;
    int v = max <= 1 ? 0 : rng_range(&l->r, 0, max - 1);
    if (l->n < (int)(sizeof l->v / sizeof l->v[0]))
        l->v[l->n] = v;
    l->n++;
    return v;
}

/* 8-connected dry land (floor and high ground) from square at into part (-1: none yet),
 * numbered p; returns its squares. */
static int label_land(const dfloor *f, int *part, int at, int p, int *q)
{
    int head = 0, tail = 0;
    q[tail++] = at;
    part[at] = p;
    while (head < tail) {
        int x = q[head] % f->w, y = q[head] / f->w;
        head++;
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++) {
                int nx = x + dx, ny = y + dy, i = ny * f->w + nx;
                if (floor_in(f, nx, ny) && part[i] < 0 &&
                    (f->terrain[i] == T_FLOOR || f->terrain[i] == T_HIGH))
                    part[i] = p, q[tail++] = i;
            }
    }
    return tail;
}

/* islands=N is how many island centres the seed's program raises, not how many islands
 * stay apart: centres are drawn with no spacing, so islands may overlap and merge, and an
 * auxiliary high point (2-10 squares from its centre) may stand apart as an islet, as the
 * seed says ("islands often overlap, and overlapping islands make for more interesting
 * maps", seed 003; spec/shoals.md b). Seed 11 with islands=4 (the golden
 * shoals-seed-00011-islands-4-floor-1.png, the floor of the first try) raises centres at
 * 35,12 and 28,11, which grow into one island, and at 20,42 and 17,44, which grow into
 * another; the 10-square islet with the goal (17,51) and a 2-square speck (29,19) lie
 * within 10 squares of a centre: high points of those islands standing apart. So the
 * floor shows 3 islands for islands=4, by design. */
static void test_islands_merge(void **state)
{
    (void)state;
    gen_opts o = gen_defaults(11);
    o.type = LT_SHOALS;
    o.islands = 4;
    o.floors = 1;
    dfloor f;
    delve_err e = { "" };
    assert_int_equal(gen_floor_alone(&o, 0, &f, &e), DELVE_OK);
    static draw_log l;
    static int h[SHOALS_W * SHOALS_H], part[SHOALS_W * SHOALS_H], q[SHOALS_W * SHOALS_H];
    int cx[4], cy[4], first[4];
    for (int k = 0; k <= 4; k++) { /* the draws of islands 0..k-1 are a prefix */
        memset(&l, 0, sizeof l);
        l.r = rng_stream(11, RNG_LAYOUT, 0, 0);
        shoals_heightmap(h, SHOALS_W, SHOALS_H, k, logged_draw, &l, k == 4);
        if (k < 4)
            first[k] = l.n; /* island k's draws start here */
    }
    for (int k = 0; k < 4; k++) {
        cy[k] = 10 + l.v[first[k]];
        cx[k] = 10 + l.v[first[k] + 1];
    }
    for (int i = 0; i < SHOALS_W * SHOALS_H; i++) /* the floor is the first try's heights */
        assert_int_equal(f.height_cm[i], h[i] * TIDE_CM_PER_UNIT);
    int parts = 0, size[16];
    for (int i = 0; i < SHOALS_W * SHOALS_H; i++)
        part[i] = -1;
    for (int i = 0; i < SHOALS_W * SHOALS_H; i++)
        if (part[i] < 0 && (f.terrain[i] == T_FLOOR || f.terrain[i] == T_HIGH)) {
            assert_true(parts < 16);
            size[parts] = label_land(&f, part, i, parts, q);
            parts++;
        }
    assert_int_equal(parts, 4);
    int want[4] = { 101, 2, 117, 10 };
    for (int p = 0; p < 4; p++)
        assert_int_equal(size[p], want[p]);
    int want_x[4] = { 35, 28, 20, 17 }, want_y[4] = { 12, 11, 42, 44 }, want_part[4] = { 0, 0, 2, 2 };
    for (int k = 0; k < 4; k++) {
        assert_int_equal(cx[k], want_x[k]);
        assert_int_equal(cy[k], want_y[k]);
        assert_int_equal(part[cy[k] * SHOALS_W + cx[k]], want_part[k]);
    }
    floor_free(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_blog_raw_map),
        cmocka_unit_test(test_blog_smoothed_map),
        cmocka_unit_test(test_smooth_5x5),
        cmocka_unit_test(test_trig),
        cmocka_unit_test(test_tide_period),
        cmocka_unit_test(test_tide_one_square_per_update),
        cmocka_unit_test(test_tide_isolated_pool),
        cmocka_unit_test(test_tide_matches_plain_walk),
        cmocka_unit_test(test_walk_cost),
        cmocka_unit_test(test_generate_and_validate),
        cmocka_unit_test(test_stairs_between_islands),
        cmocka_unit_test(test_shore_look),
        cmocka_unit_test(test_stats),
        cmocka_unit_test(test_islands_merge),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
