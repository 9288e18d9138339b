/* family: the level-type registry and the families' rows of hooks (see family.h). To add
 * a DoomRL-like level type: its row of LEVEL_TYPES (engine/floor.h), its layout file in
 * gen/doomrl/ and declaration in doom.h, its row in doom_floor.c's rules, and its row in
 * TYPES below; help, errors, the gallery and the tests pick it up from here. */
#include <stdio.h>
#include <string.h>

#include "engine/dun.h"
#include "gen/doomrl/doomrl.h"
#include "gen/family.h"
#include "gen/opts.h"
#include "gen/rooms/rooms.h"
#include "gen/shoals/shoals.h"
#include "gen/shoals/shoals_stats.h"

/* ---- rooms and corridors ---- */

static delve_status rooms_layout_hook(const gen_opts *o, int k, dfloor *f, delve_err *err)
{
    delve_status st = floor_init(f, k, o->w, o->h, err);
    return st != DELVE_OK ? st : rooms_layout(o->seed, f, err);
}

static delve_status rooms_refit_hook(const gen_opts *o, dfloor *f, int lo, int hi,
                                     delve_err *err)
{
    return rooms_ways_refit_floors(o->seed, o->floors, f, lo, hi, err);
}

static delve_status rooms_ways_hook(const gen_opts *o, dfloor *up, dfloor *down,
                                    delve_err *err)
{
    return rooms_ways_place(o->seed, up, down, err);
}

static delve_status rooms_stock_hook(const gen_opts *o, dfloor *f, delve_err *err)
{
    return rooms_stock(o->seed, f, err);
}

/* Families whose ways always find room: DoomRL's stairs join a floor's goal to the next
 * one's entrance; Shoals falls back on stairs when no squares lie over each other. */
static delve_status no_refit(const gen_opts *o, dfloor *f, int lo, int hi, delve_err *err)
{
    return DELVE_OK;
}

/* Families whose floors need no check of their own past the passes' and check.c's. */
static delve_status no_floor_check(const dfloor *f, delve_err *err)
{
    return DELVE_OK;
}

static delve_status no_dungeon_check(const dungeon *d, delve_err *err)
{
    return DELVE_OK;
}

static void no_file_check(const dungeon *d, int k, check_list *out)
{
}

/* ---- DoomRL (seed 002) ---- */

static delve_status doom_layout_hook(const gen_opts *o, int k, dfloor *f, delve_err *err)
{
    delve_status st = floor_init(f, k, DOOM_W, DOOM_H, err);
    return st != DELVE_OK ? st : doom_floor_make(o, k, DOOM_STAGE_FULL, f, NULL, err);
}

static delve_status doom_ways_hook(const gen_opts *o, dfloor *up, dfloor *down,
                                   delve_err *err)
{
    return doom_place_stairs(up, down, err);
}

static delve_status doom_stock_hook(const gen_opts *o, dfloor *f, delve_err *err)
{
    doom_stock(o->seed, o->difficulty, f, NULL);
    return DELVE_OK;
}

/* A finding about a whole floor (no one square): the family's validator said no. Its
 * message's own "floor K: " goes, since the finding names the floor. */
static void add_floor_finding(check_list *out, check_kind kind, int k, const char *why)
{
    check_finding f = { .severity = check_kind_severity(kind), .kind = kind, .floor = k,
                        .x = -1, .y = -1 };
    const char *colon = strstr(why, ": ");
    if (!strncmp(why, "floor ", 6) && colon)
        why = colon + 2;
    snprintf(f.reason, sizeof f.reason, "%s", why);
    check_list_add(out, &f);
}

static void doom_file_check(const dungeon *d, int k, check_list *out)
{
    delve_err err = { "" };
    if (doom_validate_floor(&d->floors[k], NULL, &err) != DELVE_OK)
        add_floor_finding(out, CK_DOOMRL_UNREACHABLE, k, err.msg);
}


static const char *const *doom_stat_names(void)
{
    return DOOM_STAT_NAMES;
}

