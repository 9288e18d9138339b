/* survey (gen/survey.h): exact measures of a hand-drawn floor, where each can be counted
 * by eye, and of a generated one (tests/test_catalog.c has its catalog line). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "engine/dun.h"
#include "gen/survey.h"

/* Room A (2x3) with the entrance, a door, a corridor that ends in a dead end below and
 * runs on to room B (3x3) with the goal; room C (2x1) walled off; a pit in room B. */
static const char FLOOR[] =
    "delve-dun 1\n"
    "floors 1\n"
    "floor 1 rooms dlevel 1 size 14 7\n"
    "map\n"
    "##############\n"
    "#..#######...#\n"
    "#..+,,,,,+...#\n"
    "#..####,##...#\n"
    "#######,######\n"
    "#..###########\n"
    "##############\n"
    "endmap\n"
    "entrance 1 1\n"
    "goal 12 3\n"
    "pit 11 1\n";

static void test_hand_drawn(void **state)
{
    (void)state;
    dungeon d;
    delve_err err = { "" };
    assert_int_equal(dun_read("survey.dun", FLOOR, &d, &err), DELVE_OK);
    survey s;
    assert_int_equal(survey_floor(&d.floors[0], &s, &err), DELVE_OK);
    /* A 6, B 9 less the pit 8, C 2; doors 2; corridor 5 along and 2 down */
    assert_int_equal(s.room_floor, 6 + 9 + 2);
    assert_int_equal(s.corridor_floor, 7);
    assert_int_equal(s.stand, 6 + 8 + 2 + 2 + 7);
    assert_int_equal(s.blocked, 14 * 7 - (6 + 9 + 2 + 2 + 7));
    assert_int_equal(s.room_areas, 3);
    /* C's 2 squares out of 25 are not reached: 23 * 1000 / 25 */
    assert_int_equal(s.reach_pm, 920);
    /* (1,1) to (2,2) 2 steps, the door (3,2) 1, the corridor (4..8,2) 5, the door (9,2)
       1, then (10,2) (11,2) (12,2) (12,3) 4: 13 */
    assert_int_equal(s.goal_walk, 13);
    /* the corridor's tip (7,4) below the bend; room C's squares each have one neighbour;
       and B's corners (10,1) and (12,1) beside the pit: one neighbour each */
    assert_int_equal(s.dead_ends, 1 + 2 + 2);
    assert_int_equal(s.parts, 2);
    dungeon_free(&d);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hand_drawn),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
