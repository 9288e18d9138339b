/* test_gen: the rooms-and-corridors generator (gen/). Properties are checked against
 * slow, obvious references written here (a plain BFS, a plain main-way walk), not
 * against gen/'s own helpers; the ASCII of seed 7 is compared with a text golden. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/monster.h"
#include "engine/path.h"
#include "gen/check.h"
#include "gen/family.h"
#include "gen/gen.h"
#include "gen/opts.h"
#include "gen/passes.h"
#include "gen/rooms/rooms.h"

#define GOLDEN_SEED_7 DELVE_SOURCE_DIR "/tests/golden/gen-seed-7.txt"


/* The spine's layout rules (doors between corridor and room floor, a lift and a ladder
 * per pair, ...) hold with rising off; tests/test_rising.c checks what rising lays. */
static void make(uint64_t seed, dungeon *d)
{
    gen_opts o = gen_defaults(seed);
    o.rising = 0;
    delve_err e = { { 0 } };
    delve_status st = gen_dungeon(&o, d, &e);
    if (st != DELVE_OK)
        fail_msg("seed %llu: %s", (unsigned long long)seed, e.msg);
}

/* Reference walk: plain BFS over walkable squares, pits blocked unless over_pits.
 * dist is w * h. Returns the squares reached. */
static int ref_walk_ex(const dfloor *f, int sx, int sy, int over_pits, int *dist)
{
    int n = f->w * f->h, head = 0, tail = 0;
    int *q = malloc((size_t)n * sizeof *q);
    assert_non_null(q);
    for (int i = 0; i < n; i++)
        dist[i] = -1;
    dist[sy * f->w + sx] = 0;
    q[tail++] = sy * f->w + sx;
    while (head < tail) {
        int at = q[head++], x = at % f->w, y = at / f->w;
        for (int d = 0; d < 4; d++) {
            int nx = x + DIR4_DX[d], ny = y + DIR4_DY[d];
            if (!floor_walkable(f, nx, ny) || (!over_pits && floor_pit_at(f, nx, ny) >= 0) ||
                dist[ny * f->w + nx] >= 0)
                continue;
            dist[ny * f->w + nx] = dist[at] + 1;
            q[tail++] = ny * f->w + nx;
        }
    }
    free(q);
    return tail;
}

static int ref_walk(const dfloor *f, int sx, int sy, int *dist)
{
    return ref_walk_ex(f, sx, sy, 0, dist);
}

static int ref_walkable(const dfloor *f)
{
    int n = 0;
    for (int y = 0; y < f->h; y++)
        for (int x = 0; x < f->w; x++)
            n += floor_walkable(f, x, y) && floor_pit_at(f, x, y) < 0;
    return n;
}

/* Monsters and items field by field (their padding is not part of the floor). */
static int same_things(const dfloor *a, const dfloor *b)
{
    if (a->dlevel != b->dlevel || a->monster_count != b->monster_count ||
        a->item_count != b->item_count)
        return 0;
    for (int i = 0; i < a->monster_count; i++) {
        const monster *p = &a->monsters[i], *q = &b->monsters[i];
        if (p->kind != q->kind || p->x != q->x || p->y != q->y || p->flying != q->flying ||
            p->hunting != q->hunting)
            return 0;
    }
    for (int i = 0; i < a->item_count; i++)
        if (a->items[i].kind != b->items[i].kind || a->items[i].x != b->items[i].x ||
            a->items[i].y != b->items[i].y)
            return 0;
    return 1;
}

static void same_floor(const dfloor *a, const dfloor *b, uint64_t seed, int k)
{
    size_t n = (size_t)a->w * (size_t)a->h;
    if (!same_things(a, b))
        fail_msg("seed %llu floor %d: monsters or items alone differ from the dungeon's",
                 (unsigned long long)seed, k + 1);
    if (a->index != b->index || a->w != b->w || a->h != b->h ||
        a->level_type != b->level_type || a->entrance_x != b->entrance_x ||
        a->entrance_y != b->entrance_y || a->goal_x != b->goal_x || a->goal_y != b->goal_y ||
        a->room_count != b->room_count || a->way_count != b->way_count ||
        a->pit_count != b->pit_count || a->station_count != b->station_count ||
        memcmp(a->terrain, b->terrain, n) != 0 ||
        memcmp(a->height_cm, b->height_cm, n * sizeof *a->height_cm) != 0 ||
        memcmp(a->rooms, b->rooms, sizeof a->rooms) != 0 ||
        memcmp(a->ways, b->ways, sizeof a->ways) != 0 ||
        memcmp(a->pits, b->pits, sizeof a->pits) != 0 ||
        memcmp(a->stations, b->stations, sizeof a->stations) != 0 ||
        a->monster_count != b->monster_count || a->patrol_count != b->patrol_count ||
        memcmp(a->monsters, b->monsters, sizeof a->monsters) != 0 ||
        memcmp(a->patrols, b->patrols, sizeof a->patrols) != 0 ||
        memcmp(a->marks, b->marks, n) != 0)
        fail_msg("seed %llu floor %d: alone differs from the dungeon's",
                 (unsigned long long)seed, k + 1);
}