/* ---- Shoals (seed 003) ---- */

static delve_status shoals_layout_hook(const gen_opts *o, int k, dfloor *f, delve_err *err)
{
    return shoals_layout(o->seed, o->islands, k, f, err);
}

static delve_status shoals_ways_hook(const gen_opts *o, dfloor *up, dfloor *down,
                                     delve_err *err)
{
    return shoals_place_ways(o->seed, up, down, err);
}

/* Seed 003's tide: every way on ground the highest tide leaves dry, and everything
 * reached from the entrance at high tide (shoals_check). */
static void shoals_file_check(const dungeon *d, int k, check_list *out)
{
    const dfloor *f = &d->floors[k];
    int flooded = 0;
    for (int i = 0; i < f->way_count; i++) {
        const way *w = &f->ways[i];
        if (floor_in(f, w->x, w->y) && !shoals_dry_at_high_tide(f, w->x, w->y)) {
            flooded = 1;
            check_finding c = { .severity = check_kind_severity(CK_WAY_HIGH_TIDE),
                                .kind = CK_WAY_HIGH_TIDE, .floor = k, .x = w->x, .y = w->y };
            snprintf(c.reason, sizeof c.reason, "the %s stands on ground the high tide "
                     "floods", way_kind_name(w->kind));
            check_list_add(out, &c);
        }
    }
    delve_err err = { "" };
    if (!flooded && shoals_check(f, &err) != DELVE_OK) /* a flooded way is said once */
        add_floor_finding(out, CK_SHOALS_HIGH_TIDE, k, err.msg);
}

#define COMMON_SETTINGS                                                                 \
    (OPTS_BIT(OPTS_SEED) | OPTS_BIT(OPTS_FLOORS) | OPTS_BIT(OPTS_FLOOR) |              \
     OPTS_BIT(OPTS_TYPE))

/* name, settings that apply, rising, then the hooks in family_row's order */
static const family_row FAMILIES[FAMILY_COUNT] = {
    [FAMILY_ROOMS] = { "rooms", COMMON_SETTINGS | OPTS_BIT(OPTS_RISING) | OPTS_BIT(OPTS_ROOMS),
                       1, rooms_layout_hook, rooms_refit_hook, rooms_ways_hook, no_floor_check,
                       rooms_stock_hook, no_dungeon_check, no_file_check, ascii_plain_floor,
                       { ROOMS_STAT_COUNT, rooms_stat_names, rooms_stats_measure } },
    [FAMILY_DOOMRL] = { "doomrl", COMMON_SETTINGS | OPTS_BIT(OPTS_DLEVEL) |
                        OPTS_BIT(OPTS_DIFFICULTY) | OPTS_BIT(OPTS_SINGLE_MONSTER),
                        0, doom_layout_hook, no_refit, doom_ways_hook, no_floor_check,
                        doom_stock_hook, doom_validate_dungeon, doom_file_check, doom_ascii_floor,
                        { DOOM_STAT_COUNT, doom_stat_names, doom_stats_measure } },
    [FAMILY_SHOALS] = { "shoals", COMMON_SETTINGS | OPTS_BIT(OPTS_ISLANDS),
                        0, shoals_layout_hook, no_refit, shoals_ways_hook, shoals_check,
                        rooms_stock_hook, no_dungeon_check, shoals_file_check, ascii_plain_floor,
                        { SHOALS_FLOOR_STAT_COUNT, shoals_floor_stat_names, shoals_floor_stats } },
};

const family_row *family_get(family_id id)
{
    return (id >= 0 && id < FAMILY_COUNT) ? &FAMILIES[id] : &FAMILIES[0];
}

/* name, level type, family, in the gallery, help; in the order help lists them. The
 * names of real level types are engine/floor.c's (a test checks). */
