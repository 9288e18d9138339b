/* tiled: the Tiled JSON map and its tileset. Every layer and object carries `visible`
 * and `opacity`: Tiled's JSON reader takes a missing one as hidden / transparent.
 * A Shoals floor's ground is not made of the view's tiles (shore.c paints it by band):
 * it is drawn as the view draws it at tide 0, cut into squares, and each different
 * square picture becomes one more tile, named by its terrain and band. */
#include "render/tiled.h"

#include <cjson/cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "render/frame_tiles.h"
#include "render/shore.h"

#define TILED_SHOALS_TIDE 0  /* whole units: the tide a Shoals export shows, as delve shot */

/* A Shoals floor's ground as the view draws it, cut into square tiles. */
typedef struct shore_cut {
    canvas ground;   /* the floor's ground, w * z by h * z px */
    int *tile_of;    /* w * h: each square's tile, 0..count-1 */
    int *from;       /* count: the square (y * w + x) each tile was cut from */
    uint32_t *hash;  /* count: each tile's picture hash */
    int count;
} shore_cut;

typedef struct tmj {
    cJSON *root;
    int oom;         /* an allocation failed somewhere */
    int next_id;     /* next object id */
    const tile_set *ts;
    int z;
    uint64_t seed;   /* the dungeon's, for the view's tile choices */
    const shore_cut *cut; /* a Shoals floor's ground tiles, or NULL */
} tmj;

/* Checks a cJSON result; returns it. */
static cJSON *ok(tmj *t, cJSON *made)
{
    if (!made)
        t->oom = 1;
    return made;
}

static void num(tmj *t, cJSON *o, const char *k, double v)
{
    ok(t, cJSON_AddNumberToObject(o, k, v));
}

static void str(tmj *t, cJSON *o, const char *k, const char *v)
{
    ok(t, cJSON_AddStringToObject(o, k, v));
}

/* Adds a Tiled custom property {name, type, value} to o's "properties" array; value is
 * taken over (deleted when it cannot be added). */
static void prop(tmj *t, cJSON *o, const char *name, const char *type, cJSON *value)
{
    cJSON *arr = cJSON_GetObjectItem(o, "properties");
    if (!arr)
        arr = ok(t, cJSON_AddArrayToObject(o, "properties"));
    cJSON *p = ok(t, cJSON_CreateObject());
    if (!arr || !p || !ok(t, value)) {
        cJSON_Delete(p);
        cJSON_Delete(value);
        return;
    }
    cJSON_AddItemToArray(arr, p);
    str(t, p, "name", name);
    str(t, p, "type", type);
    cJSON_AddItemToObject(p, "value", value);
}

static void prop_int(tmj *t, cJSON *o, const char *name, int v)
{
    prop(t, o, name, "int", cJSON_CreateNumber(v));
}

static void prop_str(tmj *t, cJSON *o, const char *name, const char *v)
{
    prop(t, o, name, "string", cJSON_CreateString(v));
}

/* A layer with the fields Tiled needs (id, name, type, position, visible, opacity). */
static cJSON *layer(tmj *t, cJSON *layers, int id, const char *name, const char *type)
{
    cJSON *l = ok(t, cJSON_CreateObject());
    if (!l)
        return NULL;
    cJSON_AddItemToArray(layers, l);
    num(t, l, "id", id);
    str(t, l, "name", name);
    str(t, l, "type", type);
    num(t, l, "x", 0);
    num(t, l, "y", 0);
    num(t, l, "opacity", 1);
    ok(t, cJSON_AddBoolToObject(l, "visible", 1));
    return l;
}

static int gid(const tmj *t, tile_kind k, int v)
{
    return 1 + t->ts->first[k] + v;
}

/* An object at square (x, y): a tile object when k >= 0 (Tiled anchors tile objects at
 * their bottom-left corner), else a point at the square's centre. */
