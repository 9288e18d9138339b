/* test_rising: rising (spec/rising.md): the rates converge over 400 floors,
 * stacking by the real ground on hand-built floors (exact gaps and falls in cm), pinned
 * squares untouched, no floor of seeds 1-200 failing the checks, and a walk down the
 * lifts and back up a spiral and a ladder with its squares counted. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>
#include <string.h>

#include "engine/path.h"
#include "gen/check.h"
#include "gen/gen.h"
#include "gen/rising.h"
#include "gen/stored.h"

#define ROOMS_DIR DELVE_SOURCE_DIR "/assets/rooms"

#define RATE_FLOORS 400

/* 1 when count of n lies within 3 standard errors of n * num / den:
 * (count * den - n * num)^2 <= 9 * n * num * (den - num). */
static int within_3se(int64_t count, int64_t n, const gen_rate *g)
{
    int64_t d = count * g->den - n * g->num;
    return d * d <= 9 * n * g->num * (g->den - g->num);
}

static void make(uint64_t seed, int floors, dungeon *d)
{
    gen_opts o = gen_defaults(seed);
    o.floors = floors;
    delve_err e = { "" };
    if (gen_dungeon(&o, d, &e) != DELVE_OK)
        fail_msg("seed %llu: %s", (unsigned long long)seed, e.msg);
}

/* Wants over seeds 1-400 floor 1 (and the pair want), and what was laid, each within 3
 * standard errors of its rate; the counts themselves are exact for these seeds. */
static void test_rates_converge(void **state)
{
    (void)state;
    int64_t want[6] = { 0 }, laid[5] = { 0 }, corners = 0, curves = 0, ways_in = 0, ramps = 0;
    for (uint64_t s = 1; s <= RATE_FLOORS; s++) {
        rising_wants w;
        rising_wants_draw(s, 0, &w);
        assert_in_range(w.bends, 1, 3);
        int v[6] = { w.bends, w.sunk, w.raised, w.graded, w.spiral_within, w.spiral_between };
        for (int i = 0; i < 6; i++)
            want[i] += v[i];
        dungeon d;
        make(s, 1, &d);
        const rising_log *g = &d.floors[0].rising;
        laid[0] += g->bends, laid[1] += g->sunk, laid[2] += g->raised, laid[3] += g->graded;
        laid[4] += g->spirals_within;
        corners += 4 * g->bends, curves += g->curves;
        ways_in += g->ways_in, ramps += g->ramps;
        assert_int_equal(g->tries, GEN_RISING_TRIES);
        dungeon_free(&d);
    }
    static const gen_rate_id ID[] = { GEN_RATE_SUNK, GEN_RATE_RAISED, GEN_RATE_GRADED,
                                      GEN_RATE_SPIRAL_WITHIN, GEN_RATE_SPIRAL_BETWEEN };
    for (int i = 0; i < 5; i++) {
        if (!within_3se(want[i + 1], RATE_FLOORS, rates_get(ID[i])))
            fail_msg("%s wanted %lld of %d", rates_get(ID[i])->name,
                     (long long)want[i + 1], RATE_FLOORS);
        if (i < 4 && !within_3se(laid[i + 1], RATE_FLOORS, rates_get(ID[i])))
            fail_msg("%s laid %lld of %d", rates_get(ID[i])->name, (long long)laid[i + 1],
                     RATE_FLOORS);
    }
    assert_true(within_3se(curves, corners, rates_get(GEN_RATE_CURVE)));
    assert_true(within_3se(ramps, ways_in, rates_get(GEN_RATE_RAMP)));
    assert_int_equal(ways_in, 1173);
    assert_int_equal(ramps, 390);
    /* bends 1..3 uniformly: mean 2, sd sqrt(2/3); 3 se over 400 floors is 0.122 */
    assert_in_range(want[0] * 1000 / RATE_FLOORS, 2000 - 122, 2000 + 122);
    int64_t exact[] = { want[0], want[1], want[2], want[3], want[4], want[5],
                        laid[0], laid[1], laid[2], laid[3], laid[4], corners, curves };
    int64_t expect[] = { 787, 291, 146, 127, 249, 228, 785, 291, 144, 127, 249, 3140, 1554 };
    for (size_t i = 0; i < sizeof exact / sizeof exact[0]; i++)
        if (exact[i] != expect[i])
            fail_msg("count %zu is %lld, not %lld", i, (long long)exact[i], (long long)expect[i]);
}

