/* opts: the generator's settings table (see opts.h). Each limit is written once, here. */
#include "gen/opts.h"

#include <stddef.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "base/lex.h"
#include "gen/family.h"
#include "gen/shoals/shoals.h"

#define STR_(x) #x
#define STR(x) STR_(x)

/* key, kind, lo, hi, meta, default, help */
static const opts_row ROWS[OPTS_COUNT] = {
    [OPTS_SEED] = { "seed", OPTS_KIND_U64, 0, 0, "N", "1", "the dungeon's seed" },
    [OPTS_FLOORS] = { "floors", OPTS_KIND_INT, 1, DUNGEON_MAX_FLOORS, "K", "3",
                      "floors in the dungeon, stacked by their real ground" },
    [OPTS_FLOOR] = { "floor", OPTS_KIND_INT, 1, DUNGEON_MAX_FLOORS, "K", "every",
                     "one floor, generated alone: the same bytes as in the dungeon" },
    [OPTS_TYPE] = { "type", OPTS_KIND_TYPE, 0, 0, "T", "rooms",
                    "the level type, listed below" },
    [OPTS_DLEVEL] = { "dlevel", OPTS_KIND_INT, 1, GEN_MAX_DLEVEL, "D", "1",
                      "DoomRL: the top floor's dlevel; floor K has dlevel D + K - 1" },
    [OPTS_DIFFICULTY] = { "difficulty", OPTS_KIND_INT, 1, GEN_MAX_DIFFICULTY, "N", "2",
                          "DoomRL: 1 (I Too Young To Die) .. " STR(GEN_MAX_DIFFICULTY)
                          " (Nightmare!)" },
    [OPTS_SINGLE_MONSTER] = { "single-monster", OPTS_KIND_ON_OFF, 0, 1, "on|off", "off",
                              "DoomRL: a floor past dlevel 15 may be single-monster, 1 in 25" },
    [OPTS_ISLANDS] = { "islands", OPTS_KIND_INT, 1, SHOALS_ISLANDS_MAX, "N",
                       STR(SHOALS_ISLANDS), "Shoals: island centres the heightmap raises (islands may merge)" },
    [OPTS_RISING] = { "rising", OPTS_KIND_ON_OFF, 0, 1, "on|off", "on",
                      "rooms: every way up and down (off: the bytes from before rising)" },
    [OPTS_ROOMS] = { "rooms", OPTS_KIND_PATH, 0, 0, "DIR", "none",
                     "rooms: lay stored rooms DIR/*.room (e.g. assets/rooms)" },
};

const opts_row *opts_get(opts_id id)
{
    return (id >= 0 && id < OPTS_COUNT) ? &ROWS[id] : &ROWS[0];
}

int opts_find(const char *key)
{
    for (int i = 0; i < OPTS_COUNT; i++)
        if (!strcmp(ROWS[i].key, key))
            return i;
    return -1;
}

/* Where each INT and ON_OFF row keeps its value in gen_opts (0: another kind). */
static const size_t INT_AT[OPTS_COUNT] = {
    [OPTS_FLOORS] = offsetof(gen_opts, floors),
    [OPTS_FLOOR] = offsetof(gen_opts, floor),
    [OPTS_DLEVEL] = offsetof(gen_opts, dlevel),
    [OPTS_DIFFICULTY] = offsetof(gen_opts, difficulty),
    [OPTS_SINGLE_MONSTER] = offsetof(gen_opts, single_monster),
    [OPTS_ISLANDS] = offsetof(gen_opts, islands),
    [OPTS_RISING] = offsetof(gen_opts, rising),
};

static int *int_field(gen_opts *o, opts_id id)
{
    return (int *)((char *)o + INT_AT[id]);
}

int opts_int(const gen_opts *o, opts_id id)
{
    return (id >= 0 && id < OPTS_COUNT && INT_AT[id]) ? *(const int *)((const char *)o + INT_AT[id])
                                                      : 0;
}

static delve_status set_u64(uint64_t *out, const char *v, delve_err *err)
{
    if (lex_parse_u64(v, strlen(v), UINT64_MAX, out, NULL) != LEX_OK)
        return delve_fail(err, DELVE_EINPUT, "'%s' is not a whole number 0..%" PRIu64, v,
                          UINT64_MAX);
    return DELVE_OK;
}

static delve_status set_int(int *out, const opts_row *r, const char *v, delve_err *err)
{
    if (lex_parse_int(v, strlen(v), r->lo, r->hi, out, NULL) != LEX_OK)
        return delve_fail(err, DELVE_EINPUT, "'%s' is not a number in %d..%d", v, r->lo,
                          r->hi);
    return DELVE_OK;
}

static delve_status set_type(int *out, const char *v, delve_err *err)
{
    const family_type *t = family_type_named(v);
    if (t) {
        *out = t->level_type;
        return DELVE_OK;
    }
    char names[256];
    family_type_names(names, sizeof names);
    return delve_fail(err, DELVE_EINPUT, "'%s' is not a level type (%s)", v, names);
}

