/* test_doomrl: the DoomRL level types, fluids, rivers, stocking and validator.
 * Each rule of seeds 002 and 000 (spec/doomrl.md) over a fixed seed range, with exact
 * assertions where the rule is exact and 3-standard-error bounds where it is a chance.
 * Reachability is checked by a plain BFS written here, not by gen/'s own walks. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gen/doomrl/doom.h"
#include "gen/doomrl/doomrl.h"
#include "gen/gen.h"

#define N_DRAWS 10000

/* |observed - expected| <= 3 standard errors for a count out of n with chance num/den
 * (integers: (den c - num n)^2 <= 9 n num (den - num)). */
static void within_3se(long count, long n, long num, long den, const char *what)
{
    long long dev = (long long)den * count - (long long)num * n;
    long long var9 = 9LL * n * num * (den - num);
    if (dev * dev > var9)
        fail_msg("%s: %ld of %ld, expected %ld/%ld", what, count, n, num, den);
}

static gen_opts opts(uint64_t seed, int type, int dlevel, int difficulty)
{
    gen_opts o = gen_defaults(seed);
    o.type = type;
    o.dlevel = dlevel;
    o.difficulty = difficulty;
    o.floors = 1;
    return o;
}

/* Floor 0 of (seed, type, dlevel) up to stage; info filled. Caller floor_frees f. */
static void make(uint64_t seed, int type, int dlevel, doom_stage stage, dfloor *f,
                 doom_info *info)
{
    gen_opts o = opts(seed, type, dlevel, 2);
    delve_err e = { { 0 } };
    assert_int_equal(floor_init(f, 0, DOOM_W, DOOM_H, &e), DELVE_OK);
    if (doom_floor_make(&o, 0, stage, f, info, &e) != DELVE_OK)
        fail_msg("seed %llu %s: %s", (unsigned long long)seed, level_type_name(type), e.msg);
}

static terrain at(const dfloor *f, int x, int y)  /* spec coordinates */
{
    return floor_at(f, x - 1, y - 1);
}

static int stand(const dfloor *f, int x, int y)  /* 0-based */
{
    return floor_walkable(f, x, y) && floor_pit_at(f, x, y) < 0;
}

/* Reference BFS from (sx, sy), 0-based, over stand-able squares; dist is w * h. */
static void ref_walk(const dfloor *f, int sx, int sy, int *dist)
{
    int n = f->w * f->h, *q = malloc((size_t)n * sizeof *q), head = 0, tail = 0;
    assert_non_null(q);
    for (int i = 0; i < n; i++)
        dist[i] = -1;
    if (stand(f, sx, sy)) {
        dist[sy * f->w + sx] = 0;
        q[tail++] = sy * f->w + sx;
    }
    while (head < tail) {
        int a = q[head++], x = a % f->w, y = a / f->w;
        for (int d = 0; d < 4; d++) {
            int nx = x + DIR4_DX[d], ny = y + DIR4_DY[d];
            if (floor_in(f, nx, ny) && dist[ny * f->w + nx] < 0 && stand(f, nx, ny)) {
                dist[ny * f->w + nx] = dist[a] + 1;
                q[tail++] = ny * f->w + nx;
            }
        }
    }
    free(q);
}

/* ---- normal ---- */

static void test_normal_rooms_and_parity(void **state)
{
    (void)state;
    int hist[16] = { 0 };
    for (uint64_t seed = 1; seed <= 1000; seed++) {
        dfloor f;
        doom_info in;
        make(seed, LT_NORMAL, 5, DOOM_STAGE_LAYOUT, &f, &in);
        assert_in_range(in.rooms, 1, 11);
        hist[in.rooms]++;
        assert_int_equal(in.rooms, f.room_count);  /* every region is a rectangle */
        for (int y = 2; y <= DOOM_H - 1; y++)
            for (int x = 2; x <= DOOM_W - 1; x++) {
                terrain t = at(&f, x, y);
                if (t == T_WALL || t == T_DOOR)
                    if (x % 2 != 0 && y % 2 != 1)
                        fail_msg("seed %llu: wall at %d,%d off parity",
                                 (unsigned long long)seed, x, y);
            }
        assert_in_range(in.doors, 1, 10);
        floor_free(&f);
    }
    assert_true(hist[11] > 100);  /* most floors have all 11 rooms, some fewer */
    assert_true(hist[10] > 0);
}

/* ---- city ---- */

