/* The .dun format: export, import, export gives the same bytes (seeds 1-200, 3 floors);
 * heights, marks, hidden pits, stations, routes and monsters survive; a hand-made file
 * reads as drawn; bad files are refused at their line and column. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "base/hash.h"
#include "engine/dun.h"
#include "gen/gen.h"

static void test_round_trip_seeds_1_to_200(void **state)
{
    (void)state;
    for (uint64_t seed = 1; seed <= 200; seed++) {
        gen_opts o = gen_defaults(seed);
        dungeon d, back;
        delve_err err = { "" };
        assert_int_equal(gen_dungeon(&o, &d, &err), DELVE_OK);
        char *a = NULL, *b = NULL;
        assert_int_equal(dun_write(&d, seed, &a, &err), DELVE_OK);
        if (dun_read("seed.dun", a, &back, &err) != DELVE_OK)
            fail_msg("seed %llu: %s", (unsigned long long)seed, err.msg);
        assert_int_equal(dun_write(&back, back.seed, &b, &err), DELVE_OK);
        assert_string_equal(a, b);
        assert_int_equal(back.seed, seed);
        for (int k = 0; k < d.floor_count; k++) {
            assert_int_equal(back.datum_cm[k], d.datum_cm[k]);
            assert_memory_equal(back.floors[k].terrain, d.floors[k].terrain,
                                (size_t)d.floors[k].w * (size_t)d.floors[k].h);
            assert_int_equal(back.floors[k].way_count, d.floors[k].way_count);
            assert_int_equal(back.floors[k].pit_count, d.floors[k].pit_count);
            assert_int_equal(back.floors[k].station_count, d.floors[k].station_count);
        }
        free(a);
        free(b);
        dungeon_free(&d);
        dungeon_free(&back);
    }
}

/* The digest of HAND's floor 2: a change of the .dun writer's bytes changes every
 * digest, and every review across it then sees every floor changed. */
#define PINNED_FLOOR2 "c3684e9b4f4c0f46"

/* A hand-made two-floor file with every kind of line. */
static const char HAND[] =
    "delve-dun 1\n"
    "# two floors\n"
    "seed 9\n"
    "floors 2\n"
    "\n"
    "floor 1 caves dlevel 4 size 8 5\n"
    "map\n"
    "########\n"
    "#..L.~=#\n"
    "#,+:&Ww#\n"
    "#hX%...#\n"
    "########\n"
    "endmap\n"
    "height 1 1 3 2 -100\n"
    "height 6 3 40\n"
    "drawn 0 0 8 5\n"
    "pin 1 1\n"
    "secret 2 2\n"
    "entrance 1 1\n"
    "goal 6 3\n"
    "room 1 1 6 3\n"
    "way lift 3 1 to 2 3 1\n"
    "pit 2 1 hidden\n"
    "station 5 3 drip-bench wall south used 30000\n"
    "route 1,1 2,1 4,3\n"
    "monster 3 4 3 flying hunting route 1\n"
    "item 2 5 3\n"
    "\n"
    "floor 2 rooms dlevel 5 size 8 5\n"
    "map\n"
    "########\n"
    "#..L...#\n"
    "#......#\n"
    "########\n"
    "endmap\n"
    "entrance 1 1\n"
    "goal 6 2\n"
    "way lift 3 1 to 1 3 1 on corridor\n";

