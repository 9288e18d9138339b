/* floor: squares and things of one storey. */
#include "engine/floor.h"

#include <stdlib.h>
#include <string.h>

/* name, glyph, walkable, open, burn, fluid, tidal */
static const terrain_info TERRAIN[] = {
    [T_ROCK]     = { "rock",     ' ', 0, 0,  0, 0, 0 },
    [T_WALL]     = { "wall",     '#', 0, 0,  0, 0, 0 },
    [T_FLOOR]    = { "floor",    '.', 1, 1,  0, 0, 0 },
    [T_CORRIDOR] = { "corridor", ',', 1, 1,  0, 0, 0 },
    [T_DOOR]     = { "door",     '+', 1, 1,  0, 0, 0 },
    [T_WATER]    = { "water",    '~', 1, 1,  0, 1, 0 },
    [T_ACID]     = { "acid",     '=', 1, 1,  6, 1, 0 },
    [T_LAVA]     = { "lava",     '&', 1, 1, 12, 1, 0 },
    [T_BRIDGE]   = { "bridge",   ':', 1, 1,  0, 0, 0 },
    [T_BOX]      = { "box",      'X', 0, 0,  0, 0, 0 },
    [T_CAVE_WALL]= { "cave wall",'%', 0, 0,  0, 0, 0 },
    [T_DEEP]     = { "deep water",'W', 0, 1, 0, 0, 1 },
    [T_SHALLOW]  = { "shallow water",'w', 1, 1, 0, 0, 1 },
    [T_HIGH]     = { "high ground",'h', 1, 1, 0, 0, 0 },
    [T_STAIR]    = { "stair",    '"', 1, 1,  0, 0, 0 },
    [T_RAMP]     = { "ramp",     '`', 1, 1,  0, 0, 0 },
    [T_TURN]     = { "turning stair",'$', 1, 1, 0, 0, 0 },
    [T_CURVE]    = { "curve mark",';', 1, 1, 0, 0, 0 },
};
_Static_assert(sizeof TERRAIN / sizeof TERRAIN[0] == T_TERRAIN_COUNT, "terrain rows");

/* name, glyph */
static const struct { const char *name; char glyph; } WAY_KIND[] = {
    [WAY_LIFT]   = { "lift",   'L' },
    [WAY_LADDER] = { "ladder", 'H' },
    [WAY_STAIR]  = { "stair",  '>' },
    [WAY_RAMP]   = { "ramp",   '/' },
    [WAY_SPIRAL] = { "spiral", '@' },
};
_Static_assert(sizeof WAY_KIND / sizeof WAY_KIND[0] == WAY_KIND_COUNT, "way kind rows");

static const char *const LOOK_NAME[] = {
    [LOOK_FONT] = "font",
    [LOOK_DRIP_BENCH] = "drip bench",
    [LOOK_NUTRIENT_TAP] = "nutrient tap",
};
_Static_assert(sizeof LOOK_NAME / sizeof LOOK_NAME[0] == LOOK_COUNT, "look rows");

#define LEVEL_TYPE_STRING(id, name) [id] = name,
static const char *const LEVEL_TYPE_NAME[] = { LEVEL_TYPES(LEVEL_TYPE_STRING) };
#undef LEVEL_TYPE_STRING
_Static_assert(sizeof LEVEL_TYPE_NAME / sizeof LEVEL_TYPE_NAME[0] == LT_COUNT, "level rows");

const char *level_type_name(level_type t)
{
    return (t >= 0 && t < LT_COUNT) ? LEVEL_TYPE_NAME[t] : "unknown";
}

int level_type_from_name(const char *s)
{
    for (int i = 0; i < LT_COUNT; i++)
        if (!strcmp(s, LEVEL_TYPE_NAME[i]))
            return i;
    return -1;
}

const terrain_info *terrain_get(terrain t)
{
    return (t >= 0 && t < T_TERRAIN_COUNT) ? &TERRAIN[t] : &TERRAIN[T_ROCK];
}

int terrain_is_fluid(terrain t)
{
    return terrain_get(t)->fluid;
}

int terrain_is_tidal(terrain t)
{
    return terrain_get(t)->tidal;
}

const char *way_kind_name(way_kind k)
{
    return (k >= 0 && k < WAY_KIND_COUNT) ? WAY_KIND[k].name : "way";
}

char way_kind_glyph(way_kind k)
{
    return (k >= 0 && k < WAY_KIND_COUNT) ? WAY_KIND[k].glyph : '?';
}

const char *station_look_name(station_look look)
{
    return (look >= 0 && look < LOOK_COUNT) ? LOOK_NAME[look] : "station";
}

delve_status floor_init(dfloor *f, int index, int w, int h, delve_err *err)
{
    memset(f, 0, sizeof *f);
    if (w < 1 || h < 1 || w > FLOOR_MAX_SIDE || h > FLOOR_MAX_SIDE)
        return delve_fail(err, DELVE_ELIMIT, "floor %d x %d is outside 1..%d", w, h,
                          FLOOR_MAX_SIDE);
    f->index = index;
    f->w = w;
    f->h = h;
    f->terrain = calloc((size_t)w * (size_t)h, 1);
    f->height_cm = calloc((size_t)w * (size_t)h, sizeof *f->height_cm);
    f->marks = calloc((size_t)w * (size_t)h, 1);
    if (!f->terrain || !f->height_cm || !f->marks) {
        floor_free(f);
        return delve_fail(err, DELVE_ENOMEM, "out of memory for a %d x %d floor", w, h);
    }
    return DELVE_OK;
}

void floor_free(dfloor *f)
{
    if (!f)
        return;
    free(f->terrain);
    free(f->height_cm);
    free(f->marks);
    f->terrain = NULL;
    f->height_cm = NULL;
    f->marks = NULL;
}