static void test_city_rooms(void **state)
{
    (void)state;
    int rooms = 0;
    for (uint64_t seed = 1; seed <= 500; seed++) {
        dfloor f;
        doom_info in;
        make(seed, LT_CITY, 7, DOOM_STAGE_LAYOUT, &f, &in);
        for (int i = 0; i < f.room_count; i++) {
            const room *r = &f.rooms[i];
            int x0 = r->x - 1, y0 = r->y - 1, x1 = r->x + r->w, y1 = r->y + r->h, doors = 0;
            assert_in_range(x1 - x0 + 1, 6, 15);  /* walled size, seed 002 */
            assert_in_range(y1 - y0 + 1, 5, 11);
            assert_true(x0 >= 3 && y0 >= 3 && x1 <= DOOM_W - 4 && y1 <= DOOM_H - 4);
            for (int y = y0 - 1; y <= y1 + 1; y++)
                for (int x = x0 - 1; x <= x1 + 1; x++) {
                    terrain t = floor_at(&f, x, y);
                    int ring = x == x0 || x == x1 || y == y0 || y == y1;
                    int buffer = x < x0 || x > x1 || y < y0 || y > y1;
                    int corner = (x == x0 || x == x1) && (y == y0 || y == y1);
                    if (buffer)
                        assert_int_equal(t, T_FLOOR);  /* the 1-square buffer */
                    else if (ring) {
                        assert_true(t == T_WALL || (t == T_DOOR && !corner));
                        doors += t == T_DOOR;
                    } else
                        assert_int_equal(t, T_FLOOR);
                }
            assert_int_equal(doors, 1);
        }
        rooms += f.room_count;
        floor_free(&f);
    }
    assert_true(rooms > 500 * 5);
}

static int masked(const doom_info *in, int i)
{
    return in->river_mask[i / 8] >> (i % 8) & 1;
}

static void test_city_rivers_first(void **state)
{
    (void)state;
    int with = 0;
    for (uint64_t seed = 1; seed <= 600; seed++) {
        dfloor f;
        doom_info in;
        make(seed, LT_CITY, 7, DOOM_STAGE_LAYOUT, &f, &in);
        if (in.river_count) {
            with++;
            assert_int_not_equal(in.river_shape, DOOM_RIVER_HORIZONTAL);
            for (int i = 0; i < f.room_count; i++)
                for (int y = f.rooms[i].y - 2; y < f.rooms[i].y + f.rooms[i].h + 2; y++)
                    for (int x = f.rooms[i].x - 2; x < f.rooms[i].x + f.rooms[i].w + 2; x++)
                        assert_false(masked(&in, y * f.w + x));
        }
        floor_free(&f);
    }
    within_3se(with, 600, 1, 3, "city rivers");
}

/* ---- small rooms ---- */

/* 1 when the 17 x 5 inside of the block at spec (bx0, by0) equals sublayout s flipped. */
static int block_matches(const dfloor *f, int bx0, int by0, int s, int flip)
{
    const char *const *rows = doom_small_sublayout(s);
    for (int j = 1; j < 6; j++)
        for (int i = 1; i < 18; i++) {
            char c = rows[(flip & 2) ? 6 - j : j][(flip & 1) ? 18 - i : i];
            terrain want = c == '#' ? T_WALL : c == '+' ? T_DOOR : T_FLOOR;
            if (at(f, bx0 + i, by0 + j) != want)
                return 0;
        }
    return 1;
}

static void test_small_rooms_sublayouts(void **state)
{
    (void)state;
    int used[DOOM_SMALL_BLOCKS] = { 0 };
    for (uint64_t seed = 1; seed <= 300; seed++) {
        dfloor f;
        doom_info in;
        make(seed, LT_SMALL_ROOMS, 4, DOOM_STAGE_LAYOUT, &f, &in);
        for (int bx = 1; bx <= 4; bx++)
            for (int by = 1; by <= 3; by++) {
                int b = (bx - 1) * 3 + by - 1, any = 0;
                for (int s = 0; s < DOOM_SMALL_BLOCKS; s++)
                    for (int fl = 0; fl < 4; fl++)
                        any |= block_matches(&f, DOOM_SMALL_X(bx), DOOM_SMALL_Y(by), s, fl);
                assert_true(any);
                assert_true(block_matches(&f, DOOM_SMALL_X(bx), DOOM_SMALL_Y(by),
                                          in.small_pick[b], in.small_flip[b]));
                used[in.small_pick[b]]++;
            }
        for (int y = 1; y <= DOOM_H; y++)  /* no door leads into the map's edge */
            for (int x = 1; x <= DOOM_W; x++)
                if (x <= 3 || x >= 75 || y <= 1 || y >= 19)
                    assert_int_not_equal(at(&f, x, y), T_DOOR);
        floor_free(&f);
    }
    for (int s = 0; s < DOOM_SMALL_BLOCKS; s++)
        within_3se(used[s], 300 * 12, 1, 12, "sublayout use");
}

/* ---- arena ---- */

static const char *const ARENA_REF[4][7] = {  /* seed 002's drawings, '@' as '.' */
    { "#...#", ".....", ".....", ".....", "#...#" },
    { "##...##", ".......", ".......", ".......", "##...##" },
    { "##...##", "#.....#", ".......", ".......", ".......", "#.....#", "##...##" },
    { ".##...##.", "##..#..##", ".........", "..#...#..", ".........", "##..#..##",
      ".##...##." },
};
static const int ARENA_W[4] = { 5, 7, 7, 9 }, ARENA_H[4] = { 5, 5, 7, 7 };