/* A grown floor keeps its origin through a round trip, so pits still land right. */
static void test_round_trip_grown_floor(void **state)
{
    (void)state;
    gen_opts o = gen_defaults(4);
    dungeon d, back;
    delve_err err = { "" };
    assert_int_equal(gen_dungeon(&o, &d, &err), DELVE_OK);
    assert_int_equal(grow_floor(&d, 0, 5, 3, &err), DELVE_OK);
    char *a = NULL, *b = NULL;
    assert_int_equal(dun_write(&d, 4, &a, &err), DELVE_OK);
    assert_non_null(strstr(a, "\nfloor 1 rooms dlevel 0 size 69 43 origin -5 -3 datum 0\n"));
    if (dun_read("grown.dun", a, &back, &err) != DELVE_OK)
        fail_msg("%s", err.msg);
    assert_int_equal(back.floors[0].ox, -5);
    assert_int_equal(back.floors[0].oy, -3);
    assert_int_equal(back.floors[1].ox, 0);
    assert_int_equal(dun_write(&back, 4, &b, &err), DELVE_OK);
    assert_string_equal(a, b);
    const pit *p = &back.floors[0].pits[0];
    assert_int_equal(dungeon_fall_cm(&back, 0, p->x, p->y), dungeon_fall_cm(&d, 0, p->x, p->y));
    free(a);
    free(b);
    dungeon_free(&d);
    dungeon_free(&back);
}

static void test_hand_made_reads_as_drawn(void **state)
{
    (void)state;
    dungeon d;
    delve_err err = { "" };
    if (dun_read("hand.dun", HAND, &d, &err))
        fail_msg("%s", err.msg);
    assert_int_equal(d.floor_count, 2);
    assert_int_equal(d.seed, 9);
    const dfloor *f = &d.floors[0];
    assert_int_equal(f->w, 8);
    assert_int_equal(f->h, 5);
    assert_int_equal(f->level_type, LT_CAVES);
    assert_int_equal(f->dlevel, 4);
    assert_int_equal(floor_at(f, 0, 0), T_WALL);
    assert_int_equal(floor_at(f, 1, 2), T_CORRIDOR);
    assert_int_equal(floor_at(f, 2, 2), T_DOOR);
    assert_int_equal(floor_at(f, 3, 2), T_BRIDGE);
    assert_int_equal(floor_at(f, 4, 2), T_LAVA);
    assert_int_equal(floor_at(f, 5, 2), T_DEEP);
    assert_int_equal(floor_at(f, 6, 2), T_SHALLOW);
    assert_int_equal(floor_at(f, 5, 1), T_WATER);
    assert_int_equal(floor_at(f, 6, 1), T_ACID);
    assert_int_equal(floor_at(f, 1, 3), T_HIGH);
    assert_int_equal(floor_at(f, 2, 3), T_BOX);
    assert_int_equal(floor_at(f, 3, 3), T_CAVE_WALL);
    assert_int_equal(floor_at(f, 3, 1), T_FLOOR); /* under the lift */
    assert_int_equal(floor_at(&d.floors[1], 3, 1), T_CORRIDOR); /* 'on corridor' */
    assert_int_equal(f->height_cm[1 * 8 + 1], -100);
    assert_int_equal(f->height_cm[2 * 8 + 3], -100);
    assert_int_equal(f->height_cm[2 * 8 + 4], 0);
    assert_int_equal(f->height_cm[3 * 8 + 6], 40);
    assert_int_equal(f->marks[1 * 8 + 1], SQ_DRAWN | SQ_PIN);
    assert_int_equal(f->marks[2 * 8 + 2], SQ_DRAWN | SQ_SECRET);
    assert_int_equal(f->pits[0].hidden, 1);
    assert_int_equal(f->pits[0].open, 0);
    assert_int_equal(f->stations[0].look, LOOK_DRIP_BENCH);
    assert_int_equal(f->stations[0].wall_dy, 1);
    assert_int_equal(f->stations[0].last_used_s, 30000);
    assert_int_equal(f->patrol_count, 1);
    assert_int_equal(f->patrols[0].count, 3);
    assert_int_equal(f->patrols[0].x[2], 4);
    assert_int_equal(f->monsters[0].kind, 3);
    assert_int_equal(f->monsters[0].flying, 1);
    assert_int_equal(f->monsters[0].hunting, 1);
    assert_int_equal(f->monsters[0].patrol, 1);
    assert_int_equal(f->items[0].kind, 2);
    assert_int_equal(f->ways[0].to_floor, 1);
    /* stacked: floor 2's datum from the ground; sunk squares push it down */
    assert_int_equal(d.datum_cm[1], -700);
    char *a = NULL, *b = NULL;
    assert_int_equal(dun_write(&d, 9, &a, &err), DELVE_OK);
    dungeon back;
    assert_int_equal(dun_read("a.dun", a, &back, &err), DELVE_OK);
    assert_int_equal(dun_write(&back, 9, &b, &err), DELVE_OK);
    assert_string_equal(a, b);
    assert_non_null(strstr(a, "height 1 1 3 2 -100\nheight 6 3 40\n"));
    assert_non_null(strstr(a, "floor 2 rooms dlevel 5 size 8 5 datum -700\n"));
    free(a);
    free(b);
    dungeon_free(&back);
    dungeon_free(&d);
}