/* A hand-built 8 x 3 floor: row 1 open from x 1 to 6, heights per x. */
static void fixture(dfloor *f, int index, const int32_t *h)
{
    assert_int_equal(floor_init(f, index, 8, 3, NULL), DELVE_OK);
    for (int x = 1; x <= 6; x++) {
        floor_set(f, x, 1, T_FLOOR);
        f->height_cm[1 * 8 + x] = h[x];
    }
}

/* Upper floor sunk 1 m at x 3..4 above a lower floor with a roof 50 cm taller at x 5
 * and a part sunk 1 m at x 1: the lower floor stands 750 cm down (not 600), the gap
 * the sunk square over the tall roof needs; falls are the true distances. */
static void test_stacking_fixture(void **state)
{
    (void)state;
    static const int32_t UP[8] = { 0, 0, 0, -100, -100, 0, 0, 0 };
    static const int32_t LO[8] = { 0, -100, 0, 0, 0, 50, 0, 0 };
    dungeon d;
    assert_int_equal(dungeon_init(&d, 1, 2, NULL), DELVE_OK);
    fixture(&d.floors[0], 0, UP);
    fixture(&d.floors[1], 1, LO);
    dungeon_stack(&d);
    /* at x 4: -100 (sunk) - 200 (rock) - (50 + 400) (the roof at x 5 within reach 1) */
    assert_int_equal(d.datum_cm[1], -750);
    assert_int_equal(dungeon_fall_cm(&d, 0, 4, 1), -100 - (-750 + 0));  /* sunk upper: 650 */
    assert_int_equal(dungeon_fall_cm(&d, 0, 1, 1), 0 - (-750 - 100));   /* sunk landing: 850 */
    assert_int_equal(dungeon_fall_cm(&d, 0, 6, 1), 750);
    /* both plain: 600 apart */
    static const int32_t FLAT[8] = { 0 };
    memcpy(d.floors[0].height_cm + 8, FLAT, sizeof FLAT);
    memcpy(d.floors[1].height_cm + 8, FLAT, sizeof FLAT);
    dungeon_stack(&d);
    assert_int_equal(d.datum_cm[1], -600);
    dungeon_free(&d);
}

static int count_kind(const check_list *l, check_kind k)
{
    int n = 0;
    for (int i = 0; i < l->count; i++)
        n += l->items[i].kind == k;
    return n;
}

/* A spiral's winding must fit its rise: level ends (0 cm) or a 13 m rise are found, once
 * per spiral; a 3 m part below it is 4 quarter turns and fits. */
