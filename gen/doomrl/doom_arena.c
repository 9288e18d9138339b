/* doom_arena: DoomRL's arena (seed 002 "Arena"): no inner walls, the player in the
 * middle at (38,10), stairs in the four corners, and walls around the player in one of
 * the four configurations the seed draws, chosen by a roll of 1d25 + min(dlevel, 25).
 * The seed writes max(dlevel, 25), which would make the first configuration impossible
 * although the seed says there are four; we read it as min (spec 5.6 agrees it is
 * probably a typo). Roll ranges from the wiki page (spec 5.6): 1..24 the first, 25..34
 * the second, 35..44 the third, 45+ the fourth (the last range UNCONFIRMED). The fluid
 * table runs three times (gen/doomrl/doom_floor.c) before the configuration is stamped, as the
 * 0.9.9.7 code does, so the walls and the player's square stay clear of fluid.
 * Stream: the layout stream. */
#include "gen/doomrl/doom.h"

#define ARENA_X 38
#define ARENA_Y 10

typedef struct arena_config {
    int w, h;
    int min_roll;          /* the configuration applies from this roll up */
    const char *rows[7];   /* '.' floor, '#' wall; the player stands in the middle */
} arena_config;

/* The four configurations of seed 002, in its order. */
static const arena_config CONFIG[4] = {
    { 5, 5, 0, { "#...#", ".....", ".....", ".....", "#...#" } },
    { 7, 5, 25, { "##...##", ".......", ".......", ".......", "##...##" } },
    { 7, 7, 35, { "##...##", "#.....#", ".......", ".......", ".......", "#.....#",
                  "##...##" } },
    { 9, 7, 45, { ".##...##.", "##..#..##", ".........", "..#...#..", ".........",
                  "##..#..##", ".##...##." } },
};

int doom_arena_config(int roll)
{
    int k = 0;
    for (int i = 0; i < 4; i++)
        if (roll >= CONFIG[i].min_roll)
            k = i;
    return k + 1;
}

void doom_layout_arena(doom_ctx *c)
{
    int dl = c->dlevel < 25 ? c->dlevel : 25;
    int roll = doom_d(&c->layout, 25) + dl;
    int k = doom_arena_config(roll) - 1;
    const arena_config *a = &CONFIG[k];
    doom_stamp(c->f, a->rows, a->w, a->h, ARENA_X - a->w / 2, ARENA_Y - a->h / 2, 0);
    if (c->info) {
        c->info->arena_roll = roll;
        c->info->arena_config = k + 1;
    }
}