delve_status opts_set(gen_opts *o, opts_id id, const char *v, delve_err *err)
{
    const opts_row *r = opts_get(id);
    switch (r->kind) {
    case OPTS_KIND_U64:
        return set_u64(&o->seed, v, err);
    case OPTS_KIND_TYPE:
        return set_type(&o->type, v, err);
    case OPTS_KIND_ON_OFF:
        if (strcmp(v, "on") && strcmp(v, "off"))
            return delve_fail(err, DELVE_EINPUT, "'%s' is not on or off", v);
        *int_field(o, id) = !strcmp(v, "on");
        return DELVE_OK;
    case OPTS_KIND_PATH:
        if (!v[0]) /* an unset shell variable, not "none" */
            return delve_fail(err, DELVE_EINPUT, "an empty path (none for no stored rooms)");
        if (strlen(v) >= sizeof o->rooms)
            return delve_fail(err, DELVE_EINPUT, "a path of %zu bytes; at most %d",
                              strlen(v), GEN_PATH_MAX - 1);
        snprintf(o->rooms, sizeof o->rooms, "%s", strcmp(v, "none") ? v : "");
        return DELVE_OK;
    case OPTS_KIND_INT:
        if (id == OPTS_FLOOR && !strcmp(v, "every")) {
            o->floor = 0;
            return DELVE_OK;
        }
        return set_int(int_field(o, id), r, v, err);
    }
    return delve_fail(err, DELVE_EINPUT, "no setting %d", (int)id);
}

void opts_format(const gen_opts *o, opts_id id, char *buf, size_t cap)
{
    const opts_row *r = opts_get(id);
    if (r->kind == OPTS_KIND_U64)
        snprintf(buf, cap, "%" PRIu64, o->seed);
    else if (r->kind == OPTS_KIND_TYPE)
        snprintf(buf, cap, "%s", family_type_of(o->type)->name);
    else if (r->kind == OPTS_KIND_ON_OFF)
        snprintf(buf, cap, "%s", opts_int(o, id) ? "on" : "off");
    else if (r->kind == OPTS_KIND_PATH)
        snprintf(buf, cap, "%s", o->rooms[0] ? o->rooms : "none");
    else if (id == OPTS_FLOOR && o->floor == 0)
        snprintf(buf, cap, "every");
    else
        snprintf(buf, cap, "%d", opts_int(o, id));
}

int opts_applies(const gen_opts *o, opts_id id)
{
    return (family_of(o->type)->settings & OPTS_BIT(id)) != 0;
}

/* The level types a setting applies to, for the message when it does not: "--type
 * rooms", "the DoomRL types". */
static void applies_to(opts_id id, char *buf, size_t cap)
{
    size_t n = 0;
    buf[0] = '\0';
    for (int f = 0; f < FAMILY_COUNT && n < cap; f++)
        if (family_get((family_id)f)->settings & OPTS_BIT(id))
            n += (size_t)snprintf(buf + n, cap - n, f == FAMILY_DOOMRL ? "%sthe DoomRL types"
                                                                       : "%s--type %s",
                                  n ? " and " : "", family_get((family_id)f)->name);
}

delve_status opts_check_given(const gen_opts *o, unsigned given, const char *prefix,
                              delve_err *err)
{
    for (int id = 0; id < OPTS_COUNT; id++) {
        if (!(given & OPTS_BIT(id)) || opts_applies(o, (opts_id)id))
            continue;
        char fams[64];
        applies_to((opts_id)id, fams, sizeof fams);
        return delve_fail(err, DELVE_EINPUT, "%s%s is for %s, not %s", prefix,
                          ROWS[id].key, fams, family_type_of(o->type)->name);
    }
    return DELVE_OK;
}

delve_status opts_check_floor(const gen_opts *o, int floors, const char *prefix,
                              delve_err *err)
{
    if (o->floor > floors)
        return delve_fail(err, DELVE_EINPUT, "%sfloor %d: the dungeon has %d floors", prefix,
                          o->floor, floors);
    return DELVE_OK;
}

/* Rows a line writes only when they are not at their default, so lines written before
 * they existed read the same. */
static int only_when_set(const gen_opts *o, opts_id id)
{
    return (id == OPTS_SINGLE_MONSTER && !o->single_monster) ||
           (id == OPTS_ROOMS && !o->rooms[0]) || (id == OPTS_FLOOR && !o->floor);
}

delve_status opts_line(const gen_opts *o, unsigned bits, char *buf, size_t cap,
                       delve_err *err)
{
    size_t n = 0;
    buf[0] = '\0';
    for (int id = 0; id < OPTS_COUNT; id++) {
        if (!(bits & OPTS_BIT(id)) || only_when_set(o, (opts_id)id))
            continue;
        char v[GEN_PATH_MAX];
        opts_format(o, (opts_id)id, v, sizeof v);
        int w = snprintf(buf + n, cap - n, "%s%s=%s", n ? " " : "", ROWS[id].key, v);
        if (w < 0 || (size_t)w >= cap - n)
            return delve_fail(err, DELVE_ELIMIT, "the settings line passes %zu characters",
                              cap - 1);
        n += (size_t)w;
    }
    return DELVE_OK;
}

void opts_copy(gen_opts *dst, const gen_opts *src, unsigned bits)
{
    for (int id = 0; id < OPTS_COUNT; id++) {
        char v[GEN_PATH_MAX];
        if (!(bits & OPTS_BIT(id)))
            continue;
        opts_format(src, (opts_id)id, v, sizeof v);
        opts_set(dst, (opts_id)id, v, NULL);
    }
}
