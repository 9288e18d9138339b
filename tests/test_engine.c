/* Engine rules with exact values: the fall, the heal, the station countdown, the pit
 * trigger, stacking, paths and the RNG streams (seed 001, spec/pits-and-stations.md). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "base/hash.h"
#include "engine/dungeon.h"
#include "engine/monster.h"
#include "engine/party.h"
#include "engine/rng.h"
#include "engine/save.h"
#include "engine/station.h"
#include "engine/world.h"

static void test_fall_damage_six_metres(void **state)
{
    (void)state;
    assert_int_equal(fall_damage(600, 0), 12);
    assert_int_equal(fall_damage(600, 15), 11);
    assert_int_equal(fall_damage(600, 50), 6);
    assert_int_equal(fall_damage(350, 0), 7);
    assert_int_equal(fall_damage(0, 0), 0);
}

static void test_fall_kills_and_spares_the_dead(void **state)
{
    (void)state;
    party p = { 0 };
    assert_int_equal(party_add(&p, "Ash", 30, 12, 15, NULL), DELVE_OK);
    assert_int_equal(party_add(&p, "Wren", 5, 4, 0, NULL), DELVE_OK);
    int taken[PARTY_MAX], died[PARTY_MAX];
    party_take_fall(&p, 600, taken, died);
    assert_int_equal(p.m[0].health, 19);
    assert_int_equal(taken[0], 11);
    assert_int_equal(died[0], 0);
    assert_int_equal(p.m[1].health, 0);
    assert_int_equal(taken[1], 5);
    assert_int_equal(died[1], 1);
    party_take_fall(&p, 600, taken, died);
    assert_int_equal(p.m[1].health, 0); /* the dead take no damage */
    assert_int_equal(taken[1], 0);
    assert_int_equal(died[1], 0);
    int gained[PARTY_MAX];
    party_heal_half(&p, gained);
    assert_int_equal(p.m[1].health, 0); /* and are not healed */
    assert_int_equal(gained[1], 0);
    assert_int_equal(p.m[0].health, 8 + 15);
}

static void test_heal_half_rounded_down_and_capped(void **state)
{
    (void)state;
    party p = { 0 };
    assert_int_equal(party_add(&p, "Ash", 31, 13, 0, NULL), DELVE_OK);
    p.m[0].health = 4;
    p.m[0].power = 1;
    party_heal_half(&p, NULL);
    assert_int_equal(p.m[0].health, 19); /* 4 + 31 / 2 = 4 + 15 */
    assert_int_equal(p.m[0].power, 7);   /* 1 + 13 / 2 = 1 + 6 */
    party_heal_half(&p, NULL);
    assert_int_equal(p.m[0].health, 31); /* capped */
    assert_int_equal(p.m[0].power, 13);
}

static void test_party_add_rejects_bad_members(void **state)
{
    (void)state;
    party p = { 0 };
    delve_err err;
    assert_int_equal(party_add(&p, "", 30, 12, 15, &err), DELVE_EINPUT);
    assert_int_equal(party_add(&p, "Ash", 0, 12, 15, &err), DELVE_EINPUT);
    assert_int_equal(party_add(&p, "Ash", 30, 12, 51, &err), DELVE_EINPUT);
    assert_non_null(strstr(err.msg, "armour"));
    for (int i = 0; i < PARTY_MAX; i++)
        assert_int_equal(party_add(&p, "M", 10, 0, 0, NULL), DELVE_OK);
    assert_int_equal(party_add(&p, "M", 10, 0, 0, &err), DELVE_ELIMIT);
}

static void test_station_countdown(void **state)
{
    (void)state;
    station s = { .x = 1, .y = 1, .last_used_s = STATION_NEVER_USED };
    char line[96];
    assert_true(station_ready(&s, 1000));
    assert_string_equal(station_line(&s, 1000, line, sizeof line), "");
    s.last_used_s = 1000;
    assert_false(station_ready(&s, 1000));
    assert_int_equal(station_lamp_at(&s, 1000), LAMP_SPENT);
    assert_string_equal(station_line(&s, 1000, line, sizeof line),
                        "// BASIN DRY. PRESSURE BACK IN 8 H 00 M.");
    assert_string_equal(station_line(&s, 1060, line, sizeof line),
                        "// BASIN DRY. PRESSURE BACK IN 7 H 59 M.");
    assert_string_equal(station_line(&s, 1000 + 28799, line, sizeof line),
                        "// BASIN DRY. PRESSURE BACK IN 0 H 01 M.");
    assert_false(station_ready(&s, 1000 + 28799));
    assert_true(station_ready(&s, 1000 + 28800));
    assert_int_equal(station_lamp_at(&s, 1000 + 28800), LAMP_READY);
}

/* Two 8 x 3 floors: a row of room floor at y = 1; a pit at (5, 1) on floor 0 and a
 * station at (2, 1) on floor 1 against the wall above it. */
