/* doom_ascii: a DoomRL floor as text, with the seed's glyphs (seed 002: '#' wall and
 * cave wall, '.' floor, '+' door, '=' every fluid) and a legend that tells water, acid
 * and lava apart by their square counts. Same floor, same bytes. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "base/textbuf.h"
#include "engine/monster.h"
#include "gen/doomrl/doom.h"
#include "gen/passes.h"

static char terrain_glyph(terrain t)
{
    switch (t) {
    case T_CAVE_WALL: return '#';
    case T_WATER:
    case T_ACID:
    case T_LAVA: return DOOM_GLYPH_FLUID;
    case T_BOX: return DOOM_GLYPH_BOX;
    case T_BRIDGE: return DOOM_GLYPH_BRIDGE;
    default: return terrain_get(t)->glyph;
    }
}

static int thing_at(const monster *m, int n, int x, int y)
{
    for (int i = 0; i < n; i++)
        if (m[i].x == x && m[i].y == y)
            return 1;
    return 0;
}

static int item_at(const dfloor *f, int x, int y)
{
    for (int i = 0; i < f->item_count; i++)
        if (f->items[i].x == x && f->items[i].y == y)
            return 1;
    return 0;
}

static char glyph_at(const dfloor *f, int x, int y)
{
    int i;
    if ((i = floor_way_at(f, x, y)) >= 0)
        return f->ways[i].to_floor < f->index ? DOOM_GLYPH_UP : DOOM_GLYPH_DOWN;
    if ((i = floor_pit_at(f, x, y)) >= 0)
        return f->pits[i].open ? GEN_GLYPH_PIT_OPEN : GEN_GLYPH_PIT;
    if (floor_station_at(f, x, y) >= 0)
        return GEN_GLYPH_STATION;
    if (x == f->entrance_x && y == f->entrance_y)
        return GEN_GLYPH_ENTRANCE;
    if (x == f->goal_x && y == f->goal_y)
        return GEN_GLYPH_GOAL;
    if (thing_at(f->monsters, f->monster_count, x, y))
        return DOOM_GLYPH_MONSTER;
    if (item_at(f, x, y))
        return DOOM_GLYPH_ITEM;
    return terrain_glyph(floor_at(f, x, y));
}

static void fluid_legend(textbuf *b, const dfloor *f, const unsigned char *seen)
{
    static const terrain KIND[3] = { T_WATER, T_ACID, T_LAVA };
    if (!seen[(unsigned char)DOOM_GLYPH_FLUID])
        return;
    textbuf_printf(b, "  '%c' fluid:", DOOM_GLYPH_FLUID);
    const char *sep = " ";
    for (int i = 0; i < 3; i++) {
        int n = doom_count(f, KIND[i]);
        if (n > 0) {
            textbuf_printf(b, "%s%s %d squares", sep, terrain_get(KIND[i])->name, n);
            sep = ", ";
        }
    }
    textbuf_printf(b, "\n");
}

static void doom_legend(textbuf *b, const dfloor *f, const unsigned char *seen)
{
    static const ascii_key THINGS[] = {
        { DOOM_GLYPH_BRIDGE, "bridge" }, { DOOM_GLYPH_BOX, "box" },
        { DOOM_GLYPH_DOWN, "stairs down" },
        { DOOM_GLYPH_UP, "entrance (stairs up on lower floors)" },
        { GEN_GLYPH_GOAL, "goal" }, { GEN_GLYPH_PIT, "pit" }, { GEN_GLYPH_PIT_OPEN, "open pit" },
        { GEN_GLYPH_STATION, "rest station" }, { DOOM_GLYPH_MONSTER, "monster" },
        { DOOM_GLYPH_ITEM, "item" },
    };
    const ascii_key ground[] = { { '#', f->level_type == LT_CAVES ? "cave wall" : "wall" },
                                 { '.', "floor" }, { '+', "door" } };
    textbuf_printf(b, "legend\n");
    ascii_keys(b, seen, ground, 3);
    fluid_legend(b, f, seen);
    ascii_keys(b, seen, THINGS, (int)(sizeof THINGS / sizeof *THINGS));
}

/* "monsters 12 (3 hunting): former human 5, imp 7" in monster table order. */
static void monster_line(textbuf *b, const dfloor *f)
{
    int hunting = 0;
    for (int i = 0; i < f->monster_count; i++)
        hunting += f->monsters[i].hunting;
    textbuf_printf(b, "  monsters %d", f->monster_count);
    if (hunting)
        textbuf_printf(b, " (%d hunting)", hunting);
    const char *sep = ": ";
    for (int k = 0; k < doom_monster_kind_count(); k++) {
        int n = 0;
        for (int i = 0; i < f->monster_count; i++)
            n += f->monsters[i].kind == MONSTER_KIND_DOOMRL + k;
        if (n) {
            textbuf_printf(b, "%s%s %d", sep, doom_monster_kind_get(k)->name, n);
            sep = ", ";
        }
    }
    textbuf_printf(b, "\n  items %d\n", f->item_count);
}

static void doom_things(textbuf *b, const dfloor *f)
{
    textbuf_printf(b, "things\n  entrance %d,%d\n  goal %d,%d\n", f->entrance_x, f->entrance_y,
                   f->goal_x, f->goal_y);
    for (int i = 0; i < f->way_count; i++) {
        const way *w = &f->ways[i];
        textbuf_printf(b, "  stairs %s %d,%d to floor %d at %d,%d\n",
                       w->to_floor < f->index ? "up" : "down", w->x, w->y, w->to_floor + 1,
                       w->to_x, w->to_y);
    }
    for (int i = 0; i < f->pit_count; i++)
        textbuf_printf(b, "  pit %d,%d down to floor %d\n", f->pits[i].x, f->pits[i].y,
                       f->index + 2);
    for (int i = 0; i < f->station_count; i++)
        textbuf_printf(b, "  station %d,%d %s\n", f->stations[i].x, f->stations[i].y,
                       station_look_name(f->stations[i].look));
    monster_line(b, f);
}

void doom_ascii_floor(const dungeon *d, int k, textbuf *b)
{
    const dfloor *f = &d->floors[k];
    unsigned char seen[256] = { 0 };
    char row[FLOOR_MAX_SIDE + 1];
    textbuf_printf(b, "floor %d of %d  seed %" PRIu64 "  %dx%d  %s  dlevel %d\n", k + 1,
                   d->floor_count, d->seed, f->w, f->h, level_type_name(f->level_type),
                   f->dlevel);
    for (int y = 0; y < f->h; y++) {
        for (int x = 0; x < f->w; x++) {
            row[x] = glyph_at(f, x, y);
            seen[(unsigned char)row[x]] = 1;
        }
        row[f->w] = '\0';
        textbuf_printf(b, "%s\n", row);
    }
    textbuf_printf(b, "\n");
    doom_legend(b, f, seen);
    doom_things(b, f);
}