static void test_arena_configuration(void **state)
{
    (void)state;
    assert_int_equal(doom_arena_config(2), 1);
    assert_int_equal(doom_arena_config(24), 1);
    assert_int_equal(doom_arena_config(25), 2);
    assert_int_equal(doom_arena_config(34), 2);
    assert_int_equal(doom_arena_config(35), 3);
    assert_int_equal(doom_arena_config(44), 3);
    assert_int_equal(doom_arena_config(45), 4);
    int seen[5] = { 0 };
    for (uint64_t seed = 1; seed <= 400; seed++) {
        int dl = 1 + (int)(seed % 40), cap = dl < 25 ? dl : 25;
        dfloor f;
        doom_info in;
        make(seed, LT_ARENA, dl, DOOM_STAGE_FULL, &f, &in);
        assert_in_range(in.arena_roll, 1 + cap, 25 + cap);
        assert_int_equal(in.arena_config, doom_arena_config(in.arena_roll));
        int k = in.arena_config - 1, walls = 0;
        seen[k + 1]++;
        for (int j = 0; j < ARENA_H[k]; j++)
            for (int i = 0; i < ARENA_W[k]; i++) {
                terrain t = at(&f, 38 - ARENA_W[k] / 2 + i, 10 - ARENA_H[k] / 2 + j);
                assert_int_equal(t, ARENA_REF[k][j][i] == '#' ? T_WALL : T_FLOOR);
            }
        for (int y = 2; y < DOOM_H; y++)
            for (int x = 2; x < DOOM_W; x++)
                walls += at(&f, x, y) == T_WALL;
        int ref = 0;
        for (int j = 0; j < ARENA_H[k]; j++)
            for (int i = 0; i < ARENA_W[k]; i++)
                ref += ARENA_REF[k][j][i] == '#';
        assert_int_equal(walls, ref);  /* no inner walls but the configuration's */
        assert_int_equal(f.entrance_x, 37);
        assert_int_equal(f.entrance_y, 9);
        assert_true((f.goal_x == 1 || f.goal_x == DOOM_W - 2) &&
                    (f.goal_y == 1 || f.goal_y == DOOM_H - 2));
        assert_int_equal(in.fluid_passes, 3);
        assert_int_equal(in.river_count, 0);
        floor_free(&f);
    }
    for (int k = 1; k <= 4; k++)
        assert_true(seen[k] > 0);
}

/* ---- rivers ---- */

static void river_floor(dfloor *f, rng *r, int dlevel, doom_river_mode mode, doom_info *in)
{
    memset(in, 0, sizeof *in);
    memset(f->terrain, T_FLOOR, (size_t)f->w * (size_t)f->h);
    doom_ctx c = { .f = f, .rivers = *r, .dlevel = dlevel, .difficulty = 2, .info = in };
    doom_restore_walls(f, T_WALL, 0);
    doom_rivers(&c, mode);
    *r = c.rivers;
}

/* First and last fluid square of spec row y (vertical) or column x (horizontal). */
static void river_check_dims(const dfloor *f, const doom_info *in)
{
    static const int WLO[5] = { 0, 2, 4, 3, 2 }, WHI[5] = { 0, 4, 6, 5, 4 };
    static const int LO[5][3] = { { 0 }, { 0 }, { 20 }, { 10, 50 }, { 10, 34, 52 } };
    static const int HI[5][3] = { { 0 }, { 0 }, { 59 }, { 31, 71 }, { 29, 49, 71 } };
    for (int i = 0; i < in->river_count; i++) {
        const doom_river *rv = &in->rivers[i];
        assert_in_range(rv->width, WLO[in->river_shape], WHI[in->river_shape]);
        if (rv->horizontal) {
            assert_in_range(rv->start, 12 - rv->width, 11 + rv->width);
            assert_in_range(rv->bridge, 9, 68);
            for (int y = rv->start; y < rv->start + rv->width; y++)
                assert_true(terrain_is_fluid(at(f, 1, y)));  /* drawn from column 1 */
        } else {
            assert_in_range(rv->start, LO[in->river_shape][i], HI[in->river_shape][i]);
            assert_in_range(rv->bridge, 4, 17);
            for (int x = rv->start; x < rv->start + rv->width; x++)
                assert_true(terrain_is_fluid(at(f, x, 1)));  /* drawn from row 1 */
        }
    }
}

/* Meanders never reach the edge: river squares inside the border stay in rows 4..18
 * (horizontal) or columns 4..75 (vertical). */
static void river_check_edges(const dfloor *f, const doom_info *in)
{
    for (int y = 2; y < DOOM_H; y++)
        for (int x = 2; x < DOOM_W; x++)
            if (masked(in, (y - 1) * DOOM_W + x - 1)) {
                if (in->river_shape == DOOM_RIVER_HORIZONTAL)
                    assert_in_range(y, 4, 18);
                else
                    assert_in_range(x, 4, 75);
            }
}