static void test_spiral_winding_check(void **state)
{
    (void)state;
    static const int32_t FLAT[8] = { 0 };
    dungeon d;
    assert_int_equal(dungeon_init(&d, 1, 2, NULL), DELVE_OK);
    fixture(&d.floors[0], 0, FLAT);
    fixture(&d.floors[1], 1, FLAT);
    dfloor *f = &d.floors[0];
    assert_int_equal(floor_add_way(f, (way){ WAY_SPIRAL, 2, 1, 0, 5, 1 }, NULL), DELVE_OK);
    assert_int_equal(floor_add_way(f, (way){ WAY_SPIRAL, 5, 1, 0, 2, 1 }, NULL), DELVE_OK);
    dungeon_stack(&d);
    check_list l = { 0 };
    assert_int_equal(check_dungeon(&d, &l, NULL), DELVE_OK);
    assert_int_equal(count_kind(&l, CK_SPIRAL_WINDING), 1);
    check_list_free(&l);
    f->height_cm[1 * 8 + 5] = -300;
    dungeon_stack(&d);
    assert_int_equal(dungeon_spiral_quarter_turns(300), 4);
    memset(&l, 0, sizeof l);
    assert_int_equal(check_dungeon(&d, &l, NULL), DELVE_OK);
    assert_int_equal(count_kind(&l, CK_SPIRAL_WINDING), 0);
    check_list_free(&l);
    f->height_cm[1 * 8 + 5] = -1300;  /* 17 quarter turns */
    dungeon_stack(&d);
    memset(&l, 0, sizeof l);
    assert_int_equal(check_dungeon(&d, &l, NULL), DELVE_OK);
    assert_int_equal(count_kind(&l, CK_SPIRAL_WINDING), 1);
    check_list_free(&l);
    dungeon_free(&d);
}

/* In generated dungeons a pit falls what the stacking says: ground above minus ground
 * below, heights included, for every pit of seeds 1-60. */
static void test_pits_fall_true_distance(void **state)
{
    (void)state;
    int pits = 0, off_plain = 0;
    for (uint64_t s = 1; s <= 60; s++) {
        dungeon d;
        make(s, 3, &d);
        for (int k = 0; k + 1 < d.floor_count; k++)
            for (int i = 0; i < d.floors[k].pit_count; i++) {
                const pit *p = &d.floors[k].pits[i];
                int32_t want = d.datum_cm[k] + d.floors[k].height_cm[p->y * d.floors[k].w + p->x] -
                               d.datum_cm[k + 1] -
                               d.floors[k + 1].height_cm[p->y * d.floors[k + 1].w + p->x];
                assert_int_equal(dungeon_fall_cm(&d, k, p->x, p->y), want);
                off_plain += want != 600;
                pits++;
            }
        dungeon_free(&d);
    }
    assert_int_equal(pits, 29);
    assert_int_equal(off_plain, 23); /* floors stand deeper under sunk parts */
}

/* Pinned squares are never touched: a whole floor pinned comes out of rising as it
 * went in, and with one room pinned that room keeps every square and its height. */
static void test_pins_kept(void **state)
{
    (void)state;
    gen_opts o = gen_defaults(12);
    o.floors = 1;
    o.rising = 0;
    dfloor f;
    assert_int_equal(gen_floor_alone(&o, 0, &f, NULL), DELVE_OK);
    size_t n = (size_t)f.w * (size_t)f.h;
    uint8_t t0[GEN_FLOOR_W * GEN_FLOOR_H];
    int32_t h0[GEN_FLOOR_W * GEN_FLOOR_H];
    memcpy(t0, f.terrain, n);
    memcpy(h0, f.height_cm, n * sizeof *h0);
    memset(f.marks, SQ_PIN, n);
    assert_int_equal(rising_floor(12, &f, NULL, NULL), DELVE_OK);
    assert_memory_equal(f.terrain, t0, n);
    assert_memory_equal(f.height_cm, h0, n * sizeof *h0);
    assert_int_equal(f.rising.sunk + f.rising.raised + f.rising.graded + f.rising.bends, 0);
    /* only the rooms pinned (walls included): corridors may bend, rooms stay */
    memset(f.marks, 0, n);
    for (int r = 0; r < f.room_count; r++)
        for (int y = f.rooms[r].y - 1; y <= f.rooms[r].y + f.rooms[r].h; y++)
            for (int x = f.rooms[r].x - 1; x <= f.rooms[r].x + f.rooms[r].w; x++)
                f.marks[y * f.w + x] = SQ_PIN;
    assert_int_equal(rising_floor(12, &f, NULL, NULL), DELVE_OK);
    for (size_t i = 0; i < n; i++)
        if (f.marks[i]) {
            assert_int_equal(f.terrain[i], t0[i]);
            assert_int_equal(f.height_cm[i], h0[i]);
        }
    assert_true(f.rising.bends > 0);
    floor_free(&f);
}