static cJSON *object(tmj *t, cJSON *objs, const char *name, const char *type, int k,
                     int v, int x, int y)
{
    cJSON *o = ok(t, cJSON_CreateObject());
    if (!o)
        return NULL;
    cJSON_AddItemToArray(objs, o);
    num(t, o, "id", t->next_id++);
    str(t, o, "name", name);
    str(t, o, "type", type);
    if (k >= 0) {
        num(t, o, "gid", gid(t, (tile_kind)k, v));
        num(t, o, "x", x * t->z);
        num(t, o, "y", (y + 1) * t->z);
        num(t, o, "width", t->z);
        num(t, o, "height", t->z);
    } else {
        ok(t, cJSON_AddBoolToObject(o, "point", 1));
        num(t, o, "x", x * t->z + t->z / 2);
        num(t, o, "y", y * t->z + t->z / 2);
        num(t, o, "width", 0);
        num(t, o, "height", 0);
    }
    num(t, o, "rotation", 0);
    ok(t, cJSON_AddBoolToObject(o, "visible", 1));
    char buf[32];
    snprintf(buf, sizeof buf, "%d,%d", x, y);
    prop_str(t, o, "square", buf);
    return o;
}

/* Names of the Shoals terrains, the type of each Shoals ground tile in the tileset. */
static const char *const SHOALS_TERRAIN[T_TERRAIN_COUNT] = {
    [T_DEEP] = "deep water", [T_SHALLOW] = "shallow water", [T_FLOOR] = "floor",
    [T_HIGH] = "high ground",
};

static const char *shoals_terrain_name(int t)
{
    return t >= 0 && t < T_TERRAIN_COUNT && SHOALS_TERRAIN[t] ? SHOALS_TERRAIN[t] : "other";
}

/* FNV-1a of the picture of square (x, y) in a ground of z px squares. */
static uint32_t square_px_hash(const canvas *g, int z, int x, int y)
{
    uint32_t h = 2166136261u;
    for (int r = 0; r < z; r++) {
        const uint8_t *p = canvas_at(g, x * z, y * z + r);
        for (int i = 0; i < 4 * z; i++)
            h = (h ^ p[i]) * 16777619u;
    }
    return h;
}

/* 1 when squares a and b (y * w + x) of a ground of width w show the same picture. */
static int same_picture(const canvas *g, int z, int w, int a, int b)
{
    for (int r = 0; r < z; r++)
        if (memcmp(canvas_at(g, a % w * z, a / w * z + r),
                   canvas_at(g, b % w * z, b / w * z + r), (size_t)z * 4))
            return 0;
    return 1;
}

/* Square i's tile in c: an earlier tile of the same terrain, band and picture, or a
 * new one cut from square i. */
static int cut_tile(shore_cut *c, const dfloor *f, int z, int i)
{
    uint32_t h = square_px_hash(&c->ground, z, i % f->w, i / f->w);
    int band = shore_band_of(f, i, TILED_SHOALS_TIDE);
    for (int k = 0; k < c->count; k++) {
        int j = c->from[k];
        if (c->hash[k] == h && f->terrain[j] == f->terrain[i] &&
            (int)shore_band_of(f, j, TILED_SHOALS_TIDE) == band &&
            same_picture(&c->ground, z, f->w, i, j))
            return k;
    }
    c->from[c->count] = i;
    c->hash[c->count] = h;
    return c->count++;
}

static void shore_cut_free(shore_cut *c)
{
    canvas_free(&c->ground);
    free(c->tile_of);
    free(c->from);
    free(c->hash);
    *c = (shore_cut){ 0 };
}

/* Draws Shoals floor f's ground as the view does at TILED_SHOALS_TIDE and animation
 * time 0 (shore.c), z px a square, and cuts it into tiles. DELVE_ENOMEM, DELVE_ELIMIT. */