static void test_river_shapes(void **state)
{
    (void)state;
    dfloor f;
    assert_int_equal(floor_init(&f, 0, DOOM_W, DOOM_H, NULL), DELVE_OK);
    rng r = rng_stream(99, RNG_RIVERS, 0, 0);
    long shape[DOOM_RIVER_SHAPE_COUNT] = { 0 };
    for (int n = 0; n < N_DRAWS; n++) {
        doom_info in;
        river_floor(&f, &r, 10, DOOM_RIVERS_ANY, &in);
        shape[in.river_shape]++;
        assert_int_equal(in.river_count, in.river_shape == DOOM_RIVER_TRIPLE   ? 3
                                         : in.river_shape == DOOM_RIVER_DOUBLE ? 2
                                                                               : 1);
        river_check_dims(&f, &in);
        river_check_edges(&f, &in);
    }
    within_3se(shape[DOOM_RIVER_HORIZONTAL], N_DRAWS, 1, 4, "horizontal");
    long vertical = N_DRAWS - shape[DOOM_RIVER_HORIZONTAL];
    within_3se(shape[DOOM_RIVER_SINGLE], vertical, 2, 3, "single given vertical");
    within_3se(shape[DOOM_RIVER_DOUBLE], vertical, 1, 4, "double given vertical");
    within_3se(shape[DOOM_RIVER_TRIPLE], vertical, 1, 12, "triple given vertical");
    floor_free(&f);
}

static void test_river_modes(void **state)
{
    (void)state;
    dfloor f;
    assert_int_equal(floor_init(&f, 0, DOOM_W, DOOM_H, NULL), DELVE_OK);
    rng r = rng_stream(5, RNG_RIVERS, 0, 0);
    long caves_h = 0;
    for (int n = 0; n < 3000; n++) {
        doom_info in;
        river_floor(&f, &r, 10, DOOM_RIVERS_VERTICAL, &in);
        assert_int_not_equal(in.river_shape, DOOM_RIVER_HORIZONTAL);
        river_floor(&f, &r, 10, DOOM_RIVERS_CAVES, &in);
        assert_int_equal(in.river_count, 1);
        if (in.river_shape == DOOM_RIVER_HORIZONTAL)
            caves_h++;
        else
            assert_in_range(in.rivers[0].start, 34, 49);  /* seed 000: 1d16 + 33 */
    }
    within_3se(caves_h, 3000, 1, 3, "caves horizontal");
    floor_free(&f);
}

static void test_river_fluid_roll(void **state)
{
    (void)state;
    rng r = rng_stream(3, RNG_RIVERS, 0, 0);
    long water = 0;
    for (int n = 0; n < N_DRAWS; n++) {
        terrain t = doom_river_kind(&r, 8, 2);  /* 8 + 1d10: 9..18, water up to 16 */
        water += t == T_WATER;
        assert_true(t == T_WATER || t == T_ACID);
    }
    within_3se(water, N_DRAWS, 8, 10, "river water at dlevel 8");
    for (int n = 0; n < 1000; n++)
        assert_int_equal(doom_river_kind(&r, 26, 1), T_LAVA);  /* 26 + 1d8 >= 27 */
}

/* Some run of bridge squares along the line is as wide as the river, and every run
 * has ground one can stand on at both ends. */
static void bridge_line_ok(const dfloor *f, const doom_river *rv, int line)
{
    int n = rv->horizontal ? DOOM_H : DOOM_W, run = 0, widest = 0;
    for (int p = 1; p <= n + 1; p++) {
        terrain t = p > n ? T_WALL : rv->horizontal ? at(f, line, p) : at(f, p, line);
        if (t == T_BRIDGE) {
            run++;
            continue;
        }
        if (run > 0) {
            int lo = p - run, hi = p - 1;  /* spec; the ends are lo - 1 and hi + 1 */
            if (rv->horizontal)
                assert_true(stand(f, line - 1, lo - 2) && stand(f, line - 1, hi));
            else
                assert_true(stand(f, lo - 2, line - 1) && stand(f, hi, line - 1));
        }
        widest = run > widest ? run : widest;
        run = 0;
    }
    assert_true(widest >= rv->width);
}

/* Both bridge lines of every river are a run of bridge as wide as the river at least,
 * with ground one can stand on at both ends, on full floors of every type with rivers. */
static void test_bridges(void **state)
{
    (void)state;
    static const int TYPES[5] = { LT_NORMAL, LT_SMALL_ROOMS, LT_WAREHOUSE, LT_CITY, LT_MAZE };
    int rivers = 0;
    for (uint64_t seed = 1; seed <= 400; seed++) {
        dfloor f;
        doom_info in;
        make(seed, TYPES[seed % 5], 1 + (int)(seed % 30), DOOM_STAGE_FULL, &f, &in);
        for (int i = 0; i < in.river_count; i++) {
            const doom_river *rv = &in.rivers[i];
            rivers++;
            for (int line = rv->bridge; line <= rv->bridge + 1; line++)
                bridge_line_ok(&f, rv, line);
        }
        floor_free(&f);
    }
    assert_true(rivers > 100);
}