/* Replaces the first `from` in HAND by `to` and expects err at that message. */
static void expect_bad(const char *from, const char *to, const char *want)
{
    char text[4096];
    const char *at = strstr(HAND, from);
    assert_non_null(at);
    snprintf(text, sizeof text, "%.*s%s%s", (int)(at - HAND), HAND, to, at + strlen(from));
    dungeon d;
    delve_err err = { "" };
    assert_int_not_equal(dun_read("bad.dun", text, &d, &err), DELVE_OK);
    if (strcmp(err.msg, want))
        fail_msg("got '%s'\nwant '%s'", err.msg, want);
    assert_null(d.floors);
}

static void test_bad_files_named_at_line_and_column(void **state)
{
    (void)state;
    expect_bad("delve-dun 1", "delve-dun 2",
               "bad.dun:1:11: unknown .dun version 2 (this delve reads version 1)");
    expect_bad("delve-dun 1", "dungeon", "bad.dun:1:1: not a .dun file (the first line must "
               "be 'delve-dun 1')");
    expect_bad("#hX%...#", "#hXQ...#", "bad.dun:11:4: unknown map glyph 'Q' "
               "(docs/dun-format.md lists them)");
    expect_bad("#hX%...#", "#hX%....#", "bad.dun:11:9: map row is longer than the floor's 8 "
               "columns");
    expect_bad("size 8 5\nmap", "size 8 4\nmap", "bad.dun:12:1: map row 5 is past the floor's 4 "
               "rows (or 'endmap' is missing)");
    expect_bad("size 8 5\nmap", "size 513 5\nmap", "bad.dun:6:29: width 513 is outside 1..512");
    expect_bad("floors 2", "floors 33", "bad.dun:4:8: floors 33 is outside 1..32");
    expect_bad("pit 2 1 hidden", "pit 2 9 hidden", "bad.dun:23:5: square 2,9 is outside floor 1 "
               "(8 x 5)");
    expect_bad("pit 2 1 hidden", "pit 2 1 hiden", "bad.dun:23:9: unexpected text at the end of "
               "the line");
    expect_bad("way lift 3 1 to 2 3 1\n", "", "bad.dun:9:4: the map shows a lift at 3,1 but no "
               "'way' line names it");
    expect_bad("way lift 3 1 to 2 3 1", "way ladder 3 1 to 2 3 1", "bad.dun:22:12: the map "
               "shows 'L' at 3,1, not the ladder's 'H'");
    expect_bad("monster 3 4 3 flying hunting route 1", "monster 3 4 3 flying hunting route 2",
               "bad.dun:26:36: route 2 is not one of this floor's 1 routes (write the route "
               "lines first)");
    expect_bad("station 5 3 drip-bench", "station 5 3 drip bench", "bad.dun:24:13: unknown "
               "look 'drip' (font, drip-bench, nutrient-tap)");
    expect_bad("height 6 3 40", "height 6 3 4 4 40", "bad.dun:15:8: rectangle 6,3 4x4 runs "
               "past the floor");
    expect_bad("floor 2 rooms", "floor 3 rooms", "bad.dun:29:7: expected floor 2 here, not 3 "
               "(floors go in order)");
    expect_bad("floors 2", "floors 3", "bad.dun:38:1: the header declares 3 floors but the "
               "file has 2");
    expect_bad("endmap\nentrance 1 1\ngoal 6 2\nway lift 3 1 to 1 3 1 on corridor\n", "",
               "bad.dun:35:1: the file ends inside a map block: expected 'endmap'");
    expect_bad("floor 2 rooms dlevel 5 size 8 5", "floor 2 rooms dlevel 5 size 8 5 datum -600",
               "bad.dun:29:39: datum -600 does not match the stacking of the floors (-700 cm): "
               "drop it or fix the heights");
    expect_bad("seed 9", "seed 9\x01", "bad.dun:3:7: control byte 0x01: a .dun file is text");
    /* without them the walk would start or end on 0,0, a wall the checks call unreachable */
    expect_bad("goal 6 3\n", "", "bad.dun:6:1: floor 1 has no 'goal X Y' line");
    expect_bad("pit 2 1 hidden\n", "pit 2 1 hidden\npit 2 1\n",
               "bad.dun:24:5: floor 1 already has a pit at 2,1 (at line 23)");
    expect_bad("entrance 1 1\ngoal 6 2\n", "goal 6 2\n",
               "bad.dun:29:1: floor 2 has no 'entrance X Y' line");
    /* one of each on a floor, one way and one station on a square, as one pit */
    expect_bad("goal 6 3\n", "goal 6 3\ngoal 5 3\n",
               "bad.dun:21:6: floor 1 already has its goal (at line 20)");
    expect_bad("entrance 1 1\n", "entrance 1 1\nentrance 2 1\n",
               "bad.dun:20:10: floor 1 already has its entrance (at line 19)");
    expect_bad("way lift 3 1 to 2 3 1\n", "way lift 3 1 to 2 3 1\nway ladder 3 1 to 2 3 1\n",
               "bad.dun:23:12: floor 1 already has a way at 3,1 (at line 22)");
    expect_bad("used 30000\n", "used 30000\nstation 5 3 drip-bench wall south\n",
               "bad.dun:25:9: floor 1 already has a station at 5,3 (at line 24)");
}