/* Stocking over seeds 1-60: every monster stands on free room floor; every pack's loop
 * exists for its walkers (never over a pit) and flyers; counts within STOCK's ranges. */
static void test_stock(void **state)
{
    (void)state;
    int packs = 0, lone = 0, floors = 0;
    int16_t xs[MONSTER_LOOP_MAX], ys[MONSTER_LOOP_MAX];
    for (uint64_t seed = 1; seed <= 60; seed++) {
        gen_opts o = gen_defaults(seed);
        dungeon d;
        assert_int_equal(gen_dungeon(&o, &d, NULL), DELVE_OK);
        for (int k = 0; k < d.floor_count; k++) {
            const dfloor *f = &d.floors[k];
            int n_lone = 0;
            floors++;
            for (int i = 0; i < f->monster_count; i++) {
                const monster *m = &f->monsters[i];
                assert_int_equal(floor_at(f, m->x, m->y), T_FLOOR);
                assert_int_equal(floor_square_taken(f, m->x, m->y), 0);
                assert_int_equal(m->flying, monster_kind_get(m->kind)->flying);
                n_lone += m->patrol == 0;
                for (int j = 0; j < i; j++)
                    assert_false(f->monsters[j].x == m->x && f->monsters[j].y == m->y);
            }
            assert_in_range(n_lone, 0, 5);
            lone += n_lone;
            for (int p = 0; p < f->patrol_count; p++) {
                assert_in_range(f->patrols[p].count, 3, 4);
                int walk = monster_patrol_loop(f, p, 0, xs, ys, MONSTER_LOOP_MAX);
                int members = 0;
                for (int i = 0; i < f->monster_count; i++)
                    members += f->monsters[i].patrol == p + 1;
                assert_in_range(members, 2, 3);
                if (walk > 0)
                    for (int i = 0; i < walk; i++)
                        assert_true(floor_pit_at(f, xs[i], ys[i]) < 0);
                for (int i = 0; i < f->monster_count; i++)
                    if (f->monsters[i].patrol == p + 1)
                        assert_true(monster_patrol_loop(f, p, f->monsters[i].flying, xs, ys,
                                                        MONSTER_LOOP_MAX) >= members);
                packs++;
            }
        }
        dungeon_free(&d);
    }
    /* 2..5 lone a floor (a few lost to full rooms), 1..2 packs (some dropped) */
    assert_true(lone >= floors * 2 && lone <= floors * 5);
    assert_true(packs >= floors && packs <= floors * 2);
}

static void test_same_seed_same_bytes(void **state)
{
    (void)state;
    dungeon a, b, c;
    char *sa, *sb, *sc;
    make(7, &a);
    make(7, &b);
    make(8, &c);
    assert_int_equal(ascii_dungeon(&a, &sa, NULL), DELVE_OK);
    assert_int_equal(ascii_dungeon(&b, &sb, NULL), DELVE_OK);
    assert_int_equal(ascii_dungeon(&c, &sc, NULL), DELVE_OK);
    assert_string_equal(sa, sb);
    assert_int_not_equal(strcmp(sa, sc), 0);
    assert_memory_equal(sa, "floor 1 of 3  seed 7  64x40\n", 28);
    free(sa);
    free(sb);
    free(sc);
    dungeon_free(&a);
    dungeon_free(&b);
    dungeon_free(&c);
}

static void alone_matches(const gen_opts *o)
{
    dungeon d;
    delve_err e = { { 0 } };
    if (gen_dungeon(o, &d, &e) != DELVE_OK)
        fail_msg("seed %llu: %s", (unsigned long long)o->seed, e.msg);
    for (int k = 0; k < o->floors; k++) {
        dfloor f;
        assert_int_equal(gen_floor_alone(o, k, &f, &e), DELVE_OK);
        same_floor(&d.floors[k], &f, o->seed, k);
        floor_free(&f);
    }
    dungeon_free(&d);
}

static void test_floor_alone_equals_dungeon(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 20; seed++) {
        gen_opts o = gen_defaults(seed);
        alone_matches(&o);
        o.floors = 6;  /* floors with both neighbours' pairs and pits below them */
        alone_matches(&o);
        o.type = GEN_TYPE_DOOMRL;  /* DoomRL floors: stairs, stocking (seed 002) */
        o.dlevel = (int)seed;
        o.difficulty = 1 + (int)(seed % 5);
        o.single_monster = 1;
        alone_matches(&o);
    }
}

static void test_other_sizes(void **state)
{
    (void)state;
    gen_opts o = gen_defaults(3);
    o.w = 40;
    o.h = 24;
    o.floors = 4;
    alone_matches(&o);
    o.w = 120;
    o.h = 80;
    alone_matches(&o);
    o.floors = 1;
    alone_matches(&o);
}