/* ---- fluids ---- */

static void test_fluid_table(void **state)
{
    (void)state;
    static const struct { int dl; terrain kind; int wlo, whi, llo, lhi; } ROWS[] = {
        { 1, T_WATER, 0, 2, 3, 42 },  { 5, T_WATER, 0, 2, 3, 42 },
        { 6, T_ACID, 0, 2, 3, 42 },   { 10, T_ACID, 0, 2, 3, 42 },
        { 11, T_LAVA, 0, 4, 3, 52 },  { 15, T_LAVA, 0, 4, 3, 52 },
        { 16, T_LAVA, 4, 8, 3, 42 },  { 40, T_LAVA, 4, 8, 3, 42 },
    };
    dfloor f;
    assert_int_equal(floor_init(&f, 0, DOOM_W, DOOM_H, NULL), DELVE_OK);
    for (size_t i = 0; i < sizeof ROWS / sizeof ROWS[0]; i++) {
        assert_int_equal(doom_fluid_kind(ROWS[i].dl), ROWS[i].kind);
        int wd, wa, ld, la;
        doom_fluid_dice(ROWS[i].dl, &wd, &wa, &ld, &la);
        assert_int_equal(1 + wa, ROWS[i].wlo);
        assert_int_equal(wd + wa, ROWS[i].whi);
        assert_int_equal(1 + la, ROWS[i].llo);
        assert_int_equal(ld + la, ROWS[i].lhi);
        rng r = rng_stream(17, RNG_FLUIDS, (int)i, 0);
        long none = 0, sum_walks = 0;
        for (int n = 0; n < 3000; n++) {
            doom_info in;
            memset(&in, 0, sizeof in);
            memset(f.terrain, T_FLOOR, (size_t)f.w * (size_t)f.h);
            doom_ctx c = { .f = &f, .fluids = r, .dlevel = ROWS[i].dl, .info = &in };
            doom_fluids(&c, DOOM_SHRINKED);
            r = c.fluids;
            assert_in_range(in.fluid_walks[0], ROWS[i].wlo, ROWS[i].whi);
            assert_in_range(in.fluid_len[0], ROWS[i].llo, ROWS[i].lhi);
            int cells = doom_count(&f, ROWS[i].kind);
            assert_true(cells <= in.fluid_walks[0] * in.fluid_len[0]);
            assert_true(in.fluid_walks[0] == 0 ? cells == 0 : cells >= 1);
            none += in.fluid_walks[0] == 0;
            sum_walks += in.fluid_walks[0];
        }
        long span = ROWS[i].whi - ROWS[i].wlo + 1;
        within_3se(none, 3000, ROWS[i].wlo == 0 ? 1 : 0, span, "no fluid");
        /* mean walks = (lo + hi) / 2: |2 sum - (lo + hi) n| small */
        long dev = 2 * sum_walks - (long)(ROWS[i].wlo + ROWS[i].whi) * 3000;
        assert_true(labs(dev) < 3000 / 5 * span);
    }
    floor_free(&f);
}

static void test_walk_coverage(void **state)
{
    (void)state;
    dfloor f;
    assert_int_equal(floor_init(&f, 0, DOOM_W, DOOM_H, NULL), DELVE_OK);
    rng r = rng_stream(1, RNG_FLUIDS, 0, 0);
    long covered = 0;
    for (int n = 0; n < 2000; n++) {
        memset(f.terrain, T_FLOOR, (size_t)f.w * (size_t)f.h);
        doom_restore_walls(&f, T_WALL, 0);
        int x = n < 100 ? 2 : rng_range(&r, 2, DOOM_W - 1);  /* some from the corner */
        int y = n < 100 ? 2 : rng_range(&r, 2, DOOM_H - 1);
        int got = doom_walk(&r, &f, DOOM_SHRINKED, x, y, 40, T_WATER, 0);
        int cells = doom_count(&f, T_WATER);
        assert_int_equal(got, cells);
        assert_in_range(cells, 1, 40);
        covered += cells;
        for (int i = 1; i <= DOOM_W; i++)  /* never on the border */
            assert_true(at(&f, i, 1) == T_WALL && at(&f, i, DOOM_H) == T_WALL);
        for (int j = 1; j <= DOOM_H; j++)
            assert_true(at(&f, 1, j) == T_WALL && at(&f, DOOM_W, j) == T_WALL);
    }
    assert_true(covered < 2000L * 40);
    assert_true(covered < 2000L * 30);  /* revisits: well under the length on average */
    floor_free(&f);
}

/* ---- level type pick ---- */