delve_status floor_copy(dfloor *dst, const dfloor *src, delve_err *err)
{
    delve_status st = floor_init(dst, src->index, src->w, src->h, err);
    if (st != DELVE_OK)
        return st;
    uint8_t *t = dst->terrain, *mk = dst->marks;
    int32_t *hc = dst->height_cm;
    *dst = *src;
    dst->terrain = t;
    dst->height_cm = hc;
    dst->marks = mk;
    size_t n = (size_t)src->w * (size_t)src->h;
    memcpy(t, src->terrain, n);
    memcpy(hc, src->height_cm, n * sizeof *hc);
    if (src->marks)
        memcpy(mk, src->marks, n);
    return DELVE_OK;
}

terrain floor_at(const dfloor *f, int x, int y)
{
    return floor_in(f, x, y) ? (terrain)f->terrain[y * f->w + x] : T_ROCK;
}

void floor_set(dfloor *f, int x, int y, terrain t)
{
    if (floor_in(f, x, y))
        f->terrain[y * f->w + x] = (uint8_t)t;
}

int floor_walkable(const dfloor *f, int x, int y)
{
    return terrain_get(floor_at(f, x, y))->walkable;
}

int floor_can_stand(const dfloor *f, int x, int y)
{
    return floor_walkable(f, x, y) && floor_pit_at(f, x, y) < 0;
}

int floor_open(const dfloor *f, int x, int y)
{
    return terrain_get(floor_at(f, x, y))->open;
}

int floor_way_at(const dfloor *f, int x, int y)
{
    for (int i = 0; i < f->way_count; i++)
        if (f->ways[i].x == x && f->ways[i].y == y)
            return i;
    return -1;
}

int floor_pit_at(const dfloor *f, int x, int y)
{
    for (int i = 0; i < f->pit_count; i++)
        if (f->pits[i].x == x && f->pits[i].y == y)
            return i;
    return -1;
}

int floor_station_at(const dfloor *f, int x, int y)
{
    for (int i = 0; i < f->station_count; i++)
        if (f->stations[i].x == x && f->stations[i].y == y)
            return i;
    return -1;
}

int floor_square_taken(const dfloor *f, int x, int y)
{
    return floor_way_at(f, x, y) >= 0 || floor_pit_at(f, x, y) >= 0 ||
           floor_station_at(f, x, y) >= 0 || (x == f->entrance_x && y == f->entrance_y) ||
           (x == f->goal_x && y == f->goal_y);
}

delve_status floor_add_way(dfloor *f, way w, delve_err *err)
{
    if (f->way_count >= FLOOR_MAX_WAYS)
        return delve_fail(err, DELVE_ELIMIT, "floor %d: more than %d ways", f->index + 1,
                          FLOOR_MAX_WAYS);
    f->ways[f->way_count++] = w;
    return DELVE_OK;
}

delve_status floor_add_pit(dfloor *f, pit p, delve_err *err)
{
    if (f->pit_count >= FLOOR_MAX_PITS)
        return delve_fail(err, DELVE_ELIMIT, "floor %d: more than %d pits", f->index + 1,
                          FLOOR_MAX_PITS);
    f->pits[f->pit_count++] = p;
    return DELVE_OK;
}

delve_status floor_add_station(dfloor *f, station s, delve_err *err)
{
    if (f->station_count >= FLOOR_MAX_STATIONS)
        return delve_fail(err, DELVE_ELIMIT, "floor %d: more than %d rest stations",
                          f->index + 1, FLOOR_MAX_STATIONS);
    f->stations[f->station_count++] = s;
    return DELVE_OK;
}

delve_status floor_add_monster(dfloor *f, monster m, delve_err *err)
{
    if (f->monster_count >= FLOOR_MAX_MONSTERS)
        return delve_fail(err, DELVE_ELIMIT, "floor %d: more than %d monsters",
                          f->index + 1, FLOOR_MAX_MONSTERS);
    f->monsters[f->monster_count++] = m;
    return DELVE_OK;
}

delve_status floor_add_item(dfloor *f, item it, delve_err *err)
{
    if (f->item_count >= FLOOR_MAX_ITEMS)
        return delve_fail(err, DELVE_ELIMIT, "floor %d: more than %d items", f->index + 1,
                          FLOOR_MAX_ITEMS);
    f->items[f->item_count++] = it;
    return DELVE_OK;
}

delve_status floor_add_patrol(dfloor *f, const patrol *p, delve_err *err)
{
    if (f->patrol_count >= FLOOR_MAX_PATROLS)
        return delve_fail(err, DELVE_ELIMIT, "floor %d: more than %d patrol routes",
                          f->index + 1, FLOOR_MAX_PATROLS);
    if (p->count < 1 || p->count > PATROL_MAX_SQUARES)
        return delve_fail(err, DELVE_ELIMIT, "floor %d: a patrol route has 1..%d squares, "
                          "not %d", f->index + 1, PATROL_MAX_SQUARES, p->count);
    f->patrols[f->patrol_count++] = *p;
    return DELVE_OK;
}

void floor_clear(dfloor *f)
{
    dfloor keep = *f;
    size_t n = (size_t)f->w * (size_t)f->h;
    memset(f, 0, sizeof *f);
    f->index = keep.index;
    f->w = keep.w;
    f->h = keep.h;
    f->level_type = keep.level_type;
    f->dlevel = keep.dlevel;
    f->ox = keep.ox;
    f->oy = keep.oy;
    f->terrain = keep.terrain;
    f->height_cm = keep.height_cm;
    f->marks = keep.marks;
    memset(f->terrain, T_ROCK, n);
    memset(f->height_cm, 0, n * sizeof *f->height_cm);
    if (f->marks)
        memset(f->marks, 0, n);
}