/* The first pair (i, i + 1) whose layouts as rooms_layout lays them share fewer than
 * two squares for a lift and a ladder, or -1 when every pair fits. */
static int first_unfit_pair(const gen_opts *o)
{
    dfloor f[2];
    int found = -1;
    memset(f, 0, sizeof f);
    for (int i = 0; i < o->floors && found < 0; i++) {
        dfloor *now = &f[i % 2];
        floor_free(now);
        assert_int_equal(floor_init(now, i, o->w, o->h, NULL), DELVE_OK);
        assert_int_equal(rooms_layout(o->seed, now, NULL), DELVE_OK);
        if (i > 0 && !rooms_ways_fit(&f[(i + 1) % 2], now))
            found = i - 1;
    }
    floor_free(&f[0]);
    floor_free(&f[1]);
    return found;
}

/* Lifts and ladders on f, each with its other end straight above or below. */
static int lifts_and_ladders(const dfloor *f)
{
    int n = 0;
    for (int i = 0; i < f->way_count; i++) {
        const way *w = &f->ways[i];
        if (w->kind != WAY_LIFT && w->kind != WAY_LADDER)
            continue;
        assert_int_equal(w->to_x, w->x);
        assert_int_equal(w->to_y, w->y);
        assert_int_equal(abs(w->to_floor - f->index), 1);
        n++;
    }
    return n;
}

/* Seeds whose pair (pair, pair + 1) of floors had no lift and ladder until its floor of
 * odd index was laid anew (gen/rooms/rooms_ways.c); `delve check --seeds 1-200000` at 3
 * and 8 floors found them. Each now generates with rising on and off, checks with no
 * errors, has a lift and a ladder per pair, and every floor alone equals the dungeon's
 * (an odd floor at a window's edge reads the layout of the floor past it). */
static void test_refit_seeds(void **state)
{
    (void)state;
    static const struct { uint64_t seed; int floors, pair; } CASES[] = {
        { 71835, 3, 0 }, { 139900, 3, 1 }, { 152936, 3, 0 }, { 175655, 3, 0 },
        { 71835, 2, 0 },  /* the floor laid anew is the last: no floor below it */
        { 25054, 8, 2 }, { 13773, 8, 3 }, { 40059, 8, 4 }, { 48496, 8, 5 },
    };
    for (size_t c = 0; c < sizeof CASES / sizeof CASES[0]; c++) {
        gen_opts o = gen_defaults(CASES[c].seed);
        o.floors = CASES[c].floors;
        assert_int_equal(first_unfit_pair(&o), CASES[c].pair);
        for (o.rising = 1; o.rising >= 0; o.rising--) {
            dungeon d;
            check_list l = { 0 };
            delve_err e = { { 0 } };
            if (gen_dungeon(&o, &d, &e) != DELVE_OK)
                fail_msg("seed %llu: %s", (unsigned long long)o.seed, e.msg);
            assert_int_equal(check_dungeon(&d, &l, &e), DELVE_OK);
            assert_int_equal(l.errors, 0);
            for (int k = 0; k < o.floors; k++)
                assert_int_equal(lifts_and_ladders(&d.floors[k]),
                                 2 * ((k > 0) + (k < o.floors - 1)));
            check_list_free(&l);
            dungeon_free(&d);
            alone_matches(&o);
        }
    }
}

/* rooms_ways_refit lays only odd floors anew, and leaves one that fits untouched. */
static void test_refit_contract(void **state)
{
    (void)state;
    gen_opts o = gen_defaults(5);
    o.rising = 0;
    dungeon d;
    dfloor mid;
    delve_err e = { { 0 } };
    assert_int_equal(gen_dungeon(&o, &d, &e), DELVE_OK);
    assert_int_equal(floor_init(&mid, 1, o.w, o.h, NULL), DELVE_OK);
    assert_int_equal(rooms_layout(o.seed, &mid, NULL), DELVE_OK);
    dfloor before;
    assert_int_equal(floor_copy(&before, &mid, NULL), DELVE_OK);
    assert_int_equal(rooms_ways_fit(&d.floors[0], &mid), 1);
    assert_int_equal(rooms_ways_refit(o.seed, &d.floors[0], &mid, &d.floors[2], &e), DELVE_OK);
    assert_memory_equal(mid.terrain, before.terrain, (size_t)o.w * (size_t)o.h);
    assert_int_equal(mid.entrance_x, before.entrance_x);
    assert_int_equal(mid.goal_y, before.goal_y);
    assert_int_equal(rooms_ways_refit(o.seed, &mid, &d.floors[2], NULL, &e), DELVE_EINPUT);
    assert_non_null(strstr(e.msg, "floor 3"));
    floor_free(&before);
    floor_free(&mid);
    dungeon_free(&d);
}