static delve_status shore_cut_make(shore_cut *c, const dfloor *f, int z, delve_err *err)
{
    size_t n = (size_t)f->w * (size_t)f->h;
    *c = (shore_cut){ .tile_of = malloc(n * sizeof(int)), .from = malloc(n * sizeof(int)),
                      .hash = malloc(n * sizeof(uint32_t)) };
    shore_tiles *sh = shore_tiles_new();
    delve_status st = sh && c->tile_of && c->from && c->hash
                          ? canvas_init(&c->ground, f->w * z, f->h * z, err)
                          : delve_fail(err, DELVE_ENOMEM, "out of memory cutting the shore");
    shore_frame sf = { .f = f, .tide = TILED_SHOALS_TIDE, .z = z, .sx1 = f->w, .sy1 = f->h };
    if (!st && shore_draw(&c->ground, sh, &sf) != 0)
        st = delve_fail(err, DELVE_ENOMEM, "out of memory painting the shore");
    for (size_t i = 0; !st && i < n; i++)
        c->tile_of[i] = cut_tile(c, f, z, (int)i);
    shore_tiles_free(sh);
    if (st)
        shore_cut_free(c);
    return st;
}

static void terrain_layer(tmj *t, cJSON *layers, const dfloor *f)
{
    cJSON *l = layer(t, layers, 1, "terrain", "tilelayer");
    if (!l)
        return;
    num(t, l, "width", f->w);
    num(t, l, "height", f->h);
    cJSON *data = ok(t, cJSON_AddArrayToObject(l, "data"));
    for (int y = 0; data && y < f->h; y++)
        for (int x = 0; x < f->w; x++) {
            int v = 0, g;
            if (t->cut) {
                g = 1 + t->ts->tile_count + t->cut->tile_of[y * f->w + x];
            } else {
                tile_kind k = frame_ground_tile(f, t->seed, x, y, &v);
                g = gid(t, k, v);
            }
            cJSON *n = ok(t, cJSON_CreateNumber(g));
            if (n)
                cJSON_AddItemToArray(data, n);
        }
}

static void things_layer(tmj *t, cJSON *layers, const dfloor *f)
{
    cJSON *l = layer(t, layers, 2, "things", "objectgroup");
    cJSON *objs = l ? ok(t, cJSON_AddArrayToObject(l, "objects")) : NULL;
    if (!objs)
        return;
    str(t, l, "draworder", "index"); /* the view's order: ways, pits, fixtures, marks */
    for (int i = 0; i < f->way_count; i++) {
        const way *w = &f->ways[i];
        cJSON *o = object(t, objs, way_kind_name(w->kind), "way", frame_way_tile(w->kind), 0,
                          w->x, w->y);
        if (o) {
            prop_int(t, o, "to_floor", w->to_floor + 1);
            prop_int(t, o, "to_x", w->to_x);
            prop_int(t, o, "to_y", w->to_y);
        }
    }
    for (int i = 0; i < f->pit_count; i++) {
        const pit *p = &f->pits[i];
        tile_kind k;
        int v;
        cJSON *o = frame_pit_tile(f, t->seed, p, &k, &v)
                       ? object(t, objs, p->open ? "open pit" : "pit", "pit", k, v, p->x, p->y)
                       : object(t, objs, "hidden pit", "pit", -1, 0, p->x, p->y);
        if (o) {
            prop(t, o, "hidden", "bool", cJSON_CreateBool(p->hidden));
            prop(t, o, "open", "bool", cJSON_CreateBool(p->open));
        }
    }
    for (int i = 0; i < f->station_count; i++) {
        const station *s = &f->stations[i];
        object(t, objs, station_look_name(s->look), "station", TK_FIXTURE,
               frame_fixture_variant(s), s->x, s->y);
    }
    if (floor_in(f, f->entrance_x, f->entrance_y))
        object(t, objs, "entrance", "entrance", TK_ENTRANCE, 0, f->entrance_x, f->entrance_y);
    if (floor_in(f, f->goal_x, f->goal_y))
        object(t, objs, "goal", "goal", TK_GOAL, 0, f->goal_x, f->goal_y);
}

/* Monsters as tile objects on their starting squares (where a patrol stands at the
 * clock's start, so Tiled draws them where delve does). */