static void test_empty_and_junk_refused(void **state)
{
    (void)state;
    dungeon d;
    delve_err err = { "" };
    assert_int_equal(dun_read("e.dun", "", &d, &err), DELVE_EINPUT);
    assert_string_equal(err.msg, "e.dun:1:1: empty: a .dun file starts with 'delve-dun 1'");
    assert_int_equal(dun_read("e.dun", "delve-dun 1\n", &d, &err), DELVE_EINPUT);
    assert_string_equal(err.msg, "e.dun:1:1: no 'floors N' line: the file ends before any floor");
    assert_int_equal(dun_read("e.dun", "\xff\xfe\x80junk", &d, &err), DELVE_EINPUT);
    assert_string_equal(err.msg, "e.dun:1:1: not a .dun file (the first line must be "
                                 "'delve-dun 1')");
}

/* text with every LF made CRLF (malloc'ed). */
static char *crlf(const char *text)
{
    char *out = malloc(2 * strlen(text) + 1), *o = out;
    assert_non_null(out);
    for (; *text; text++) {
        if (*text == '\n')
            *o++ = '\r';
        *o++ = *text;
    }
    *o = '\0';
    return out;
}

/* A file saved with CRLF line ends (and a byte order mark) reads as the LF file does,
 * and its faults are at the same line and column. */