/* Rooms: floor inside, wall ring with doors, 6..12 of them. */
static void check_rooms(const dfloor *f)
{
    assert_in_range(f->room_count, 6, 12);
    for (int i = 0; i < f->room_count; i++) {
        const room *r = &f->rooms[i];
        for (int y = r->y - 1; y <= r->y + r->h; y++)
            for (int x = r->x - 1; x <= r->x + r->w; x++) {
                int in = x >= r->x && x < r->x + r->w && y >= r->y && y < r->y + r->h;
                terrain t = floor_at(f, x, y);
                if (in ? t != T_FLOOR : (t != T_WALL && t != T_DOOR))
                    fail_msg("floor %d room %d: square %d,%d is %s", f->index + 1, i, x, y,
                             terrain_get(t)->name);
            }
    }
}

/* Every door lies between a corridor and room floor. */
static void check_doors(const dfloor *f)
{
    for (int y = 0; y < f->h; y++)
        for (int x = 0; x < f->w; x++) {
            if (floor_at(f, x, y) != T_DOOR)
                continue;
            int room_side = 0, corridor_side = 0;
            for (int d = 0; d < 4; d++) {
                room_side += floor_at(f, x + DIR4_DX[d], y + DIR4_DY[d]) == T_FLOOR;
                corridor_side += floor_at(f, x + DIR4_DX[d], y + DIR4_DY[d]) == T_CORRIDOR;
            }
            assert_int_equal(room_side, 1);
            assert_int_equal(corridor_side, 1);
        }
}

static int room_of(const dfloor *f, int x, int y)
{
    for (int i = 0; i < f->room_count; i++) {
        const room *r = &f->rooms[i];
        if (x >= r->x && x < r->x + r->w && y >= r->y && y < r->y + r->h)
            return i;
    }
    return -1;
}

/* The goal is in the room whose centre is the longest walk from the entrance, as the
 * layout saw it (before any pit). */
static void check_goal_far(const dfloor *f, int *dist)
{
    ref_walk_ex(f, f->entrance_x, f->entrance_y, 1, dist);
    int er = room_of(f, f->entrance_x, f->entrance_y), gr = room_of(f, f->goal_x, f->goal_y);
    assert_true(er >= 0 && gr >= 0 && er != gr);
    int far = 0;
    for (int i = 0; i < f->room_count; i++) {
        const room *r = &f->rooms[i];
        int d = dist[(r->y + (r->h - 1) / 2) * f->w + r->x + (r->w - 1) / 2];
        if (i != er && d > far)
            far = d;
    }
    const room *g = &f->rooms[gr];
    assert_int_equal(dist[(g->y + (g->h - 1) / 2) * f->w + g->x + (g->w - 1) / 2], far);
    assert_true(dist[f->goal_y * f->w + f->goal_x] >= 12);  /* never next door */
}

static void check_connected(const dfloor *f)
{
    int *dist = malloc((size_t)f->w * (size_t)f->h * sizeof *dist);
    assert_non_null(dist);
    assert_int_equal(floor_at(f, f->entrance_x, f->entrance_y), T_FLOOR);
    assert_int_equal(floor_at(f, f->goal_x, f->goal_y), T_FLOOR);
    assert_int_equal(ref_walk(f, f->entrance_x, f->entrance_y, dist), ref_walkable(f));
    for (int i = 0; i < f->way_count; i++)
        assert_true(dist[f->ways[i].y * f->w + f->ways[i].x] >= 0);
    check_goal_far(f, dist);
    free(dist);
}

/* No two things (ways, pits, stations, entrance, goal) share a square. */
static void check_apart(const dfloor *f)
{
    for (int y = 0; y < f->h; y++)
        for (int x = 0; x < f->w; x++) {
            int n = (x == f->entrance_x && y == f->entrance_y) + (x == f->goal_x && y == f->goal_y);
            for (int i = 0; i < f->way_count; i++)
                n += f->ways[i].x == x && f->ways[i].y == y;
            for (int i = 0; i < f->pit_count; i++)
                n += f->pits[i].x == x && f->pits[i].y == y;
            for (int i = 0; i < f->station_count; i++)
                n += f->stations[i].x == x && f->stations[i].y == y;
            if (n > 1)
                fail_msg("floor %d: %d things on %d,%d", f->index + 1, n, x, y);
        }
}

static void test_floors_connected(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 100; seed++) {
        dungeon d;
        make(seed, &d);
        for (int k = 0; k < d.floor_count; k++) {
            const dfloor *f = &d.floors[k];
            assert_int_equal(f->index, k);
            check_rooms(f);
            check_doors(f);
            check_connected(f);
            check_apart(f);
        }
        dungeon_free(&d);
    }
}

static int open_plain(const dfloor *f, int x, int y)
{
    terrain t = floor_at(f, x, y);
    return t == T_FLOOR || t == T_CORRIDOR;
}