static void make_world(world *w, int armour)
{
    dungeon d;
    assert_int_equal(dungeon_init(&d, 1, 2, NULL), DELVE_OK);
    for (int f = 0; f < 2; f++) {
        assert_int_equal(floor_init(&d.floors[f], f, 8, 3, NULL), DELVE_OK);
        for (int x = 0; x < 8; x++)
            for (int y = 0; y < 3; y++)
                floor_set(&d.floors[f], x, y, y == 1 && x > 0 && x < 7 ? T_FLOOR : T_WALL);
        d.floors[f].entrance_x = 1;
        d.floors[f].entrance_y = 1;
    }
    assert_int_equal(floor_add_pit(&d.floors[0], (pit){ .x = 5, .y = 1 }, NULL), DELVE_OK);
    station s = { .x = 2, .y = 1, .wall_dx = 0, .wall_dy = -1, .look = LOOK_FONT,
                  .last_used_s = STATION_NEVER_USED };
    assert_int_equal(floor_add_station(&d.floors[1], s, NULL), DELVE_OK);
    dungeon_stack(&d);
    party p = { 0 };
    assert_int_equal(party_add(&p, "Ash", 30, 12, armour, NULL), DELVE_OK);
    assert_int_equal(world_init(w, &d, &p, NULL), DELVE_OK);
}

static int count_events(const world *w, event_kind k)
{
    int n = 0;
    for (int i = 0; i < w->log.count; i++)
        n += w->log.ev[i].kind == k;
    return n;
}

static void test_stacking_plain_floors_six_metres(void **state)
{
    (void)state;
    world w;
    make_world(&w, 0);
    assert_int_equal(w.dg.datum_cm[1], -600);
    assert_int_equal(dungeon_fall_cm(&w.dg, 0, 5, 1), 600);
    assert_int_equal(dungeon_fall_cm(&w.dg, 1, 5, 1), 0); /* bottom floor */
    /* a sunk square on the upper floor stands the lower floor deeper */
    w.dg.floors[0].height_cm[1 * 8 + 3] = -100;
    dungeon_stack(&w.dg);
    assert_int_equal(w.dg.datum_cm[1], -700);
    world_free(&w);
}

static void test_plates_give_way_at_55_cm(void **state)
{
    (void)state;
    world w;
    make_world(&w, 15);
    assert_int_equal(world_walk_to(&w, 0, 5, 1, NULL), DELVE_OK);
    /* walk until the party's middle is 50 cm into the pit square */
    int guard = 0;
    while (!(world_sx(&w) == 5 && world_depth_cm(&w) == 50) && guard++ < 200)
        assert_int_equal(world_tick(&w), PHASE_WALK);
    assert_int_equal(w.x_cm, 5 * 200 + 50);
    assert_int_equal(count_events(&w, EV_PLATES), 0);
    assert_int_equal(w.dg.floors[0].pits[0].open, 0);
    /* the next 10 cm sub-step is the first at or past 55 cm: the plates give way */
    assert_int_equal(world_tick(&w), PHASE_TUBE);
    assert_int_equal(count_events(&w, EV_PLATES), 1);
    assert_int_equal(w.dg.floors[0].pits[0].open, 1);
    for (int i = 1; i < TUBE_TICKS; i++)
        assert_int_equal(world_tick(&w), PHASE_TUBE);
    assert_int_equal(world_tick(&w), PHASE_IDLE);
    assert_int_equal(w.floor, 1);
    assert_int_equal(w.party.m[0].health, 30 - 11);
    assert_int_equal(count_events(&w, EV_FALL), 1);
    assert_int_equal(count_events(&w, EV_LAND), 1);
    assert_int_equal(w.log.ev[w.log.count - 1].amount, 600);
    world other;
    make_world(&other, 15);
    assert_true(world_digest(&w) != world_digest(&other));
    other.dg.floors[0].pits[0].open = 1;
    other.floor = 1;
    other.x_cm = w.x_cm;
    other.y_cm = w.y_cm;
    other.clock_s = w.clock_s;
    other.party = w.party;
    assert_true(world_digest(&w) == world_digest(&other));
    world_free(&other);
    world_free(&w);
}

static void test_station_in_the_world(void **state)
{
    (void)state;
    world w;
    make_world(&w, 0);
    w.floor = 1;
    w.party.m[0].health = 3;
    assert_int_equal(world_walk_to(&w, 1, 2, 1, NULL), DELVE_OK);
    while (world_tick(&w) != PHASE_IDLE)
        ;
    int64_t t0 = w.clock_s;
    assert_int_equal(world_use_station(&w, NULL), DELVE_OK);
    assert_int_equal(w.party.m[0].health, 18);
    assert_int_equal(w.party.m[0].power, 12);
    assert_int_equal(w.dg.floors[1].stations[0].last_used_s, t0);
    assert_string_equal(w.log.ev[w.log.count - 1].text,
                        "// BASIN DRY. PRESSURE BACK IN 8 H 00 M.");
    /* dry: a second use does nothing */
    world_wait(&w, 60);
    assert_string_equal(w.log.ev[w.log.count - 1].text, "Waited 0 h 01 m");
    assert_int_equal(world_use_station(&w, NULL), DELVE_OK);
    assert_int_equal(w.party.m[0].health, 18);
    assert_int_equal(w.log.ev[w.log.count - 1].kind, EV_DRY);
    assert_non_null(strstr(w.log.ev[w.log.count - 1].text, "7 H 59 M"));
    /* ready again at exactly 28 800 s */
    world_wait(&w, 28800 - 60 - 1);
    assert_int_equal(world_use_station(&w, NULL), DELVE_OK);
    assert_int_equal(w.party.m[0].health, 18);
    world_wait(&w, 1);
    assert_string_equal(w.log.ev[w.log.count - 1].text, "Waited 1 s");
    assert_int_equal(world_use_station(&w, NULL), DELVE_OK);
    assert_int_equal(w.party.m[0].health, 30);
    /* a wait filmed in parts says the time so far of the whole, the last part the whole;
       the clock moves by the part */
    int64_t t1 = w.clock_s;
    world_wait_part(&w, 900, 1800, 3600);
    assert_string_equal(w.log.ev[w.log.count - 1].text, "Waited 0 h 30 m of 1 h 00 m");
    assert_int_equal(w.log.ev[w.log.count - 1].amount, 900);
    world_wait_part(&w, 900, 3600, 3600);
    assert_string_equal(w.log.ev[w.log.count - 1].text, "Waited 1 h 00 m");
    assert_int_equal(w.clock_s, t1 + 1800);
    world_wait_part(&w, 900, 900, 172800);
    assert_string_equal(w.log.ev[w.log.count - 1].text, "Waited 0 h 15 m of 48 h 00 m");
    assert_int_equal(count_events(&w, EV_HEAL), 2);
    world_free(&w);
}