/* A floor that fails the hard check whatever is laid (its goal walled in) gets every try
 * taken off whole: it comes out as it went in, with the pieces counted as taken off. */
static void test_failing_try_taken_off(void **state)
{
    (void)state;
    gen_opts o = gen_defaults(12);
    o.floors = 1;
    o.rising = 0;
    dfloor f;
    assert_int_equal(gen_floor_alone(&o, 0, &f, NULL), DELVE_OK);
    for (int d = 0; d < 4; d++)
        floor_set(&f, f.goal_x + DIR4_DX[d], f.goal_y + DIR4_DY[d], T_WALL);
    size_t n = (size_t)f.w * (size_t)f.h;
    uint8_t t0[GEN_FLOOR_W * GEN_FLOOR_H];
    memcpy(t0, f.terrain, n);
    assert_int_equal(rising_floor(12, &f, NULL, NULL), DELVE_OK);
    assert_memory_equal(f.terrain, t0, n);
    assert_int_equal(f.rising.bends + f.rising.sunk + f.rising.raised + f.rising.graded, 0);
    assert_int_equal(f.rising.refused, 2); /* try 0's two pieces: ties keep the first try */
    floor_free(&f);
}

/* The stored rooms in assets/rooms/, in name order, with their sizes and secrets; a bad
 * glyph is refused at its line and column. */
static void test_stored_parse(void **state)
{
    (void)state;
    stored_rooms *sr = malloc(sizeof *sr);
    assert_non_null(sr);
    assert_int_equal(stored_load(ROOMS_DIR, sr, NULL), DELVE_OK);
    assert_int_equal(sr->count, 3);
    assert_string_equal(sr->rooms[0].name, "fountain-court");
    assert_string_equal(sr->rooms[1].name, "hidden-closet");
    assert_string_equal(sr->rooms[2].name, "pillared-hall");
    assert_int_equal(sr->rooms[1].w, 6);
    assert_int_equal(sr->rooms[1].h, 5);
    assert_int_equal(sr->rooms[1].secret_count, 1);
    assert_int_equal(sr->rooms[1].terrain[3 * 6 + 3], T_DOOR);
    assert_int_equal(sr->rooms[2].terrain[1 * 7 + 1], T_WALL);
    delve_err e = { "" };
    stored_room one;
    assert_int_equal(stored_parse("bad.room", "room x\nsize 2 1\nmap\n.Q\nendmap\n",
                                      &one, &e), DELVE_EINPUT);
    assert_non_null(strstr(e.msg, "bad.room:4:2"));
    assert_int_equal(stored_parse("late.room", "room x\nsize 2 1\nmap\n..\nendmap\n"
                                      "secret 2 0\n", &one, &e), DELVE_EINPUT);
    assert_non_null(strstr(e.msg, "late.room:6:"));
    free(sr);
}

static void expect_room_error(const char *text, const char *want)
{
    stored_room one;
    delve_err e = { "" };
    assert_int_equal(stored_parse("x.room", text, &one, &e), DELVE_EINPUT);
    assert_string_equal(e.msg, want);
}

/* Every number of a .room file is range-checked where it is written (a size past 2^32
 * was read as %d and wrapped), the size comes before the map, and CRLF files read. */