/* Floor k has, in order: lift and ladder to k-1, then lift and ladder to k+1. */
static void check_ways(const dungeon *d, int k)
{
    const dfloor *f = &d->floors[k];
    int want = (k > 0) * 2 + (k + 1 < d->floor_count) * 2;
    assert_int_equal(f->way_count, want);
    for (int i = 0; i < f->way_count; i++) {
        const way *w = &f->ways[i];
        int to = (k > 0 && i < 2) ? k - 1 : k + 1;
        assert_int_equal(w->kind, i % 2 ? WAY_LADDER : WAY_LIFT);
        assert_int_equal(w->to_floor, to);
        assert_int_equal(w->to_x, w->x);
        assert_int_equal(w->to_y, w->y);
        assert_true(open_plain(f, w->x, w->y));
        const dfloor *g = &d->floors[to];
        assert_true(open_plain(g, w->x, w->y));
        int j = floor_way_at(g, w->x, w->y);
        assert_true(j >= 0);
        assert_int_equal(g->ways[j].kind, w->kind);
        assert_int_equal(g->ways[j].to_floor, k);
    }
}

static void check_pits(const dungeon *d, int k)
{
    const dfloor *f = &d->floors[k];
    assert_in_range(f->pit_count, 0, 1);
    if (k + 1 == d->floor_count)
        assert_int_equal(f->pit_count, 0);
    for (int i = 0; i < f->pit_count; i++) {
        const pit *p = &f->pits[i];
        const dfloor *lo = &d->floors[k + 1];
        assert_false(p->hidden);
        assert_false(p->open);
        assert_true(open_plain(f, p->x, p->y));
        assert_true(open_plain(lo, p->x, p->y));
        assert_int_equal(floor_way_at(lo, p->x, p->y), -1);
        assert_int_equal(floor_square_taken(lo, p->x, p->y), 0);
        assert_int_equal(dungeon_fall_cm(d, k, p->x, p->y), 600);
        int *dist = malloc((size_t)lo->w * (size_t)lo->h * sizeof *dist);
        assert_non_null(dist);
        ref_walk(lo, lo->entrance_x, lo->entrance_y, dist);
        assert_true(dist[p->y * lo->w + p->x] >= 0);   /* the landing can be walked from */
        free(dist);
    }
}

/* Reference main way: from the entrance, each step to the first neighbour in N, E, S,
 * W order one step closer to the goal. Marks main[]. */
static void ref_main_way(const dfloor *f, unsigned char *main)
{
    int *dist = malloc((size_t)f->w * (size_t)f->h * sizeof *dist);
    assert_non_null(dist);
    ref_walk(f, f->goal_x, f->goal_y, dist);
    memset(main, 0, (size_t)f->w * (size_t)f->h);
    int x = f->entrance_x, y = f->entrance_y;
    assert_true(dist[y * f->w + x] > 0);
    main[y * f->w + x] = 1;
    while (dist[y * f->w + x] > 0) {
        int d = 0, here = dist[y * f->w + x];
        while (d < 4 && !(floor_in(f, x + DIR4_DX[d], y + DIR4_DY[d]) &&
                          dist[(y + DIR4_DY[d]) * f->w + x + DIR4_DX[d]] == here - 1))
            d++;
        assert_true(d < 4);
        x += DIR4_DX[d];
        y += DIR4_DY[d];
        main[y * f->w + x] = 1;
    }
    free(dist);
}

static void check_stations(const dfloor *f)
{
    assert_in_range(f->station_count, 0, 1);
    unsigned char *main = malloc((size_t)f->w * (size_t)f->h);
    assert_non_null(main);
    ref_main_way(f, main);
    for (int i = 0; i < f->station_count; i++) {
        const station *s = &f->stations[i];
        assert_int_equal(floor_at(f, s->x, s->y), T_FLOOR);
        assert_int_equal(abs(s->wall_dx) + abs(s->wall_dy), 1);
        assert_int_equal(floor_at(f, s->x + s->wall_dx, s->y + s->wall_dy), T_WALL);
        assert_in_range(s->look, 0, LOOK_COUNT - 1);
        assert_true(s->last_used_s == STATION_NEVER_USED);
        int in_room = 0;
        for (int r = 0; r < f->room_count; r++) {
            const room *rm = &f->rooms[r];
            if (s->x < rm->x || s->x >= rm->x + rm->w || s->y < rm->y || s->y >= rm->y + rm->h)
                continue;
            in_room = 1;
            for (int y = rm->y; y < rm->y + rm->h; y++)
                for (int x = rm->x; x < rm->x + rm->w; x++)
                    if (main[y * f->w + x])
                        fail_msg("floor %d: station %d,%d in a room on the main way",
                                 f->index + 1, s->x, s->y);
        }
        assert_true(in_room);
    }
    free(main);
}

static void test_things(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 100; seed++) {
        dungeon d;
        make(seed, &d);
        for (int k = 0; k < d.floor_count; k++) {
            check_ways(&d, k);
            check_pits(&d, k);
            check_stations(&d.floors[k]);
        }
        dungeon_free(&d);
    }
}