/* Six members with 23-byte names: the heal's caption (95 bytes at most) lists those who
 * fit whole and ends with an ellipsis, never a name or a number cut in two. */
static void test_long_names_cut_whole(void **state)
{
    (void)state;
    world w;
    make_world(&w, 0);
    w.party.count = 0;
    char name[24];
    for (int i = 0; i < PARTY_MAX; i++) {
        snprintf(name, sizeof name, "Abcdefghijklmnopqrstuv%d", i + 1);
        assert_int_equal(party_add(&w.party, name, 30, 12, 0, NULL), DELVE_OK);
    }
    w.floor = 1;
    assert_int_equal(world_walk_to(&w, 1, 2, 1, NULL), DELVE_OK);
    while (world_tick(&w) != PHASE_IDLE)
        ;
    assert_int_equal(world_use_station(&w, NULL), DELVE_OK);
    int heal = w.log.count - 2; /* then the station's dry line */
    assert_int_equal(w.log.ev[heal].kind, EV_HEAL);
    assert_string_equal(w.log.ev[heal].text, "The font heals: Abcdefghijklmnopqrstuv1 +0 "
                                             "Abcdefghijklmnopqrstuv2 +0 \xe2\x80\xa6");
    world_free(&w);
}

static void test_path_avoids_pits_unless_goal(void **state)
{
    (void)state;
    world w;
    make_world(&w, 0);
    path p;
    delve_err err;
    path_step from = { 0, 1, 1 }, to = { 0, 6, 1 };
    assert_int_equal(path_find(&w.dg, from, to, 0, &p, &err), DELVE_EFAIL);
    path_step pit_sq = { 0, 5, 1 };
    assert_int_equal(path_find(&w.dg, from, pit_sq, PATH_PIT_GOAL, &p, &err), DELVE_OK);
    assert_int_equal(p.count, 5);
    path_free(&p);
    world_free(&w);
}

/* FNV-1a 64's published test vectors, and a value mixed as its bytes, low first. */
static void test_hash_fnv1a64(void **state)
{
    (void)state;
    assert_true(hash_fnv1a64(HASH_FNV1A64_BASIS, "", 0) == 0xcbf29ce484222325ull);
    assert_true(hash_fnv1a64(HASH_FNV1A64_BASIS, "a", 1) == 0xaf63dc4c8601ec8cull);
    assert_true(hash_fnv1a64(HASH_FNV1A64_BASIS, "foobar", 6) == 0x85944171f73967e8ull);
    const unsigned char le[8] = { 0x08, 0x07, 0x06, 0x05, 0x04, 0x03, 0x02, 0x81 };
    assert_true(hash_fnv1a64_i64(HASH_FNV1A64_BASIS, (int64_t)0x8102030405060708ull) ==
                hash_fnv1a64(HASH_FNV1A64_BASIS, le, 8));
    assert_true(hash_fnv1a64(hash_fnv1a64(HASH_FNV1A64_BASIS, "foo", 3), "bar", 3) ==
                0x85944171f73967e8ull);
}

/* path_walk on a 5 x 3 floor (y = 1 open, x = 0..4; a pit at x = 2; a way within from
 * (1, 1) to (4, 2)): the rules for walkers, fliers and pits, blocked squares, the way's
 * step, walk order and the parts. */
