/* doom_small: DoomRL's small-rooms ("archi") layout (seed 002 "Small Rooms", spec 5.2).
 * The map is filled with wall; a 4 x 3 grid of blocks, each one of the twelve 19 x 7
 * sublayouts drawn in seed 002 (uniform, repeats allowed) under a random flip (none, x,
 * y, both at 1/4), stamped at x = 3 + 18 (bx - 1), y = 1 + 6 (by - 1), bx outer and by
 * inner, so blocks share their edges and later ones overwrite them. Then every door
 * with more than 2 orthogonal wall neighbours becomes wall (doors to the map's edge)
 * and the edges are restored. Stream: the layout stream. */
#include "gen/doomrl/doom.h"

/* The twelve sublayouts, transcribed from seed 002 in its order (left to right, top to
 * bottom); '#' wall, '+' door, '.' floor (the seed's middle dot). */
static const char *const SUBLAYOUT[DOOM_SMALL_BLOCKS][7] = {
    { /* 1 */
      "####+####+####+####",
      "+.................+",
      "#.................#",
      "#.................#",
      "#.................#",
      "+.................+",
      "####+####+####+####",
    },
    { /* 2 */
      "####+####+####+####",
      "+.......#.........+",
      "#.......+.........#",
      "#########.........#",
      "#.......+.........#",
      "+.......#.........+",
      "####+####+####+####",
    },
    { /* 3 */
      "####+####+####+####",
      "+.......#.........+",
      "#.......#.........#",
      "#.......+.........#",
      "#.......#.........#",
      "+.......#.........+",
      "####+####+####+####",
    },
    { /* 4 */
      "####+####+####+####",
      "+.......#.........+",
      "#.......#+#########",
      "#.......+.+.......#",
      "#.......#.#.......#",
      "+.......#.#.......+",
      "####+####+####+####",
    },
    { /* 5 */
      "####+####+####+####",
      "+.....+.#.........+",
      "#.....#.#+#########",
      "#.....#.+.+.......#",
      "#######.#.#.......#",
      "+.......#.#.......+",
      "####+####+####+####",
    },
    { /* 6 */
      "####+####+####+####",
      "+.......+.........+",
      "#.......#+#########",
      "####+####.+.......#",
      "#.......#.#.......#",
      "+.......#.#.......+",
      "####+####+####+####",
    },
    { /* 7 */
      "####+####+####+####",
      "+.................+",
      "#########+#########",
      "#.................#",
      "#.................#",
      "+.................+",
      "####+####+####+####",
    },
    { /* 8 */
      "####+####+####+####",
      "+.......#.#.......+",
      "#.......#.#.......#",
      "#.......#.#.......#",
      "#+#######+#######+#",
      "+.................+",
      "####+####+####+####",
    },
    { /* 9 */
      "####+####+####+####",
      "+.........#.......+",
      "#.........#.......#",
      "#.........#.......#",
      "#.........#######+#",
      "+.........+.......+",
      "####+####+####+####",
    },
    { /* 10 */
      "####+####+####+####",
      "+....#.......#....+",
      "#....#.......#....#",
      "#....+.......+....#",
      "#....#.......#....#",
      "+....#.......#....+",
      "####+####+####+####",
    },
    { /* 11 */
      "####+####+####+####",
      "+....+.......+....+",
      "#....#########....#",
      "#....+.......+....#",
      "#....#.......#....#",
      "+....#.......#....+",
      "####+####+####+####",
    },
    { /* 12 */
      "####+####+####+####",
      "+.................+",
      "#.#######+#######.#",
      "#.#.............#.#",
      "#.#.............#.#",
      "+.#.............#.+",
      "####+####+####+####",
    },
};
_Static_assert(sizeof SUBLAYOUT / sizeof SUBLAYOUT[0] == 12, "twelve sublayouts");

const char *const *doom_small_sublayout(int i)
{
    return (i >= 0 && i < DOOM_SMALL_BLOCKS) ? SUBLAYOUT[i] : SUBLAYOUT[0];
}

/* Doors with more than 2 orthogonal wall neighbours (the map edge counts as nothing)
 * become wall. */
static void small_drop_doors(dfloor *f)
{
    for (int y = 1; y <= DOOM_H; y++)
        for (int x = 1; x <= DOOM_W; x++) {
            if (doom_get(f, x, y) != T_DOOR)
                continue;
            int walls = 0;
            for (int d = 0; d < 4; d++)
                walls += doom_get(f, x + DIR4_DX[d], y + DIR4_DY[d]) == T_WALL;
            if (walls > 2)
                doom_set(f, x, y, T_WALL);
        }
}

void doom_layout_small(doom_ctx *c)
{
    doom_fill(c->f, DOOM_FULL, T_WALL);
    for (int bx = 1; bx <= 4; bx++)
        for (int by = 1; by <= 3; by++) {
            int pick = doom_d(&c->layout, DOOM_SMALL_BLOCKS) - 1;
            int flip = doom_d(&c->layout, 4) - 1;
            if (c->info) {
                c->info->small_pick[(bx - 1) * 3 + by - 1] = pick;
                c->info->small_flip[(bx - 1) * 3 + by - 1] = flip;
            }
            doom_stamp(c->f, SUBLAYOUT[pick], 19, 7, DOOM_SMALL_X(bx), DOOM_SMALL_Y(by), flip);
        }
    small_drop_doors(c->f);
    doom_restore_walls(c->f, T_WALL, 0);
}
