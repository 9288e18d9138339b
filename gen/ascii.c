/* ascii: a floor as an ASCII map with a legend and a list of its things, the text
 * `delve gen` prints and the text goldens hold. Same floor, same bytes: fixed glyph
 * order, no trailing spaces, integers only. */
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/textbuf.h"
#include "engine/monster.h"
#include "gen/family.h"
#include "gen/passes.h"
#include "gen/shoals/shoals.h"

static char glyph_at(const dfloor *f, int x, int y)
{
    int i;
    if ((i = floor_way_at(f, x, y)) >= 0)
        return way_kind_glyph(f->ways[i].kind);
    if ((i = floor_pit_at(f, x, y)) >= 0)
        return f->pits[i].open     ? GEN_GLYPH_PIT_OPEN
               : f->pits[i].hidden ? GEN_GLYPH_PIT_HIDDEN
                                   : GEN_GLYPH_PIT;
    if (floor_station_at(f, x, y) >= 0)
        return GEN_GLYPH_STATION;
    if (x == f->entrance_x && y == f->entrance_y)
        return GEN_GLYPH_ENTRANCE;
    if (x == f->goal_x && y == f->goal_y)
        return GEN_GLYPH_GOAL;
    for (i = 0; i < f->monster_count; i++)
        if (f->monsters[i].x == x && f->monsters[i].y == y)
            return monster_kind_get(f->monsters[i].kind)->glyph;
    if (f->level_type == LT_SHOALS) /* seed 003's own four classes */
        return shoals_glyph(floor_at(f, x, y));
    return terrain_get(floor_at(f, x, y))->glyph;
}

/* The map rows, trailing rock trimmed; seen[c] = 1 for every glyph drawn. */
static void ascii_map(textbuf *b, const dfloor *f, unsigned char seen[256])
{
    char *row = malloc((size_t)f->w + 1);
    if (!row) {
        b->oom = 1;
        return;
    }
    for (int y = 0; y < f->h; y++) {
        int end = 0;
        for (int x = 0; x < f->w; x++) {
            row[x] = glyph_at(f, x, y);
            seen[(unsigned char)row[x]] = 1;
            if (row[x] != ' ')
                end = x + 1;
        }
        row[end] = '\0';
        textbuf_printf(b, "%s\n", row);
    }
    free(row);
}

void ascii_keys(textbuf *b, const unsigned char *seen, const ascii_key *keys, int n)
{
    for (int i = 0; i < n; i++)
        if (seen[(unsigned char)keys[i].glyph])
            textbuf_printf(b, "  '%c' %s\n", keys[i].glyph, keys[i].name);
}

/* One legend line, for the rows that come from a table of their own. */
static void legend_line(textbuf *b, const unsigned char *seen, char g, const char *name)
{
    ascii_keys(b, seen, &(ascii_key){ g, name }, 1);
}

/* Every glyph that appears, terrain first in table order (a Shoals floor: deep,
 * shallow, floor, high ground), then ways, then things. */
static void ascii_legend(textbuf *b, const dfloor *f, const unsigned char seen[256])
{
    static const terrain SHOALS_ROWS[] = { T_DEEP, T_SHALLOW, T_FLOOR, T_HIGH };
    static const ascii_key PITS[] = { { GEN_GLYPH_PIT, "pit" },
                                      { GEN_GLYPH_PIT_HIDDEN, "hidden pit" },
                                      { GEN_GLYPH_PIT_OPEN, "open pit" } };
    static const ascii_key MARKS[] = { { GEN_GLYPH_STATION, "rest station" },
                                       { GEN_GLYPH_ENTRANCE, "entrance" },
                                       { GEN_GLYPH_GOAL, "goal" } };
    textbuf_printf(b, "legend\n");
    for (int i = 0; f->level_type == LT_SHOALS && i < 4; i++)
        legend_line(b, seen, shoals_glyph(SHOALS_ROWS[i]), terrain_get(SHOALS_ROWS[i])->name);
    for (int t = 0; f->level_type != LT_SHOALS && t < T_TERRAIN_COUNT; t++)
        legend_line(b, seen, terrain_get((terrain)t)->glyph, terrain_get((terrain)t)->name);
    for (int k = 0; k < WAY_KIND_COUNT; k++)
        legend_line(b, seen, way_kind_glyph((way_kind)k), way_kind_name((way_kind)k));
    if (f->pit_count > 0) /* no pits, no pit lines: '^' is high ground on Shoals */
        ascii_keys(b, seen, PITS, 3);
    ascii_keys(b, seen, MARKS, 3);
    for (int k = 0; k < monster_kind_count(); k++)
        legend_line(b, seen, monster_kind_get(k)->glyph, monster_kind_get(k)->name);
}