static void test_path_walk_rules(void **state)
{
    (void)state;
    dfloor f;
    delve_err err;
    assert_int_equal(floor_init(&f, 0, 5, 3, &err), DELVE_OK);
    for (int x = 0; x < 5; x++)
        floor_set(&f, x, 1, T_FLOOR);
    floor_set(&f, 4, 2, T_FLOOR);
    assert_int_equal(floor_add_pit(&f, (pit){ .x = 2, .y = 1 }, &err), DELVE_OK);
    int dist[15], queue[15], reached = -1, parts = -1;
    assert_int_equal(path_floor_dist(&f, 0, 1, dist, queue, &reached, &err), DELVE_OK);
    assert_int_equal(reached, 2); /* (0, 1) and (1, 1): the pit stops walkers */
    assert_int_equal(dist[1 * 5 + 1], 1);
    assert_int_equal(dist[1 * 5 + 2], -1); /* the pit is -1 again afterwards */
    for (int i = 0; i < 15; i++)
        dist[i] = -1;
    assert_int_equal(path_walk(&f, PATH_WALK_PITS, NULL, 5, dist, NULL, &reached, &err), DELVE_OK);
    assert_int_equal(reached, 6);
    assert_int_equal(dist[2 * 5 + 4], 5);
    assert_int_equal(floor_add_way(&f, (way){ WAY_LADDER, 1, 1, 0, 4, 2 }, &err), DELVE_OK);
    for (int i = 0; i < 15; i++)
        dist[i] = -1;
    dist[1 * 5 + 3] = -2; /* blocked by the caller */
    assert_int_equal(path_walk(&f, PATH_WALK_WAYS, NULL, 5, dist, queue, &reached, &err), DELVE_OK);
    assert_int_equal(reached, 4);     /* (0,1) (1,1), the way's end (4,2), then (4,1) */
    assert_int_equal(queue[2], 2 * 5 + 4);
    assert_int_equal(dist[2 * 5 + 4], 2);
    assert_int_equal(dist[1 * 5 + 4], 3);
    assert_int_equal(dist[1 * 5 + 3], -2);
    assert_int_equal(path_walk(&f, 0, NULL, 15, dist, queue, NULL, &err), DELVE_EINPUT);
    for (int i = 0; i < 15; i++)
        dist[i] = -1;
    assert_int_equal(path_floor_parts(&f, 0, NULL, dist, queue, &parts, &err), DELVE_OK);
    assert_int_equal(parts, 2); /* the pit splits the row: 0..1 and 3..4 with (4, 2) */
    assert_int_equal(dist[1 * 5 + 4], 1);
    assert_int_equal(dist[1 * 5 + 2], -1);
    for (int i = 0; i < 15; i++)
        dist[i] = -1;
    assert_int_equal(path_floor_parts(&f, PATH_WALK_OPEN | PATH_WALK_PITS, NULL, dist, queue,
                                      &parts, &err), DELVE_OK);
    assert_int_equal(parts, 1);
    floor_free(&f);
}

/* Floor 1's row: acid at x = 3, lava at 4, water at 5. Ash (armour 15) and Bryn
 * (armour 0) have 60 health, Cato 100: armour never counts against burns. */
static void make_fluid_world(world *w)
{
    make_world(w, 15);
    dfloor *f = &w->dg.floors[1];
    f->stations[0].x = 6; /* keep the station off the fluids */
    floor_set(f, 3, 1, T_ACID);
    floor_set(f, 4, 1, T_LAVA);
    floor_set(f, 5, 1, T_WATER);
    w->party.m[0].health = w->party.m[0].max_health = 60;
    assert_int_equal(party_add(&w->party, "Bryn", 60, 0, 0, NULL), DELVE_OK);
    assert_int_equal(party_add(&w->party, "Cato", 100, 0, 50, NULL), DELVE_OK);
    w->floor = 1;
    w->x_cm = 1 * 200 + 100;
    w->y_cm = 1 * 200 + 100;
}

static void walk_all(world *w, int x, int y)
{
    assert_int_equal(world_walk_to(w, w->floor, x, y, NULL), DELVE_OK);
    int guard = 0;
    while (world_tick(w) != PHASE_IDLE && guard++ < 1000)
        ;
}

static void test_acid_and_lava_burn_per_action(void **state)
{
    (void)state;
    world w;
    make_fluid_world(&w);
    walk_all(&w, 6, 1); /* no dry way round: the party wades */
    assert_int_equal(count_events(&w, EV_BURN), 2);
    assert_int_equal(w.party.m[0].health, 60 - 6 - 12);
    assert_int_equal(w.party.m[1].health, 60 - 6 - 12);
    assert_int_equal(w.party.m[2].health, 100 - 18);
    walk_all(&w, 3, 1); /* back through water (nothing) and lava into the acid */
    assert_int_equal(count_events(&w, EV_BURN), 4);
    assert_int_equal(w.party.m[0].health, 42 - 12 - 6);
    assert_string_equal(w.log.ev[w.log.count - 1].text, "The acid burns: -6 each");
    /* standing 10 s in acid crosses 5 action boundaries: Ash and Bryn (24) die at
     * the fourth, Cato takes all five */
    world_wait(&w, 10);
    assert_int_equal(count_events(&w, EV_BURN), 4 + 5);
    assert_int_equal(w.party.m[0].health, 0);
    assert_int_equal(w.party.m[1].health, 0);
    assert_int_equal(w.party.m[2].health, 82 - 18 - 30);
    assert_int_equal(count_events(&w, EV_DEATH), 2);
    world_free(&w);
}

static void test_path_keeps_out_of_acid_when_it_can(void **state)
{
    (void)state;
    world w;
    make_fluid_world(&w);
    for (int x = 1; x < 7; x++)
        floor_set(&w.dg.floors[1], x, 2, T_FLOOR); /* a dry row beside the fluids */
    walk_all(&w, 6, 1);
    assert_int_equal(count_events(&w, EV_BURN), 0);
    assert_int_equal(w.party.m[0].health, 60);
    walk_all(&w, 4, 1); /* the goal itself is lava: entered, once */
    assert_int_equal(count_events(&w, EV_BURN), 1);
    assert_int_equal(w.party.m[0].health, 48);
    world_free(&w);
}

/* After the fall and the font: save, load into a fresh world of the same dungeon, and
 * the hole is still open, the station still dry with the right countdown. */

/* The number of the first line of text that starts with word (0: none). */
static int line_of(const char *text, const char *word)
{
    int line = 1;
    for (const char *l = text; *l; line++) {
        if (!strncmp(l, word, strlen(word)))
            return line;
        const char *nl = strchr(l, '\n');
        if (!nl)
            break;
        l = nl + 1;
    }
    return 0;
}