static void test_crlf_reads_as_lf(void **state)
{
    (void)state;
    gen_opts o = gen_defaults(58);
    dungeon d, back;
    delve_err err = { "" };
    assert_int_equal(gen_dungeon(&o, &d, &err), DELVE_OK);
    char *a = NULL, *b = NULL;
    assert_int_equal(dun_write(&d, 58, &a, &err), DELVE_OK);
    char *w = crlf(a), *bom = malloc(strlen(w) + 4);
    assert_non_null(bom);
    snprintf(bom, strlen(w) + 4, "\xEF\xBB\xBF%s", w);
    if (dun_read("crlf.dun", bom, &back, &err) != DELVE_OK)
        fail_msg("%s", err.msg);
    assert_int_equal(dun_write(&back, back.seed, &b, &err), DELVE_OK);
    assert_string_equal(a, b);
    dungeon_free(&back);
    free(b);
    free(bom);
    free(w);
    w = crlf("delve-dun 1\nfloors 1\nfloor 1 rooms dlevel 1 size 4 2\nmap\n#.Q#\nendmap\n");
    assert_int_equal(dun_read("crlf.dun", w, &back, &err), DELVE_EINPUT);
    assert_string_equal(err.msg, "crlf.dun:5:3: unknown map glyph 'Q' (docs/dun-format.md "
                                 "lists them)");
    free(w);
    w = crlf("delve-dun 1\nfloors 1\nfloor 1 rooms dlevel 1 size 4 2 datum 5x\n");
    assert_int_equal(dun_read("crlf.dun", w, &back, &err), DELVE_EINPUT);
    assert_string_equal(err.msg, "crlf.dun:3:40: unexpected 'x' in datum");
    free(w);
    free(a);
    dungeon_free(&d);
}

/* A map block alone, into a region of a floor: how stored rooms will be read. */
static void test_map_block_alone(void **state)
{
    (void)state;
    dfloor f;
    delve_err err = { "" };
    assert_int_equal(floor_init(&f, 0, 10, 6, &err), DELVE_OK);
    int8_t ways[60];
    memset(ways, -1, sizeof ways);
    const char *text = "#.#\n.L\nendmap\nafter\n";
    lex x;
    lex_init(&x, "room.dun", text, &err);
    x.line = 4; /* the `map` line */
    assert_int_equal(dun_map_read(&x, &f, 2, 1, ways), DELVE_OK);
    assert_int_equal(x.line, 7);
    assert_string_equal(x.next, "after\n");
    assert_int_equal(floor_at(&f, 2, 1), T_WALL);
    assert_int_equal(floor_at(&f, 3, 1), T_FLOOR);
    assert_int_equal(floor_at(&f, 4, 1), T_WALL);
    assert_int_equal(floor_at(&f, 2, 2), T_FLOOR);
    assert_int_equal(floor_at(&f, 3, 2), T_FLOOR); /* under the lift */
    assert_int_equal(floor_at(&f, 4, 2), T_ROCK);  /* short row: left as it was */
    assert_int_equal(ways[2 * 10 + 3], WAY_LIFT);
    assert_int_equal(ways[2 * 10 + 2], -1);
    lex_init(&x, "room.dun", text, &err);
    x.line = 4;
    assert_int_equal(dun_map_read(&x, &f, 2, 1, NULL), DELVE_EINPUT);
    assert_string_equal(err.msg, "room.dun:6:2: 'L' is a way, which a room file cannot hold "
                                 "(its map is terrain: docs/dun-format.md)");
    lex_init(&x, "room.dun", "##########\n", &err);
    x.line = 1;
    assert_int_equal(dun_map_read(&x, &f, 2, 1, ways), DELVE_EINPUT);
    assert_string_equal(err.msg, "room.dun:2:9: map row is longer than the floor's 10 columns");
    floor_free(&f);
}

/* Every byte as a map square reads as dun_glyph_terrain and the way glyphs say: a
 * terrain, a way (floor under it), or refused. */