static void monsters_layer(tmj *t, cJSON *layers, const dfloor *f)
{
    cJSON *l = layer(t, layers, 3, "monsters", "objectgroup");
    cJSON *objs = l ? ok(t, cJSON_AddArrayToObject(l, "objects")) : NULL;
    if (!objs)
        return;
    str(t, l, "draworder", "index");
    for (int i = 0; i < f->monster_count; i++) {
        const monster *m = &f->monsters[i];
        cJSON *o = object(t, objs, "monster", "monster", TK_MONSTER,
                          (m->kind % TILE_MONSTER_KINDS) * 2 + (m->flying != 0), m->x, m->y);
        if (o)
            prop_int(t, o, "kind", m->kind);
    }
}

/* Items as points (they have no tile yet; Tiled shows a pin). */
static void items_layer(tmj *t, cJSON *layers, const dfloor *f)
{
    cJSON *l = layer(t, layers, 4, "items", "objectgroup");
    cJSON *objs = l ? ok(t, cJSON_AddArrayToObject(l, "objects")) : NULL;
    if (!objs)
        return;
    str(t, l, "draworder", "index");
    for (int i = 0; i < f->item_count; i++) {
        cJSON *o = object(t, objs, "item", "item", -1, 0, f->items[i].x, f->items[i].y);
        if (o)
            prop_int(t, o, "kind", f->items[i].kind);
    }
}

/* The tileset's "tiles": each Shoals ground tile's terrain (its type) and band. */
static void shore_tiles_json(tmj *t, cJSON *s, const dfloor *f)
{
    cJSON *arr = ok(t, cJSON_AddArrayToObject(s, "tiles"));
    for (int k = 0; arr && k < t->cut->count; k++) {
        cJSON *o = ok(t, cJSON_CreateObject());
        if (!o)
            return;
        cJSON_AddItemToArray(arr, o);
        int i = t->cut->from[k];
        num(t, o, "id", t->ts->tile_count + k);
        str(t, o, "type", shoals_terrain_name(f->terrain[i]));
        prop_str(t, o, "band", look_shore(shore_band_of(f, i, TILED_SHOALS_TIDE))->name);
    }
}

static void tileset(tmj *t, const dfloor *f, const char *image, int iw, int ih)
{
    cJSON *arr = ok(t, cJSON_AddArrayToObject(t->root, "tilesets"));
    cJSON *s = ok(t, cJSON_CreateObject());
    if (!arr || !s) {
        cJSON_Delete(s);
        return;
    }
    cJSON_AddItemToArray(arr, s);
    num(t, s, "firstgid", 1);
    str(t, s, "name", "delve");
    str(t, s, "image", image);
    num(t, s, "imagewidth", iw);
    num(t, s, "imageheight", ih);
    num(t, s, "tilewidth", t->z);
    num(t, s, "tileheight", t->z);
    num(t, s, "tilecount", t->ts->tile_count + (t->cut ? t->cut->count : 0));
    num(t, s, "columns", TILED_COLUMNS);
    num(t, s, "margin", 0);
    num(t, s, "spacing", 0);
    if (t->cut)
        shore_tiles_json(t, s, f);
}

/* Paints every tile of the set, then cut's tiles (when not NULL), into a
 * TILED_COLUMNS-wide sheet (transparent where a tile is transparent or smaller than a
 * square). */
static delve_status tiles_sheet(tile_set *ts, const shore_cut *cut, canvas *c, delve_err *err)
{
    int z = ts->zoom, count = ts->tile_count + (cut ? cut->count : 0);
    int rows = (count + TILED_COLUMNS - 1) / TILED_COLUMNS;
    delve_status st = canvas_init(c, TILED_COLUMNS * z, rows * z, err);
    for (int k = 0; !st && k < TK_COUNT; k++)
        for (int v = 0; v < tiles_variants((tile_kind)k); v++) {
            const canvas *tile = tiles_get(ts, (tile_kind)k, v);
            int i = ts->first[k] + v;
            if (!tile) {
                canvas_free(c);
                return delve_fail(err, DELVE_ENOMEM, "out of memory painting tiles");
            }
            canvas cell = canvas_view(c, (i % TILED_COLUMNS) * z, (i / TILED_COLUMNS) * z, z, z);
            canvas_blit(&cell, tile, 0, 0, 0);
        }
    for (int k = 0; !st && cut && k < cut->count; k++) {
        int i = ts->tile_count + k, sq = cut->from[k], w = cut->ground.w / z;
        canvas tile = canvas_view(&cut->ground, sq % w * z, sq / w * z, z, z);
        canvas cell = canvas_view(c, (i % TILED_COLUMNS) * z, (i / TILED_COLUMNS) * z, z, z);
        canvas_blit(&cell, &tile, 0, 0, 0);
    }
    return st;
}