static void test_save_and_load(void **state)
{
    (void)state;
    world w, fresh;
    make_world(&w, 15);
    walk_all(&w, 5, 1); /* onto the plates, down the tube */
    while (world_tick(&w) != PHASE_IDLE)
        ;
    assert_int_equal(w.floor, 1);
    walk_all(&w, 2, 1);
    assert_int_equal(world_use_station(&w, NULL), DELVE_OK);
    world_wait(&w, 3660);
    char *text = NULL;
    delve_err err = { "" };
    assert_int_equal(save_text(&w, "seed=1 floors=2", &text, &err), DELVE_OK);
    save_state st;
    assert_int_equal(save_parse("a.sav", text, &st, &err), DELVE_OK);
    assert_string_equal(st.source, "seed=1 floors=2");
    make_world(&fresh, 15);
    assert_int_equal(fresh.dg.floors[0].pits[0].open, 0);
    assert_int_equal(save_apply(&fresh, &st, "a.sav", &err), DELVE_OK);
    assert_int_equal(fresh.dg.floors[0].pits[0].open, 1);
    assert_int_equal(fresh.floor, 1);
    assert_int_equal(fresh.party.m[0].health, w.party.m[0].health);
    assert_true(world_digest(&fresh) == world_digest(&w));
    char line[96];
    assert_string_equal(station_line(&fresh.dg.floors[1].stations[0], fresh.clock_s, line,
                                     sizeof line), "// BASIN DRY. PRESSURE BACK IN 6 H 59 M.");
    /* cut short: refused, naming the line */
    size_t n = strlen(text);
    text[n - 20] = '\0';
    assert_int_equal(save_parse("a.sav", text, &st, &err), DELVE_EINPUT);
    assert_non_null(strstr(err.msg, "cut short"));
    free(text);
    /* edited: the checksum catches it */
    assert_int_equal(save_text(&w, "seed=1 floors=2", &text, &err), DELVE_OK);
    char *m = strstr(text, "member ");
    m[7] = m[7] == '9' ? '8' : '9';
    assert_int_equal(save_parse("a.sav", text, &st, &err), DELVE_EINPUT);
    assert_non_null(strstr(err.msg, "checksum does not match"));
    free(text);
    /* a save that names a pit this dungeon lacks leaves the world untouched */
    assert_int_equal(save_text(&w, "seed=1 floors=2", &text, &err), DELVE_OK);
    assert_int_equal(save_parse("a.sav", text, &st, &err), DELVE_OK);
    st.pits[0].index = 3;
    world other;
    make_world(&other, 15);
    uint64_t before = world_digest(&other);
    assert_int_equal(save_apply(&other, &st, "a.sav", &err), DELVE_EINPUT);
    assert_true(world_digest(&other) == before);
    char want[200]; /* said at the save's line, floors counted from 1 */
    snprintf(want, sizeof want, "a.sav:%d:1: open-pit: floor %d has no pit 3 (it has %d, from "
             "0): was it saved from another dungeon?", line_of(text, "open-pit "),
             st.pits[0].floor + 1, other.dg.floors[st.pits[0].floor].pit_count);
    assert_string_equal(err.msg, want);
    st.pits[0].index = 0;
    st.floor = 7;
    assert_int_equal(save_apply(&other, &st, "a.sav", &err), DELVE_EINPUT);
    snprintf(want, sizeof want, "a.sav:%d:1: at: floor 8 is not in this dungeon (it has 2): "
             "was it saved from another dungeon?", line_of(text, "at "));
    assert_string_equal(err.msg, want);
    st.floor = 1;
    int x_cm = st.x_cm, y_cm = st.y_cm;
    st.x_cm = st.y_cm = 0; /* the floor's corner: wall */
    assert_int_equal(save_apply(&other, &st, "a.sav", &err), DELVE_EINPUT);
    snprintf(want, sizeof want, "a.sav:%d:1: at: square 0,0 of floor 2 is %s, where no party "
             "stands: was it saved from another dungeon?", line_of(text, "at "),
             terrain_get(floor_at(&other.dg.floors[1], 0, 0))->name);
    assert_string_equal(err.msg, want);
    assert_true(world_digest(&other) == before);
    st.x_cm = x_cm, st.y_cm = y_cm;
    /* a digest that does not match (the rules changed) also leaves it untouched */
    st.digest ^= 1;
    assert_int_equal(save_apply(&other, &st, "a.sav", &err), DELVE_EINPUT);
    assert_true(world_digest(&other) == before);
    snprintf(want, sizeof want, "a.sav:%d:1: digest: the saved world's digest does not match "
             "this dungeon: the generator or the rules changed since it was saved",
             line_of(text, "digest "));
    assert_string_equal(err.msg, want);
    free(text);
    /* walking: no save */
    assert_int_equal(world_walk_to(&other, 0, 3, 1, NULL), DELVE_OK);
    world_tick(&other);
    assert_int_equal(save_text(&other, "x", &text, &err), DELVE_EINPUT);
    assert_null(text);
    world_free(&other);
    world_free(&fresh);
    world_free(&w);
}

/* body plus a correct check line, so the parser reaches the line under test */
static delve_status parse_checked(const char *body, save_state *st, delve_err *err)
{
    char text[512];
    int n = snprintf(text, sizeof text, "%s", body);
    snprintf(text + n, sizeof text - (size_t)n, "check %016llx\n",
             (unsigned long long)save_check(text, (size_t)n));
    return save_parse("b.sav", text, st, err);
}