/* Over seeds 1..200: pits on about 1 in 4 floors with a floor below, stations on about
 * 1 in 2 floors (spec/pits-and-stations.md). */
static void test_rates(void **state)
{
    (void)state;
    int pits = 0, below = 0, stations = 0, floors = 0;
    for (uint64_t seed = 1; seed <= 200; seed++) {
        dungeon d;
        make(seed, &d);
        for (int k = 0; k < d.floor_count; k++) {
            floors++;
            stations += d.floors[k].station_count;
            below += k + 1 < d.floor_count;
            pits += d.floors[k].pit_count;
        }
        dungeon_free(&d);
    }
    assert_int_equal(below, 400);
    assert_int_equal(floors, 600);
    assert_in_range(pits, 80, 120);
    assert_in_range(stations, 260, 340);
}

static char *read_all(const char *file)
{
    FILE *fp = fopen(file, "rb");
    if (!fp)
        return NULL;
    char *s = NULL;
    size_t len = 0, cap = 0, n;
    char buf[4096];
    while ((n = fread(buf, 1, sizeof buf, fp)) > 0) {
        if (len + n + 1 > cap) {
            cap = (len + n + 1) * 2;
            s = realloc(s, cap);
            assert_non_null(s);
        }
        memcpy(s + len, buf, n);
        len += n;
    }
    fclose(fp);
    if (s)
        s[len] = '\0';
    return s;
}

static void test_golden_seed_7(void **state)
{
    (void)state;
    dungeon d;
    char *got;
    gen_opts o = gen_defaults(7);  /* `delve gen --seed 7`: rising on */
    assert_int_equal(gen_dungeon(&o, &d, NULL), DELVE_OK);
    assert_int_equal(ascii_dungeon(&d, &got, NULL), DELVE_OK);
    char *want = read_all(GOLDEN_SEED_7);
    if (!want)
        fail_msg("cannot read %s", GOLDEN_SEED_7);
    if (strcmp(got, want) != 0) {
        size_t i = 0;
        while (got[i] && got[i] == want[i])
            i++;
        fail_msg("gen-seed-7.txt differs at byte %zu", i);
    }
    free(got);
    free(want);
    dungeon_free(&d);
}

static void test_ascii_shape(void **state)
{
    (void)state;
    dungeon d;
    char *s;
    make(7, &d);
    assert_int_equal(ascii_floor(&d, 1, &s, NULL), DELVE_OK);
    assert_memory_equal(s, "floor 2 of 3  seed 7  64x40\n", 28);
    assert_non_null(strstr(s, "\nlegend\n  ' ' rock\n  '#' wall\n"));
    assert_non_null(strstr(s, "  'L' lift\n  'H' ladder\n"));
    assert_null(strstr(s, " \n"));  /* no trailing spaces */
    int lines = 0;
    for (const char *p = s; *p; p++)
        lines += *p == '\n';
    assert_true(lines > 1 + 40 + 1);
    free(s);
    assert_int_equal(ascii_floor(&d, 3, &s, NULL), DELVE_EINPUT);
    assert_null(s);
    dungeon_free(&d);
}

static void test_bad_options(void **state)
{
    (void)state;
    dungeon d;
    dfloor f;
    delve_err e = { { 0 } };
    gen_opts o = gen_defaults(1);
    o.floors = 0;
    assert_int_equal(gen_dungeon(&o, &d, &e), DELVE_EINPUT);
    o = gen_defaults(1);
    o.w = GEN_MIN_SIDE - 1;
    assert_int_equal(gen_dungeon(&o, &d, &e), DELVE_EINPUT);
    o = gen_defaults(1);
    assert_int_equal(gen_floor_alone(&o, 3, &f, &e), DELVE_EINPUT);
    assert_int_equal(gen_floor_alone(&o, -1, &f, &e), DELVE_EINPUT);
    assert_non_null(strstr(e.msg, "floor 0"));
}

/* walk_dist (gen's start and skip rules) must agree with engine's path_floor_dist. */
static void test_walk_agrees_with_engine(void **state)
{
    (void)state;
    delve_err e = { { 0 } };
    for (uint64_t seed = 1; seed <= 10; seed++) {
        dungeon d;
        make(seed, &d);
        for (int k = 0; k < d.floor_count; k++) {
            const dfloor *f = &d.floors[k];
            size_t n = (size_t)f->w * (size_t)f->h;
            int *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b), *q = malloc(n * sizeof *q);
            assert_true(a && b && q);
            int reached = walk_dist(f, f->entrance_x, f->entrance_y, -1, a, q);
            int reached_engine = -1;
            assert_int_equal(path_floor_dist(f, f->entrance_x, f->entrance_y, b, NULL,
                                             &reached_engine, &e), DELVE_OK);
            assert_int_equal(reached_engine, reached);
            assert_memory_equal(a, b, n * sizeof *a);
            assert_int_equal(reached, walk_count(f));
            free(a);
            free(b);
            free(q);
        }
        dungeon_free(&d);
    }
}