static void map_fields(tmj *t, const dfloor *f, uint64_t seed, int floors)
{
    char buf[32];
    str(t, t->root, "type", "map");
    str(t, t->root, "version", "1.8");
    str(t, t->root, "tiledversion", "1.8.2");
    str(t, t->root, "orientation", "orthogonal");
    str(t, t->root, "renderorder", "right-down");
    num(t, t->root, "width", f->w);
    num(t, t->root, "height", f->h);
    num(t, t->root, "tilewidth", t->z);
    num(t, t->root, "tileheight", t->z);
    ok(t, cJSON_AddBoolToObject(t->root, "infinite", 0));
    num(t, t->root, "compressionlevel", -1);
    num(t, t->root, "nextlayerid", 5);
    snprintf(buf, sizeof buf, "%llu", (unsigned long long)seed); /* past 2^53: a string */
    prop_str(t, t->root, "seed", buf);
    prop_int(t, t->root, "floor", f->index + 1);
    prop_int(t, t->root, "floors", floors);
    prop_str(t, t->root, "level_type", level_type_name((level_type)f->level_type));
    prop_int(t, t->root, "square_cm", FLOOR_SQUARE_CM);
    if (t->cut)
        prop_int(t, t->root, "tide", TILED_SHOALS_TIDE);
}

/* The map as JSON text (malloc'ed by cJSON), image naming the tileset file; t has its
 * tile set, zoom, seed and cut filled in. */
static delve_status build_json(tmj *t, const dfloor *f, int floors, const char *image, int iw,
                               int ih, char **text, delve_err *err)
{
    t->root = cJSON_CreateObject();
    t->next_id = 1;
    if (!t->root)
        return delve_fail(err, DELVE_ENOMEM, "out of memory");
    map_fields(t, f, t->seed, floors);
    cJSON *layers = ok(t, cJSON_AddArrayToObject(t->root, "layers"));
    if (layers) {
        terrain_layer(t, layers, f);
        things_layer(t, layers, f);
        monsters_layer(t, layers, f);
        items_layer(t, layers, f);
    }
    num(t, t->root, "nextobjectid", t->next_id);
    tileset(t, f, image, iw, ih);
    *text = t->oom ? NULL : cJSON_Print(t->root);
    cJSON_Delete(t->root);
    return *text ? DELVE_OK : delve_fail(err, DELVE_ENOMEM, "out of memory writing JSON");
}

int tiled_tileset_path(const char *tmj_path, char *png, size_t size)
{
    size_t n = strlen(tmj_path);
    if (n < 5 || strcmp(tmj_path + n - 4, ".tmj"))
        return 0;
    int len = snprintf(png, size, "%.*s-tiles.png", (int)(n - 4), tmj_path);
    return len > 0 && (size_t)len < size;
}

delve_status tiled_make(const dfloor *f, uint64_t seed, int floors, int zoom,
                        const char *tileset_name, char **json, canvas *sheet, delve_err *err)
{
    tile_set ts;
    shore_cut cut = { 0 };
    *json = NULL;
    *sheet = (canvas){ 0 };
    delve_status st = tiles_init(&ts, zoom, err);
    if (st)
        return st;
    tmj t = { .ts = &ts, .z = ts.zoom, .seed = seed,
              .cut = f->level_type == LT_SHOALS ? &cut : NULL };
    if (t.cut)
        st = shore_cut_make(&cut, f, ts.zoom, err);
    if (!st)
        st = tiles_sheet(&ts, t.cut, sheet, err);
    if (!st)
        st = build_json(&t, f, floors, tileset_name, sheet->w, sheet->h, json, err);
    if (st)
        canvas_free(sheet);
    shore_cut_free(&cut);
    tiles_free(&ts);
    return st;
}