static void test_stored_parse_numbers(void **state)
{
    (void)state;
    expect_room_error("room x\nsize 4294967298 2\nmap\n..\nendmap\n",
                      "x.room:2:6: the width 4294967298 is outside 1..16");
    expect_room_error("room x\nsize 2 1x\nmap\n..\nendmap\n",
                      "x.room:2:9: unexpected 'x' in the height");
    expect_room_error("room x\nsize 2 -1\n", "x.room:2:8: the height -1 is outside 1..16");
    expect_room_error("room x\nsize 2 1 1\n", "x.room:2:10: unexpected text at the end of "
                      "the line");
    expect_room_error("room x\nsize 2 1\nmap\n..\nendmap\nsize 16 16\n",
                      "x.room:6:1: 'size W H' comes before the map");
    expect_room_error("room x\nsize 2 1\nmap\n..\nendmap\nsecret 2 0\n",
                      "x.room:6:8: x 2 is outside 0..1");
    expect_room_error("room x\nsize 2 1\nmap\n..\nendmap\nsecret 0 99999999999\n",
                      "x.room:6:10: y 99999999999 is outside 0..0");
    expect_room_error("room x\nsecret 0 0\n", "x.room:2:1: 'secret X Y' comes after the map");
    stored_room one;
    delve_err e = { "" };
    const char *crlf = "# a comment\r\nroom x\r\nsize 2 1\r\nmap\r\n.#\r\nendmap\r\n"
                       "secret 1 0\r\n";
    if (stored_parse("crlf.room", crlf, &one, &e) != DELVE_OK)
        fail_msg("%s", e.msg);
    assert_string_equal(one.name, "x");
    assert_int_equal(one.w, 2);
    assert_int_equal(one.terrain[1], T_WALL);
    assert_int_equal(one.secret_count, 1);
    assert_int_equal(one.sx[0], 1);
}

/* With stored rooms, seeds 1-40 (one floor): where a try laid one, every drawn square is
 * the stored room's square, pinned, at height 0 (its floor level kept), its secrets
 * marked; the checks find nothing. */
static void test_stored_rooms_kept(void **state)
{
    (void)state;
    stored_rooms *sr = malloc(sizeof *sr);
    assert_non_null(sr);
    assert_int_equal(stored_load(ROOMS_DIR, sr, NULL), DELVE_OK);
    int laid = 0, secrets = 0;
    for (uint64_t seed = 1; seed <= 40; seed++) {
        gen_opts o = gen_defaults(seed);
        o.floors = 1;
        o.stored = sr;
        dungeon d;
        assert_int_equal(gen_dungeon(&o, &d, NULL), DELVE_OK);
        const dfloor *f = &d.floors[0];
        int x0 = f->w, y0 = f->h, x1 = -1, y1 = -1;
        for (int y = 0; y < f->h; y++)
            for (int x = 0; x < f->w; x++)
                if (f->marks[y * f->w + x] & SQ_DRAWN) {
                    x0 = x < x0 ? x : x0, y0 = y < y0 ? y : y0;
                    x1 = x > x1 ? x : x1, y1 = y > y1 ? y : y1;
                    assert_true(f->marks[y * f->w + x] & SQ_PIN);
                    assert_int_equal(f->height_cm[y * f->w + x], 0);
                    secrets += (f->marks[y * f->w + x] & SQ_SECRET) != 0;
                }
        assert_int_equal(f->rising.stored, x1 >= 0);
        if (x1 >= 0) {
            const stored_room *s = NULL;
            for (int i = 0; i < sr->count; i++)
                if (sr->rooms[i].w == x1 - x0 + 1 && sr->rooms[i].h == y1 - y0 + 1)
                    s = &sr->rooms[i];
            assert_non_null(s);
            for (int y = 0; y < s->h; y++)
                for (int x = 0; x < s->w; x++)
                    assert_int_equal(f->terrain[(y0 + y) * f->w + x0 + x], s->terrain[y * s->w + x]);
            laid++;
        }
        check_list l = { 0 };
        assert_int_equal(check_dungeon(&d, &l, NULL), DELVE_OK);
        assert_int_equal(l.errors, 0);
        check_list_free(&l);
        dungeon_free(&d);
    }
    assert_int_equal(laid, 40);
    assert_int_equal(secrets, 39); /* the chooser keeps the try with the closet's secret */
    free(sr);
}