static void test_type_frequencies(void **state)
{
    (void)state;
    static const struct { int dl, single; long w[LT_COUNT]; long den; } CASES[] = {
        { 1, 0, { [LT_NORMAL] = 1 }, 1 },
        { 2, 1, { [LT_NORMAL] = 1 }, 1 },
        /* 3..5: 7/12 normal, 2/12 small, 1/12 warehouse, city, caves (3/4), arena (1/4) */
        { 4, 0, { [LT_NORMAL] = 28, [LT_SMALL_ROOMS] = 8, [LT_WAREHOUSE] = 4, [LT_CITY] = 4,
                  [LT_CAVES] = 3, [LT_ARENA] = 1 }, 48 },
        /* 6+: 2/11 each, maze 1/11, caves 2/11 of which arena 1/4 */
        { 9, 0, { [LT_NORMAL] = 8, [LT_SMALL_ROOMS] = 8, [LT_WAREHOUSE] = 8, [LT_CITY] = 8,
                  [LT_CAVES] = 6, [LT_ARENA] = 2, [LT_MAZE] = 4 }, 44 },
        { 20, 0, { [LT_NORMAL] = 8, [LT_SMALL_ROOMS] = 8, [LT_WAREHOUSE] = 8, [LT_CITY] = 8,
                   [LT_CAVES] = 6, [LT_ARENA] = 2, [LT_MAZE] = 4 }, 44 },
        /* single on: 1/25 of everything becomes single */
        { 20, 1, { [LT_NORMAL] = 8 * 24, [LT_SMALL_ROOMS] = 8 * 24, [LT_WAREHOUSE] = 8 * 24,
                   [LT_CITY] = 8 * 24, [LT_CAVES] = 6 * 24, [LT_ARENA] = 2 * 24,
                   [LT_MAZE] = 4 * 24, [LT_SINGLE] = 44 }, 44 * 25 },
    };
    for (size_t c = 0; c < sizeof CASES / sizeof CASES[0]; c++) {
        long got[LT_COUNT] = { 0 };
        rng r = rng_stream(2024, RNG_WANTS, (int)c, DOOM_WANT_SLOT);
        for (int n = 0; n < N_DRAWS; n++)
            got[doom_pick_type(&r, CASES[c].dl, CASES[c].single)]++;
        for (int t = 0; t < LT_COUNT; t++) {
            char what[64];
            snprintf(what, sizeof what, "dlevel %d %s", CASES[c].dl, level_type_name(t));
            within_3se(got[t], N_DRAWS, CASES[c].w[t], CASES[c].den, what);
            if (CASES[c].w[t] == 0)
                assert_int_equal(got[t], 0);
        }
    }
}

/* ---- stocking ---- */

static void test_stock_rules(void **state)
{
    (void)state;
    assert_int_equal(doom_danger_budget(1, 1), 9);    /* ceil(2.2 + 6) */
    assert_int_equal(doom_danger_budget(1, 10), 28);  /* ceil(22 + 6) */
    assert_int_equal(doom_danger_budget(2, 1), 14);   /* ceil(0.6 sqrt(500)) = ceil(13.42) */
    assert_int_equal(doom_danger_budget(3, 4), 40);   /* 20 sqrt(4) */
    assert_int_equal(doom_danger_budget(4, 9), 96);   /* 32 sqrt(9) */
    assert_int_equal(doom_danger_budget(5, 2), 57);   /* ceil(56.57) */
    long hunting = 0, arena_monsters = 0;
    for (uint64_t seed = 1; seed <= 200; seed++) {
        for (int t = LT_NORMAL; t <= LT_SINGLE; t++) {
            gen_opts o = opts(seed, t, 1 + (int)(seed % 25), 1 + (int)(seed % 5));
            dungeon d;
            delve_err e = { { 0 } };
            if (gen_dungeon(&o, &d, &e) != DELVE_OK)
                fail_msg("seed %llu: %s", (unsigned long long)seed, e.msg);
            const dfloor *f = &d.floors[0];
            int normal_items = 21 - (f->dlevel < 25 ? 25 - f->dlevel : 0) / 3;
            if (t == LT_ARENA || t == LT_CAVES)
                assert_int_equal(f->item_count, 10);
            else if (t == LT_MAZE)
                assert_in_range(f->item_count, 11, 18);
            else if (t == LT_SINGLE)
                assert_int_equal(f->item_count, normal_items * 3 / 2);
            else
                assert_int_equal(f->item_count, normal_items);
            int danger = 0, other = -1;
            for (int i = 0; i < f->monster_count; i++) {
                const monster *m = &f->monsters[i];
                danger += doom_monster_kind_get(m->kind)->danger;
                assert_int_equal(floor_at(f, m->x, m->y), T_FLOOR);
                assert_false(floor_square_taken(f, m->x, m->y));
                if ((t == LT_CAVES || t == LT_SINGLE) &&
                    strncmp(doom_monster_kind_get(m->kind)->name, "former", 6)) {
                    assert_true(other < 0 || other == m->kind);  /* one kind (+ formers) */
                    other = m->kind;
                }
                if (t == LT_ARENA) {
                    hunting += m->hunting;
                    arena_monsters++;
                } else
                    assert_int_equal(m->hunting, 0);
            }
            int pct = t == LT_ARENA || t == LT_CAVES ? 67 : t == LT_MAZE ? 150 : 100;
            int budget = doom_danger_budget(o.difficulty, f->dlevel) * pct / 100;
            assert_true(danger <= budget + 16 || f->monster_count == 1);
            assert_true(f->monster_count >= 1);
            for (int i = 0; i < f->item_count; i++)
                assert_int_equal(floor_at(f, f->items[i].x, f->items[i].y), T_FLOOR);
            dungeon_free(&d);
        }
    }
    within_3se(hunting, arena_monsters, 1, 2, "arena hunters");
}