/* A 20 x 20 floor whose only open squares are a ring of terrain t round 3..16. */
static void ring_floor(dfloor *f, int index, terrain t)
{
    assert_int_equal(floor_init(f, index, 20, 20, NULL), DELVE_OK);
    for (int i = 3; i <= 16; i++) {
        floor_set(f, i, 3, t);
        floor_set(f, i, 16, t);
        floor_set(f, 3, i, t);
        floor_set(f, 16, i, t);
    }
    f->entrance_x = f->entrance_y = 3;
    f->goal_x = f->goal_y = 16;
}

/* Directed: below a ring of corridor, a ring of room floor where every square a pit on
 * floor 0 could use (x + y even) is a way end, by a wall, the entrance or the goal, but
 * one: (10, 16). Whenever the pit's chance comes up it must land there. */
static void test_pit_landing_rules(void **state)
{
    (void)state;
    dfloor up, lo;
    ring_floor(&lo, 1, T_FLOOR);
    int n = 0;
    for (int y = 3; y <= 16; y++)
        for (int x = 3; x <= 16; x++) {
            if (floor_at(&lo, x, y) != T_FLOOR || (x + y) % 2 || (x == 10 && y == 16) ||
                (x == 3 && y == 3) || (x == 16 && y == 16))
                continue;
            if (n++ % 2) {
                way w = { WAY_LADDER, x, y, 0, x, y };
                assert_int_equal(floor_add_way(&lo, w, NULL), DELVE_OK);
            } else {
                floor_set(&lo, y == 3 ? x : y == 16 ? x : x == 3 ? 2 : 17,
                          y == 3 ? 2 : y == 16 ? 17 : y, T_WALL);
            }
        }
    int pits = 0;
    for (uint64_t seed = 1; seed <= 200; seed++) {
        ring_floor(&up, 0, T_CORRIDOR);
        assert_int_equal(pits_place(seed, &up, &lo, NULL), DELVE_OK);
        assert_in_range(up.pit_count, 0, 1);
        if (up.pit_count) {
            assert_int_equal(up.pits[0].x, 10);
            assert_int_equal(up.pits[0].y, 16);
        }
        pits += up.pit_count;
        floor_free(&up);
        ring_floor(&up, 0, T_CORRIDOR);
        assert_int_equal(pits_place(seed, &up, NULL, NULL), DELVE_OK);
        assert_int_equal(up.pit_count, 0);  /* no floor below, no pit */
        floor_free(&up);
    }
    assert_in_range(pits, 30, 70);  /* chance 1/4 of 200 */
    floor_free(&lo);
}

/* Directed: below a ring of room floor cut in two by walls at (10, 3) and (10, 16); only
 * the left half (x < 10) has a ladder up. A pit whose landing is in the right half would
 * leave the party with no way back up (check.c's pit-no-way-up), so every pit lands left,
 * and pits still come at their chance. */
static void test_pit_landing_way_up(void **state)
{
    (void)state;
    dfloor up, lo;
    ring_floor(&lo, 1, T_FLOOR);
    floor_set(&lo, 10, 3, T_WALL);
    floor_set(&lo, 10, 16, T_WALL);
    way w = { WAY_LADDER, 3, 10, 0, 3, 10 };
    assert_int_equal(floor_add_way(&lo, w, NULL), DELVE_OK);
    int pits = 0;
    for (uint64_t seed = 1; seed <= 200; seed++) {
        ring_floor(&up, 0, T_CORRIDOR);
        assert_int_equal(pits_place(seed, &up, &lo, NULL), DELVE_OK);
        if (up.pit_count)
            assert_true(up.pits[0].x < 10);
        pits += up.pit_count;
        floor_free(&up);
    }
    assert_in_range(pits, 30, 70);  /* chance 1/4 of 200 */
    floor_free(&lo);
}

/* A floor whose one room is a row of floor 1..7 on y = 4 (interior 2..6 x 3..5; the
 * middle row y = 4) and, with bypass, a second row on y = 5 beside it. */
static void row_floor(dfloor *f, int bypass)
{
    assert_int_equal(floor_init(f, 0, 20, 20, NULL), DELVE_OK);
    for (int x = 1; x <= 7; x++) {
        floor_set(f, x, 4, T_FLOOR);
        if (bypass)
            floor_set(f, x, 5, T_FLOOR);
    }
    f->rooms[0] = (room){ 2, 3, 5, 3 };
    f->room_count = 1;
    f->entrance_x = 1;
    f->entrance_y = f->goal_y = 4;
    f->goal_x = 7;
}

/* Directed: a pit in the middle of a room that is only a one-square-wide row would cut
 * the row in two (the squares past it reached only across the pit, as between a
 * warehouse's boxes), so it never comes; beside a second row the pit can be walked
 * round and comes at its chance. Below: open room floor with a ladder up. */