static void test_every_map_byte(void **state)
{
    (void)state;
    int terrains = 0, ways_seen = 0;
    for (int c = 1; c < 256; c++) {
        if (c == '\n' || c == '\r')
            continue;
        dfloor f;
        delve_err err = { "" };
        assert_int_equal(floor_init(&f, 0, 1, 1, &err), DELVE_OK);
        const char text[] = { (char)c, '\n', 'e', 'n', 'd', 'm', 'a', 'p', '\n', '\0' };
        int8_t wk = 7;
        lex x;
        lex_init(&x, "b.dun", text, &err);
        delve_status st = dun_map_read(&x, &f, 0, 0, &wk);
        int t = dun_glyph_terrain((char)c), k = -1;
        for (int i = 0; i < WAY_KIND_COUNT && k < 0; i++)
            k = way_kind_glyph((way_kind)i) == (char)c ? i : -1;
        if (t >= 0) {
            assert_int_equal(st, DELVE_OK);
            assert_int_equal(floor_at(&f, 0, 0), t);
            assert_int_equal(wk, -1);
            terrains++;
        } else if (k >= 0) {
            assert_int_equal(st, DELVE_OK);
            assert_int_equal(floor_at(&f, 0, 0), T_FLOOR);
            assert_int_equal(wk, k);
            ways_seen++;
        } else {
            assert_int_equal(st, DELVE_EINPUT);
        }
        floor_free(&f);
    }
    assert_int_equal(terrains, T_TERRAIN_COUNT);
    assert_int_equal(ways_seen, WAY_KIND_COUNT);
}

/* A floor's digest is FNV-1a 64 of its block of the .dun text, from its `floor` line to
 * its last line (docs/dun-format.md "Floor digest"), so another program writing that
 * block gets it too; a changed square or thing changes that floor's digest alone. */
static void test_floor_digest(void **state)
{
    (void)state;
    dungeon d;
    delve_err err = { "" };
    assert_int_equal(dun_read("hand.dun", HAND, &d, &err), DELVE_OK);
    char *text = NULL;
    assert_int_equal(dun_write(&d, 9, &text, &err), DELVE_OK);
    const char *f1 = strstr(text, "floor 1 "), *f2 = strstr(text, "\nfloor 2 ") + 1;
    uint64_t h1, h2, want1 = hash_fnv1a64(HASH_FNV1A64_BASIS, f1, (size_t)(f2 - 1 - f1));
    uint64_t want2 = hash_fnv1a64(HASH_FNV1A64_BASIS, f2, strlen(f2));
    assert_int_equal(dun_floor_digest(&d, 0, &h1, &err), DELVE_OK);
    assert_int_equal(dun_floor_digest(&d, 1, &h2, &err), DELVE_OK);
    assert_true(h1 == want1);
    assert_true(h2 == want2);
    char pinned[17];
    snprintf(pinned, sizeof pinned, "%016llx", (unsigned long long)h2);
    assert_string_equal(pinned, PINNED_FLOOR2);
    d.floors[0].items[0].x = 4; /* a thing moved on floor 1 */
    uint64_t m1, m2;
    assert_int_equal(dun_floor_digest(&d, 0, &m1, &err), DELVE_OK);
    assert_int_equal(dun_floor_digest(&d, 1, &m2, &err), DELVE_OK);
    assert_true(m1 != h1);
    assert_true(m2 == h2);
    floor_set(&d.floors[1], 2, 2, T_WALL); /* a square of floor 2 */
    assert_int_equal(dun_floor_digest(&d, 1, &m2, &err), DELVE_OK);
    assert_true(m2 != h2);
    assert_int_equal(dun_floor_digest(&d, 2, &m2, &err), DELVE_EINPUT); /* no such floor */
    free(text);
    dungeon_free(&d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_round_trip_seeds_1_to_200),
        cmocka_unit_test(test_round_trip_grown_floor),
        cmocka_unit_test(test_hand_made_reads_as_drawn),
        cmocka_unit_test(test_bad_files_named_at_line_and_column),
        cmocka_unit_test(test_crlf_reads_as_lf),
        cmocka_unit_test(test_empty_and_junk_refused),
        cmocka_unit_test(test_map_block_alone),
        cmocka_unit_test(test_every_map_byte),
        cmocka_unit_test(test_floor_digest),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