static const char *wall_name(int dx, int dy)
{
    return dy < 0 ? "north" : dx > 0 ? "east" : dy > 0 ? "south" : dx < 0 ? "west" : "none";
}

/* One line per thing, in array order; floors shown 1-based, squares 0-based x,y. */
static void ascii_things(textbuf *b, const dfloor *f)
{
    textbuf_printf(b, "things\n");
    textbuf_printf(b, "  entrance %d,%d\n", f->entrance_x, f->entrance_y);
    textbuf_printf(b, "  goal %d,%d\n", f->goal_x, f->goal_y);
    for (int i = 0; i < f->way_count; i++) {
        const way *w = &f->ways[i];
        textbuf_printf(b, "  %s %d,%d to floor %d at %d,%d\n", way_kind_name(w->kind), w->x, w->y,
                  w->to_floor + 1, w->to_x, w->to_y);
    }
    for (int i = 0; i < f->pit_count; i++) {
        const pit *p = &f->pits[i];
        textbuf_printf(b, "  pit %d,%d down to floor %d%s%s\n", p->x, p->y, f->index + 2,
                  p->hidden ? ", hidden" : "", p->open ? ", open" : "");
    }
    for (int i = 0; i < f->station_count; i++) {
        const station *s = &f->stations[i];
        textbuf_printf(b, "  station %d,%d %s, wall to the %s\n", s->x, s->y,
                  station_look_name(s->look), wall_name(s->wall_dx, s->wall_dy));
    }
    for (int i = 0; i < f->patrol_count; i++) {
        const patrol *pt = &f->patrols[i];
        textbuf_printf(b, "  patrol %d route", i + 1);
        for (int j = 0; j < pt->count; j++)
            textbuf_printf(b, " %d,%d", pt->x[j], pt->y[j]);
        textbuf_printf(b, "\n");
    }
    for (int i = 0; i < f->monster_count; i++) {
        const monster *m = &f->monsters[i];
        textbuf_printf(b, "  monster %s %d,%d %s", monster_kind_get(m->kind)->name, m->x, m->y,
                  m->flying ? "flying" : "walking");
        if (m->patrol)
            textbuf_printf(b, ", patrol %d", m->patrol);
        textbuf_printf(b, "%s\n", m->hunting ? ", hunting" : "");
    }
}

void ascii_plain_floor(const dungeon *d, int k, textbuf *b)
{
    const dfloor *f = &d->floors[k];
    unsigned char seen[256] = { 0 };
    textbuf_printf(b, "floor %d of %d  seed %" PRIu64 "  %dx%d%s%s\n", k + 1, d->floor_count,
              d->seed, f->w, f->h, f->level_type != LT_ROOMS ? "  " : "",
              f->level_type != LT_ROOMS ? level_type_name((level_type)f->level_type) : "");
    ascii_map(b, f, seen);
    textbuf_printf(b, "\n");
    ascii_legend(b, f, seen);
    ascii_things(b, f);
}

/* Floor k as its family draws it (DoomRL floors: the seed's glyphs). */
static void append_floor(textbuf *b, const dungeon *d, int k)
{
    family_of(d->floors[k].level_type)->ascii(d, k, b);
}

static delve_status sb_finish(textbuf *b, char **out, delve_err *err)
{
    *out = NULL;
    if (b->oom || !b->s) {
        free(b->s);
        return delve_fail(err, DELVE_ENOMEM, "out of memory for an ASCII map");
    }
    *out = b->s;
    return DELVE_OK;
}

delve_status ascii_floor(const dungeon *d, int k, char **out, delve_err *err)
{
    *out = NULL;
    if (k < 0 || k >= d->floor_count || !d->floors[k].terrain)
        return delve_fail(err, DELVE_EINPUT, "floor %d is not one of 1..%d", k + 1,
                          d->floor_count);
    textbuf b = { 0 };
    append_floor(&b, d, k);
    return sb_finish(&b, out, err);
}

delve_status ascii_dungeon(const dungeon *d, char **out, delve_err *err)
{
    textbuf b = { 0 };
    for (int k = 0; k < d->floor_count; k++) {
        if (!d->floors[k].terrain)
            continue;
        textbuf_printf(&b, "%s", k > 0 ? "\n" : "");
        append_floor(&b, d, k);
    }
    textbuf_printf(&b, "%s", "");
    return sb_finish(&b, out, err);
}