static void test_pit_splits_nothing(void **state)
{
    (void)state;
    dfloor up, lo;
    assert_int_equal(floor_init(&lo, 1, 20, 20, NULL), DELVE_OK);
    for (int y = 1; y <= 10; y++)
        for (int x = 1; x <= 10; x++)
            floor_set(&lo, x, y, T_FLOOR);
    lo.entrance_x = lo.entrance_y = 1;
    lo.goal_x = lo.goal_y = 10;
    way w = { WAY_LADDER, 9, 1, 0, 9, 1 };
    assert_int_equal(floor_add_way(&lo, w, NULL), DELVE_OK);
    int pits[2] = { 0, 0 };
    for (uint64_t seed = 1; seed <= 200; seed++)
        for (int bypass = 0; bypass < 2; bypass++) {
            row_floor(&up, bypass);
            assert_int_equal(pits_place(seed, &up, &lo, NULL), DELVE_OK);
            pits[bypass] += up.pit_count;
            floor_free(&up);
        }
    assert_int_equal(pits[0], 0);
    assert_in_range(pits[1], 30, 70);  /* chance 1/4 of 200 */
    floor_free(&lo);
}

/* The registry and the families' rows: every hook set (never a NULL call), every real
 * level type has a row named as engine/floor.c names it, every row generates a floor
 * of its family, and every setting's default reads back through opts_set. */
static void test_registry(void **state)
{
    (void)state;
    for (int f = 0; f < FAMILY_COUNT; f++) {
        const family_row *r = family_get((family_id)f);
        assert_non_null(r->layout);
        assert_non_null(r->refit);
        assert_non_null(r->ways);
        assert_non_null(r->floor_check);
        assert_non_null(r->stock);
        assert_non_null(r->dungeon_check);
        assert_non_null(r->file_check);
        assert_non_null(r->ascii);
        assert_non_null(r->stats.measure);
        assert_non_null(r->stats.measure_names);
        assert_true(r->stats.measure_count > 0 && r->stats.measure_count <= STATS_MAX_MEASURES);
    }
    for (int t = 0; t < LT_COUNT; t++) {
        assert_int_equal(family_type_of(t)->level_type, t);
        assert_string_equal(family_type_of(t)->name, level_type_name((level_type)t));
    }
    assert_int_equal(family_type_count(), LT_COUNT + 1);
    for (int i = 0; i < family_type_count(); i++) {
        const family_type *ty = family_type_at(i);
        gen_opts o = gen_defaults(11);
        o.floors = 2;
        o.type = ty->level_type;
        dungeon d;
        delve_err err = { "" };
        if (gen_dungeon(&o, &d, &err) != DELVE_OK)
            fail_msg("type %s: %s", ty->name, err.msg);
        if (ty->level_type != GEN_TYPE_DOOMRL)
            assert_int_equal(d.floors[1].level_type, ty->level_type);
        assert_ptr_equal(family_of(d.floors[0].level_type), family_get(ty->family));
        dungeon_free(&d);
        assert_ptr_equal(family_type_named(ty->name), ty);
    }
    gen_opts o = gen_defaults(5), back = o;
    for (int id = 0; id < OPTS_COUNT; id++) {
        char v[GEN_PATH_MAX];
        opts_format(&o, (opts_id)id, v, sizeof v);
        assert_string_equal(v, opts_get((opts_id)id)->dflt[0] == '1' && id == OPTS_SEED
                                   ? "5" : opts_get((opts_id)id)->dflt);
        assert_int_equal(opts_set(&back, (opts_id)id, v, NULL), DELVE_OK);
    }
    assert_memory_equal(&o, &back, sizeof o);
    char line[256];
    assert_int_equal(opts_line(&o, OPTS_ALL, line, sizeof line, NULL), DELVE_OK);
    assert_string_equal(line, "seed=5 floors=3 type=rooms dlevel=1 difficulty=2 islands=15 "
                              "rising=on");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_same_seed_same_bytes),
        cmocka_unit_test(test_floor_alone_equals_dungeon),
        cmocka_unit_test(test_other_sizes),
        cmocka_unit_test(test_refit_seeds),
        cmocka_unit_test(test_refit_contract),
        cmocka_unit_test(test_floors_connected),
        cmocka_unit_test(test_things),
        cmocka_unit_test(test_stock),
        cmocka_unit_test(test_walk_agrees_with_engine),
        cmocka_unit_test(test_pit_landing_rules),
        cmocka_unit_test(test_pit_landing_way_up),
        cmocka_unit_test(test_pit_splits_nothing),
        cmocka_unit_test(test_rates),
        cmocka_unit_test(test_golden_seed_7),
        cmocka_unit_test(test_ascii_shape),
        cmocka_unit_test(test_bad_options),
        cmocka_unit_test(test_registry),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