static void test_save_parse_errors(void **state)
{
    (void)state;
    save_state st;
    delve_err err = { "" };
    assert_int_equal(save_parse("b.sav", "delve-save 2\n", &st, &err), DELVE_EINPUT);
    assert_string_equal(err.msg, "b.sav:1:1: not a delve save (the first line must be "
                                 "'delve-save 1')");
    assert_int_equal(parse_checked("delve-save 1\nclock 12x\n", &st, &err), DELVE_EINPUT);
    assert_string_equal(err.msg, "b.sav:2:9: expected a space or the end of the line");
    assert_int_equal(parse_checked("delve-save 1\nat 99 0 0\n", &st, &err), DELVE_EINPUT);
    assert_string_equal(err.msg, "b.sav:2:4: number out of range");
    assert_int_equal(parse_checked("delve-save 1\nmember 5 4 0 0 0 Ash\n", &st, &err),
                     DELVE_EINPUT);
    assert_string_equal(err.msg, "b.sav:2:1: health or power above its maximum");
    assert_int_equal(parse_checked("delve-save 1\nteleport 1\n", &st, &err), DELVE_EINPUT);
    assert_non_null(strstr(err.msg, "b.sav:2:1: unknown line"));
    assert_int_equal(parse_checked("delve-save 1\nclock 5\n", &st, &err), DELVE_EINPUT);
    assert_string_equal(err.msg, "b.sav:3:1: a save needs source, at, member and digest lines");
    assert_int_equal(save_parse("b.sav", "delve-save 1\nclock 5", &st, &err), DELVE_EINPUT);
    assert_string_equal(err.msg, "b.sav:2:8: the last line has no newline: the save was cut "
                                 "short");
    assert_int_equal(save_parse("b.sav", "delve-save 1\nclock 5\n", &st, &err), DELVE_EINPUT);
    assert_string_equal(err.msg, "b.sav:2:1: no check line at the end: the save was cut short");
}

/* A 7 x 5 floor, open inside, a pit at (3, 2), a route (1, 2) -> (5, 2). */
static void make_patrol_floor(dungeon *d)
{
    assert_int_equal(dungeon_init(d, 3, 1, NULL), DELVE_OK);
    dfloor *f = &d->floors[0];
    assert_int_equal(floor_init(f, 0, 7, 5, NULL), DELVE_OK);
    for (int y = 0; y < 5; y++)
        for (int x = 0; x < 7; x++)
            floor_set(f, x, y, x && y && x < 6 && y < 4 ? T_FLOOR : T_WALL);
    assert_int_equal(floor_add_pit(f, (pit){ .x = 3, .y = 2 }, NULL), DELVE_OK);
    patrol pt = { .count = 2, .x = { 1, 5 }, .y = { 2, 2 } };
    assert_int_equal(floor_add_patrol(f, &pt, NULL), DELVE_OK);
    monster lead = { .kind = MK_SKELETON, .x = 1, .y = 2, .patrol = 1 };
    monster back = { .kind = MK_SKELETON, .x = 1, .y = 3, .patrol = 1 };
    monster bat = { .kind = MK_BAT, .x = 1, .y = 2, .flying = 1, .patrol = 1 };
    assert_int_equal(floor_add_monster(f, lead, NULL), DELVE_OK);
    assert_int_equal(floor_add_monster(f, back, NULL), DELVE_OK);
    assert_int_equal(floor_add_monster(f, bat, NULL), DELVE_OK);
}

static void test_patrols_walk_round_pits_and_fly_over(void **state)
{
    (void)state;
    dungeon d;
    make_patrol_floor(&d);
    const dfloor *f = &d.floors[0];
    int16_t xs[64], ys[64];
    int n = monster_patrol_loop(f, 0, 0, xs, ys, 64);
    assert_int_equal(n, 12); /* 6 squares round the pit each way */
    for (int i = 0; i < n; i++)
        assert_false(xs[i] == 3 && ys[i] == 2);
    assert_int_equal(xs[0], 1);
    assert_int_equal(ys[0], 2);
    assert_int_equal(monster_patrol_loop(f, 0, 1, xs, ys, 64), 8); /* straight over it */
    assert_int_equal(xs[2], 3);
    assert_int_equal(ys[2], 2);
    assert_int_equal(monster_patrol_loop(f, 0, 0, xs, ys, 5), -1); /* does not fit */
    monster_loops ml;
    assert_int_equal(monster_loops_build(&d, &ml, NULL), DELVE_OK);
    int x, y;
    int64_t t0 = WORLD_START_S;
    monster_where(&ml, f, 0, t0, t0, &x, &y);      /* the leader on the first waypoint */
    assert_int_equal(x, 1);
    assert_int_equal(y, 2);
    monster_where(&ml, f, 1, t0, t0, &x, &y);      /* the second a square behind: the
                                                     loop's last square */
    assert_int_equal(x, 2);
    assert_int_equal(y, 2);
    monster_where(&ml, f, 0, t0 + 6 * MONSTER_STEP_S, t0, &x, &y); /* round the pit */
    assert_int_equal(x, 5);
    assert_int_equal(y, 2);
    monster_where(&ml, f, 2, t0 + 4 * MONSTER_STEP_S, t0, &x, &y); /* the bat, third in
                                                                  the pack: over it */
    assert_int_equal(x, 3);
    assert_int_equal(y, 2);
    monster_loops_free(&ml);
    dungeon_free(&d);
}