/* No dungeon of seeds 1-200 (3 floors) has a check error, and rising laid in them. */
static void test_no_failures_1_200(void **state)
{
    (void)state;
    int64_t c[RK_COUNT] = { 0 };
    for (uint64_t s = 1; s <= 200; s++) {
        dungeon d;
        make(s, 3, &d);
        check_list l = { 0 };
        assert_int_equal(check_dungeon(&d, &l, NULL), DELVE_OK);
        if (l.errors)
            fail_msg("seed %llu: %s", (unsigned long long)s, l.items[0].reason);
        check_list_free(&l);
        rising_count(&d, c);
        dungeon_free(&d);
    }
    assert_int_equal(c[RK_FLOORS], 600);
    assert_int_equal(c[RK_LIFTS], 400);
    assert_int_equal(c[RK_LADDERS], 400);
    assert_int_equal(c[RK_SPIRALS_BETWEEN], 226);
}

/* The way of kind k on floor f leading to floor to; -1 when none. */
static int way_to(const dfloor *f, way_kind k, int to)
{
    for (int i = 0; i < f->way_count; i++)
        if (f->ways[i].kind == k && f->ways[i].to_floor == to)
            return i;
    return -1;
}

/* Walks on floor `fl` from (x, y) to way wi, rides it; returns the squares walked. */
static int leg(const dungeon *d, int fl, int *x, int *y, int wi, int *to)
{
    const way *w = &d->floors[fl].ways[wi];
    path p = { 0 };
    assert_int_equal(path_find(d, (path_step){ fl, *x, *y }, (path_step){ fl, w->x, w->y },
                               PATH_NO_WAYS, &p, NULL), DELVE_OK);
    int steps = p.count - 1;
    path_free(&p);
    *x = w->to_x, *y = w->to_y, *to = w->to_floor;
    return steps;
}

/* From floor 1's entrance down the lifts to floor 3, up the spiral to floor 2 and the
 * ladder to floor 1: the first seed with a spiral between floors 2 and 3 is 2. */
static void test_walk_down_and_up(void **state)
{
    (void)state;
    uint64_t seed = 1;
    dungeon d;
    for (;; seed++) {
        make(seed, 3, &d);
        if (way_to(&d.floors[2], WAY_SPIRAL, 1) >= 0)
            break;
        dungeon_free(&d);
    }
    assert_int_equal(seed, 2);
    int fl = 0, x = d.floors[0].entrance_x, y = d.floors[0].entrance_y, walked = 0, to;
    static const struct { way_kind k; int from, to; } LEGS[] = {
        { WAY_LIFT, 0, 1 }, { WAY_LIFT, 1, 2 }, { WAY_SPIRAL, 2, 1 }, { WAY_LADDER, 1, 0 },
    };
    for (int i = 0; i < 4; i++) {
        assert_int_equal(fl, LEGS[i].from);
        int wi = way_to(&d.floors[fl], LEGS[i].k, LEGS[i].to);
        assert_true(wi >= 0);
        walked += leg(&d, fl, &x, &y, wi, &to);
        fl = to;
    }
    assert_int_equal(fl, 0);
    assert_int_equal(walked, 128); /* the source's walk was 268 on its own generator */
    dungeon_free(&d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rates_converge),
        cmocka_unit_test(test_stacking_fixture),
        cmocka_unit_test(test_spiral_winding_check),
        cmocka_unit_test(test_pits_fall_true_distance),
        cmocka_unit_test(test_pins_kept),
        cmocka_unit_test(test_failing_try_taken_off),
        cmocka_unit_test(test_stored_parse),
        cmocka_unit_test(test_stored_parse_numbers),
        cmocka_unit_test(test_stored_rooms_kept),
        cmocka_unit_test(test_no_failures_1_200),
        cmocka_unit_test(test_walk_down_and_up),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