/* ---- the validator and every floor ---- */

static void check_reached(const dungeon *d)
{
    for (int k = 0; k < d->floor_count; k++) {
        const dfloor *f = &d->floors[k];
        int *dist = malloc((size_t)f->w * (size_t)f->h * sizeof *dist);
        assert_non_null(dist);
        ref_walk(f, f->entrance_x, f->entrance_y, dist);
        assert_true(dist[f->goal_y * f->w + f->goal_x] >= 0);
        for (int i = 0; i < f->way_count; i++)
            assert_true(dist[f->ways[i].y * f->w + f->ways[i].x] >= 0);
        free(dist);
    }
}

static void test_every_floor_valid(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 1000; seed++)
        for (int t = LT_NORMAL; t <= LT_SINGLE; t++) {
            gen_opts o = opts(seed, t, 1 + (int)(seed % 30), 1 + (int)(seed % 5));
            o.floors = 2;
            dungeon d;
            delve_err e = { { 0 } };
            if (gen_dungeon(&o, &d, &e) != DELVE_OK)
                fail_msg("seed %llu %s: %s", (unsigned long long)seed, level_type_name(t),
                         e.msg);
            assert_int_equal(doom_validate_dungeon(&d, &e), DELVE_OK);
            check_reached(&d);
            assert_int_equal(d.floors[0].level_type, t);
            assert_int_equal(d.floors[1].dlevel, o.dlevel + 1);
            dungeon_free(&d);
        }
}

static void test_validator_catches(void **state)
{
    (void)state;
    dfloor f;
    doom_info in;
    delve_err e = { { 0 } };
    make(12, LT_NORMAL, 3, DOOM_STAGE_FULL, &f, &in);
    assert_int_equal(doom_validate_floor(&f, &in, &e), DELVE_OK);
    /* wall the goal in: the validator names it */
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++)
            if (dx || dy)
                floor_set(&f, f.goal_x + dx, f.goal_y + dy, T_WALL);
    assert_int_equal(doom_validate_floor(&f, &in, &e), DELVE_EFAIL);
    assert_non_null(strstr(e.msg, "goal"));
    floor_free(&f);
    /* a river without its bridge */
    for (uint64_t seed = 1;; seed++) {
        make(seed, LT_MAZE, 3, DOOM_STAGE_FULL, &f, &in);
        if (in.river_count && !in.rivers[0].horizontal) {
            for (int x = 1; x <= DOOM_W; x++)
                if (at(&f, x, in.rivers[0].bridge) == T_BRIDGE)
                    floor_set(&f, x - 1, in.rivers[0].bridge - 1, T_WATER);
            assert_int_equal(doom_validate_floor(&f, &in, &e), DELVE_EFAIL);
            assert_non_null(strstr(e.msg, "bridge"));
            floor_free(&f);
            break;
        }
        floor_free(&f);
    }
}

/* A floor of plain floor split by a river's column x = 40 (0-based) of t: entrance left
 * of it, goal right, no way or pit. The river's bridge (rows 0 and 1) is walled off
 * from the rest by row 2. */
static void split_floor(dfloor *f, doom_info *in, terrain t)
{
    make(12, LT_NORMAL, 3, DOOM_STAGE_FULL, f, in);
    memset(in->river_mask, 0, sizeof in->river_mask);
    in->river_count = 1;
    in->rivers[0] = (doom_river){ .horizontal = 0, .width = 1, .start = 41, .bridge = 1 };
    for (int y = 0; y < DOOM_H; y++)
        for (int x = 0; x < DOOM_W; x++) {
            int i = y * DOOM_W + x, river = x == 40 && y > 2;
            floor_set(f, x, y, y == 2 ? T_WALL : x != 40 ? T_FLOOR : river ? t : T_BRIDGE);
            if (river)
                in->river_mask[i / 8] |= (uint8_t)(1u << (i % 8));
        }
    f->way_count = 0;
    f->pit_count = 0;
    f->entrance_x = 5, f->entrance_y = 9;
    f->goal_x = 70, f->goal_y = 9;
}

/* The two walks' messages: a goal one reaches only through a river's lava is named as
 * such; one no walk reaches is named from the entrance; one past a river of water is
 * reached (water neither burns nor is the safe walk's to skip). */