/* No dry walk: the cheapest one wades through the fewest squares of acid, even if it is
 * longer (PATH_BURN_COST), where the plain shortest walk takes two. */
static void test_path_wades_least(void **state)
{
    (void)state;
    dungeon d;
    assert_int_equal(dungeon_init(&d, 3, 1, NULL), DELVE_OK);
    dfloor *f = &d.floors[0];
    assert_int_equal(floor_init(f, 0, 7, 5, NULL), DELVE_OK);
    for (int y = 0; y < 5; y++)
        for (int x = 0; x < 7; x++)
            floor_set(f, x, y, x && y && x < 6 && y < 4 ? T_FLOOR : T_WALL);
    floor_set(f, 2, 2, T_ACID);
    floor_set(f, 3, 2, T_ACID);
    floor_set(f, 3, 1, T_ACID);
    floor_set(f, 3, 3, T_LAVA);
    path p;
    path_step from = { 0, 1, 2 }, to = { 0, 5, 2 };
    int wet = 0;
    assert_int_equal(path_find(&d, from, to, PATH_AVOID_BURN, &p, NULL), DELVE_EFAIL);
    assert_int_equal(path_find(&d, from, to, 0, &p, NULL), DELVE_OK);
    assert_int_equal(p.count, 5);
    for (int i = 0; i < p.count; i++)
        wet += terrain_get(floor_at(f, p.steps[i].x, p.steps[i].y))->burn != 0;
    assert_int_equal(wet, 2);
    path_free(&p);
    assert_int_equal(path_find(&d, from, to, PATH_BURN_COST, &p, NULL), DELVE_OK);
    assert_int_equal(p.count, 7);
    wet = 0;
    for (int i = 0; i < p.count; i++)
        wet += terrain_get(floor_at(f, p.steps[i].x, p.steps[i].y))->burn != 0;
    assert_int_equal(wet, 1);
    assert_int_equal(p.steps[3].x, 3);
    assert_int_equal(p.steps[3].y, 1);
    path_free(&p);
    dungeon_free(&d);
}

/* docs/save-format.md's example parses: the documented checksum is FNV-1a 64 as the
 * code computes it; and UTF-8 names, which films allow, come back from a save. */
static void test_save_doc_example_and_utf8(void **state)
{
    (void)state;
    static const char DOC[] =
        "delve-save 1\n"
        "source seed=58 floors=3 type=rooms dlevel=1 difficulty=2 islands=15 rising=on\n"
        "clock 28847\nat 1 3900 1500\nmember 30 30 12 12 15 Ash\n"
        "member 24 24 20 20 5 Bryn\nmember 36 36 6 6 25 Cato\nopen-pit 0 0\n"
        "station 1 0 28847\ndigest 2dc618f7d9464803\ncheck 2bf620af55b38fa1\n";
    save_state st;
    delve_err err = { "" };
    if (save_parse("doc.sav", DOC, &st, &err) != DELVE_OK)
        fail_msg("%s", err.msg);
    assert_int_equal(st.party.count, 3);
    world w;
    make_world(&w, 0);
    snprintf(w.party.m[0].name, sizeof w.party.m[0].name, "Zo\xc3\xab");
    char *text = NULL;
    assert_int_equal(save_text(&w, "file=/tmp/crypt\xc3\xa9.dun", &text, &err), DELVE_OK);
    assert_int_equal(save_parse("u.sav", text, &st, &err), DELVE_OK);
    assert_string_equal(st.party.m[0].name, "Zo\xc3\xab");
    assert_string_equal(st.source, "file=/tmp/crypt\xc3\xa9.dun");
    free(text);
    world_free(&w);
}

static void test_rng_streams(void **state)
{
    (void)state;
    rng a = rng_stream(42, RNG_PITS, 1, 0), b = rng_stream(42, RNG_PITS, 1, 0);
    rng c = rng_stream(42, RNG_STATIONS, 1, 0);
    uint32_t va = rng_next(&a);
    assert_int_equal(va, rng_next(&b));
    assert_true(va != rng_next(&c));
    rng r = rng_stream(7, RNG_LAYOUT, 0, 0);
    int seen[6] = { 0 };
    for (int i = 0; i < 6000; i++) {
        int v = rng_range(&r, 1, 6);
        assert_in_range(v, 1, 6);
        seen[v - 1]++;
    }
    for (int i = 0; i < 6; i++)
        assert_in_range(seen[i], 850, 1150);
    /* the first draw of a known stream is fixed forever: it reaches every golden */
    rng k = rng_stream(1, RNG_LAYOUT, 0, 0);
    assert_int_equal(rng_range(&k, 0, 999), 454);
    assert_int_equal(rng_next(&k), 1333767127u);
}

static void test_clock_text(void **state)
{
    (void)state;
    char buf[32];
    assert_string_equal(world_clock_text(WORLD_START_S, buf, sizeof buf), "Day 1 08:00");
    assert_string_equal(world_clock_text(86400 + 3600 + 14 * 60 + 59, buf, sizeof buf),
                        "Day 2 01:14");
    /* the latest clock a save may hold: a day past 2^31 / 86400 s shows as it is */
    assert_string_equal(world_clock_text(WORLD_MAX_CLOCK_S, buf, sizeof buf),
                        "Day 11574075 01:46");
}