static const family_type TYPES[] = {
    { "rooms", LT_ROOMS, FAMILY_ROOMS, 0, "rooms and corridors, 64 x 40 (the default)" },
    { "normal", LT_NORMAL, FAMILY_DOOMRL, 1, "DoomRL's tiled walls and doors, 78 x 20" },
    { "small-rooms", LT_SMALL_ROOMS, FAMILY_DOOMRL, 1, "DoomRL's twelve 19 x 7 sublayouts" },
    { "warehouse", LT_WAREHOUSE, FAMILY_DOOMRL, 1, "DoomRL's rooms of boxes" },
    { "city", LT_CITY, FAMILY_DOOMRL, 1, "DoomRL's walled rooms on open floor" },
    { "caves", LT_CAVES, FAMILY_DOOMRL, 1, "DoomRL's natural walls and spindly paths" },
    { "arena", LT_ARENA, FAMILY_DOOMRL, 1, "DoomRL's arena: open, stairs in the corners" },
    { "maze", LT_MAZE, FAMILY_DOOMRL, 1, "DoomRL's maze, no doors" },
    { "single", LT_SINGLE, FAMILY_DOOMRL, 1, "DoomRL's normal layout with one monster kind" },
    { "doomrl", GEN_TYPE_DOOMRL, FAMILY_DOOMRL, 0,
      "a DoomRL type per floor by its dlevel (seed 002's rules)" },
    { "shoals", LT_SHOALS, FAMILY_SHOALS, 0, "DCSS-style islands on a heightmap, 70 x 60, tide" },
};
_Static_assert(sizeof TYPES / sizeof TYPES[0] == LT_COUNT + 1,
               "every level type (and doomrl) has a registry row");

int family_type_count(void)
{
    return (int)(sizeof TYPES / sizeof TYPES[0]);
}

const family_type *family_type_at(int i)
{
    return (i >= 0 && i < family_type_count()) ? &TYPES[i] : &TYPES[0];
}

const family_type *family_type_named(const char *name)
{
    for (int i = 0; i < family_type_count(); i++)
        if (!strcmp(TYPES[i].name, name))
            return &TYPES[i];
    return NULL;
}

const family_type *family_type_of(int lt)
{
    for (int i = 0; i < family_type_count(); i++)
        if (TYPES[i].level_type == lt)
            return &TYPES[i];
    return &TYPES[0];
}

const family_row *family_of(int lt)
{
    return family_get(family_type_of(lt)->family);
}

void family_type_names(char *buf, size_t cap)
{
    size_t n = 0;
    buf[0] = '\0';
    for (int i = 0; i < family_type_count() && n < cap; i++)
        n += (size_t)snprintf(buf + n, cap - n, "%s%s", i ? ", " : "", TYPES[i].name);
}

delve_status family_check_dungeon(const dungeon *d, check_list *out, delve_err *err)
{
    delve_status st = check_dungeon(d, out, err);
    for (int k = 0; st == DELVE_OK && k < d->floor_count; k++)
        if (d->floors[k].terrain)
            family_of(d->floors[k].level_type)->file_check(d, k, out);
    return st;
}

/* See family.h: the first check error, as readers of files refuse them. */
delve_status family_refuse_first(const char *path, const check_list *l, delve_err *err)
{
    char line[CHECK_TEXT_MAX] = "";
    for (int i = 0; i < l->count && !line[0]; i++)
        if (l->items[i].severity == CHECK_ERROR)
            check_finding_text(&l->items[i], line, sizeof line);
    if (!line[0]) /* counted, not kept (out of memory for the list) */
        snprintf(line, sizeof line, "a check error");
    if (l->errors == 1)
        return delve_fail(err, DELVE_EINPUT, "%s: %s", path, line);
    return delve_fail(err, DELVE_EINPUT, "%s: %s (and %d more errors: delve check lists them)",
                      path, line, l->errors - 1);
}

delve_status family_load_dun(const char *path, dungeon *out, delve_err *err)
{
    check_list l = { 0 };
    delve_status st = dun_load(path, out, err);
    if (st)
        return st;
    st = family_check_dungeon(out, &l, err);
    if (!st && l.errors)
        st = family_refuse_first(path, &l, err);
    check_list_free(&l);
    if (st)
        dungeon_free(out);
    return st;
}