static void test_validator_walks(void **state)
{
    (void)state;
    dfloor f;
    doom_info in;
    delve_err e = { { 0 } };
    split_floor(&f, &in, T_LAVA);
    assert_int_equal(doom_validate_floor(&f, &in, &e), DELVE_EFAIL);
    assert_string_equal(e.msg, "floor 1: the goal 70,9 cannot be reached without wading a "
                               "river's acid or lava");
    floor_free(&f);
    split_floor(&f, &in, T_WALL);
    assert_int_equal(doom_validate_floor(&f, &in, &e), DELVE_EFAIL);
    assert_string_equal(e.msg, "floor 1: the goal 70,9 cannot be reached from the entrance");
    floor_free(&f);
    split_floor(&f, &in, T_WATER);
    assert_int_equal(doom_validate_floor(&f, &in, &e), DELVE_OK);
    floor_free(&f);
}

static void test_maze_and_caves(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 200; seed++) {
        dfloor f;
        doom_info in;
        make(seed, LT_MAZE, 8, DOOM_STAGE_FULL, &f, &in);
        assert_int_equal(doom_count(&f, T_DOOR), 0);  /* mazes have no doors */
        floor_free(&f);
        make(seed, LT_MAZE, 8, DOOM_STAGE_LAYOUT, &f, &in);
        for (int x = 1; x <= DOOM_W; x++)  /* row 19 walled before fluids and rivers */
            assert_int_equal(at(&f, x, 19), T_WALL);
        floor_free(&f);
        make(seed, LT_CAVES, 1 + (int)(seed % 20), DOOM_STAGE_FULL, &f, &in);
        assert_int_equal(doom_count(&f, T_WALL), 0);  /* caves: cave wall only */
        assert_true(doom_count(&f, T_CAVE_WALL) > 300);
        assert_int_equal(in.fluid_kind, doom_fluid_kind(f.dlevel));
        floor_free(&f);
    }
}

static void test_bad_options(void **state)
{
    (void)state;
    static const struct { int type, dlevel, difficulty; const char *says; } BAD[] = {
        { LT_CAVES, 0, 2, "dlevel must be 1..99, not 0" },
        { GEN_TYPE_DOOMRL, 100, 2, "dlevel must be 1..99, not 100" },
        { LT_MAZE, 5, 6, "difficulty must be 1..5, not 6" },
        { 77, 5, 2, "cannot be generated" },
    };
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
        gen_opts o = opts(1, BAD[i].type, BAD[i].dlevel, BAD[i].difficulty);
        dungeon d;
        delve_err e = { { 0 } };
        assert_int_equal(gen_dungeon(&o, &d, &e), DELVE_EINPUT);
        assert_non_null(strstr(e.msg, BAD[i].says));
    }
    gen_opts o = opts(1, LT_ROOMS, 0, 0);  /* the rooms generator ignores both */
    dungeon d;
    assert_int_equal(gen_dungeon(&o, &d, NULL), DELVE_OK);
    dungeon_free(&d);
}

static void test_determinism(void **state)
{
    (void)state;
    for (int t = LT_NORMAL; t <= LT_SINGLE; t++) {
        gen_opts o = opts(77, t, 13, 3);
        o.floors = 3;
        dungeon a, b;
        char *sa, *sb;
        assert_int_equal(gen_dungeon(&o, &a, NULL), DELVE_OK);
        assert_int_equal(gen_dungeon(&o, &b, NULL), DELVE_OK);
        assert_int_equal(ascii_dungeon(&a, &sa, NULL), DELVE_OK);
        assert_int_equal(ascii_dungeon(&b, &sb, NULL), DELVE_OK);
        assert_string_equal(sa, sb);
        char title[128];
        snprintf(title, sizeof title, "floor 1 of 3  seed 77  78x20  %s  dlevel 13\n",
                 level_type_name(t));
        assert_memory_equal(sa, title, strlen(title));
        free(sa);
        free(sb);
        dungeon_free(&a);
        dungeon_free(&b);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_normal_rooms_and_parity),
        cmocka_unit_test(test_city_rooms),
        cmocka_unit_test(test_city_rivers_first),
        cmocka_unit_test(test_small_rooms_sublayouts),
        cmocka_unit_test(test_arena_configuration),
        cmocka_unit_test(test_river_shapes),
        cmocka_unit_test(test_river_modes),
        cmocka_unit_test(test_river_fluid_roll),
        cmocka_unit_test(test_bridges),
        cmocka_unit_test(test_fluid_table),
        cmocka_unit_test(test_walk_coverage),
        cmocka_unit_test(test_type_frequencies),
        cmocka_unit_test(test_stock_rules),
        cmocka_unit_test(test_every_floor_valid),
        cmocka_unit_test(test_validator_catches),
        cmocka_unit_test(test_validator_walks),
        cmocka_unit_test(test_maze_and_caves),
        cmocka_unit_test(test_bad_options),
        cmocka_unit_test(test_determinism),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