/* A huge clock or station time is refused where it is written (it was shown as a
 * negative day); a save written with CRLF line ends, or a byte order mark, still reads
 * and checks; a check line must be the last. */
static void expect_save_error(const char *body, const char *want)
{
    save_state st;
    delve_err err = { "" };
    assert_int_equal(parse_checked(body, &st, &err), DELVE_EINPUT);
    assert_string_equal(err.msg, want);
}

static void test_save_numbers_and_crlf(void **state)
{
    (void)state;
    save_state st;
    delve_err err = { "" };
    expect_save_error("delve-save 1\nclock 2305843009213693951\n",
                      "b.sav:2:7: number out of range");
    expect_save_error("delve-save 1\nstation 0 0 1000000000001\n",
                      "b.sav:2:13: number out of range");
    expect_save_error("delve-save 1\nat 0 -0 0\n", "b.sav:2:6: number out of range");
    expect_save_error("delve-save 1\ncheck 0000000000000000\n",
                      "b.sav:2:1: a check line before the last line");
    world w;
    make_world(&w, 0);
    char *text = NULL;
    assert_int_equal(save_text(&w, "seed=1 floors=2", &text, &err), DELVE_OK);
    char *crlf = malloc(2 * strlen(text) + 4), *o = crlf;
    assert_non_null(crlf);
    o += sprintf(o, "\xEF\xBB\xBF");
    for (const char *c = text; *c; c++)
        o += *c == '\n' ? sprintf(o, "\r\n") : sprintf(o, "%c", *c);
    if (save_parse("crlf.sav", crlf, &st, &err) != DELVE_OK)
        fail_msg("%s", err.msg);
    assert_string_equal(st.source, "seed=1 floors=2");
    assert_true(st.clock_s == WORLD_START_S);
    assert_string_equal(st.party.m[0].name, w.party.m[0].name);
    crlf[strlen(crlf) - 30] ^= 1; /* an edit inside the digest line */
    assert_int_equal(save_parse("crlf.sav", crlf, &st, &err), DELVE_EINPUT);
    assert_non_null(strstr(err.msg, "checksum does not match"));
    free(crlf);
    free(text);
    w.clock_s = WORLD_MAX_CLOCK_S + 1;
    assert_int_equal(save_text(&w, "seed=1 floors=2", &text, &err), DELVE_EINPUT);
    assert_null(text);
    world_free(&w);
}

/* A message quoting a file's bytes: ESC, BEL, CR, DEL, C1 (U+009B as C2 9B) and a byte
 * of no UTF-8 character come out \xNN; printable UTF-8 stays; cut at the buffer. */
static void test_messages_tame_control_bytes(void **state)
{
    (void)state;
    delve_err err = { "" };
    assert_int_equal(delve_fail_at(&err, DELVE_EINPUT, "a\x1b.film", 2, 3, "not '%s'",
                                   "\x1b]0;t\x07\r\x7f \xc3\xa9\xc2\x9b\xff\xe2\x82"),
                     DELVE_EINPUT);
    assert_string_equal(err.msg, "a\\x1b.film:2:3: not '\\x1b]0;t\\x07\\x0d\\x7f "
                                 "\xc3\xa9\\xc2\\x9b\\xff\\xe2\\x82'");
    char big[600];
    memset(big, '\x01', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    delve_fail(&err, DELVE_EINPUT, "%s", big);
    assert_int_equal(strlen(err.msg), 508); /* 127 whole escapes of 4 bytes, no half one */
    /* RLO and FSI reorder a terminal's line: escaped; an em dash is printed */
    delve_fail(&err, DELVE_EINPUT, "'%s'", "a\xe2\x80\xae" "b\xe2\x81\xa7" "c\xe2\x80\x94" "d");
    assert_string_equal(err.msg, "'a\\xe2\\x80\\xae" "b\\xe2\\x81\\xa7" "c\xe2\x80\x94" "d'");
    delve_fail(&err, DELVE_EINPUT, "plain %d", 7);
    assert_string_equal(err.msg, "plain 7");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fall_damage_six_metres),
        cmocka_unit_test(test_fall_kills_and_spares_the_dead),
        cmocka_unit_test(test_heal_half_rounded_down_and_capped),
        cmocka_unit_test(test_party_add_rejects_bad_members),
        cmocka_unit_test(test_station_countdown),
        cmocka_unit_test(test_path_walk_rules),
        cmocka_unit_test(test_hash_fnv1a64),
        cmocka_unit_test(test_stacking_plain_floors_six_metres),
        cmocka_unit_test(test_plates_give_way_at_55_cm),
        cmocka_unit_test(test_station_in_the_world),
        cmocka_unit_test(test_long_names_cut_whole),
        cmocka_unit_test(test_path_avoids_pits_unless_goal),
        cmocka_unit_test(test_acid_and_lava_burn_per_action),
        cmocka_unit_test(test_path_keeps_out_of_acid_when_it_can),
        cmocka_unit_test(test_save_and_load),
        cmocka_unit_test(test_save_parse_errors),
        cmocka_unit_test(test_save_numbers_and_crlf),
        cmocka_unit_test(test_patrols_walk_round_pits_and_fly_over),
        cmocka_unit_test(test_path_wades_least),
        cmocka_unit_test(test_save_doc_example_and_utf8),
        cmocka_unit_test(test_rng_streams),
        cmocka_unit_test(test_clock_text),
        cmocka_unit_test(test_messages_tame_control_bytes),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
