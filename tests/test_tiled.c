/* tiled (render/tiled.h): the .tmj export read back with cJSON: map and tileset fields,
 * visible/opacity on every layer and object (Tiled hides what lacks them), one gid per
 * square inside the tileset, things as tile objects on their squares, the tileset PNG's
 * size; a Shoals floor's ground tiles named and coloured by terrain. Tiled's own
 * renderer against delve's: tests/tiled.sh. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <cjson/cJSON.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/fsio.h"
#include "codecs/png.h"
#include "codecs/tmj.h"
#include "engine/floor.h"
#include "gen/gen.h"
#include "render/tiled.h"

static int get_int(const cJSON *o, const char *k)
{
    const cJSON *v = cJSON_GetObjectItem(o, k);
    assert_non_null(v);
    assert_true(cJSON_IsNumber(v));
    return v->valueint;
}

static const char *prop_str(const cJSON *o, const char *name)
{
    const cJSON *p;
    cJSON_ArrayForEach(p, cJSON_GetObjectItem(o, "properties"))
        if (!strcmp(cJSON_GetObjectItem(p, "name")->valuestring, name))
            return cJSON_GetObjectItem(p, "value")->valuestring;
    return NULL;
}

static void check_layer_shown(const cJSON *l)
{
    assert_true(cJSON_IsTrue(cJSON_GetObjectItem(l, "visible")));
    assert_int_equal(get_int(l, "opacity"), 1);
}

/* Checks every object of the things layer; returns how many there are. */
static int check_things(const cJSON *things, const dfloor *f, int tilecount)
{
    char want[32];
    int n = 0, entrance = 0;
    const cJSON *o;
    snprintf(want, sizeof want, "%d,%d", f->entrance_x, f->entrance_y);
    cJSON_ArrayForEach(o, cJSON_GetObjectItem(things, "objects")) {
        assert_true(cJSON_IsTrue(cJSON_GetObjectItem(o, "visible")));
        int gid = get_int(o, "gid"), x = get_int(o, "x"), y = get_int(o, "y");
        assert_in_range(gid, 1, tilecount);
        assert_int_equal(x % 24, 0);
        assert_int_equal(y % 24, 0);  /* bottom-left anchor: y is the square's bottom */
        if (!strcmp(cJSON_GetObjectItem(o, "type")->valuestring, "entrance")) {
            assert_string_equal(prop_str(o, "square"), want);
            assert_int_equal(x, f->entrance_x * 24);
            assert_int_equal(y, (f->entrance_y + 1) * 24);
            entrance++;
        }
        assert_int_equal(get_int(o, "id"), ++n);
    }
    assert_int_equal(entrance, 1);
    return n;
}

/* A floor exported at 24 px into a temporary folder as f.tmj and f-tiles.png, and its
 * map read back. */
typedef struct exported {
    char dir[32], tmj[64], png[64];
    dfloor f;
    cJSON *map;
} exported;

/* Floor f as a Tiled map and its tileset, written as tmj and png (whose file name the map
 * names), as `delve gen --format tmj` does: want is tmj_write's status. */
static void export_pair(const dfloor *f, const gen_opts *o, const char *tmj, const char *png,
                        delve_status want)
{
    delve_err err = { "" };
    char *json;
    canvas sheet;
    assert_int_equal(tiled_make(f, o->seed, o->floors, 24, strrchr(png, '/') + 1, &json,
                                &sheet, &err), DELVE_OK);
    assert_int_equal(tmj_write(tmj, png, json, &sheet, &err), want);
    free(json);
    canvas_free(&sheet);
}

/* Generates floor 1 of o's dungeon and exports it into e. */
static void export_floor(exported *e, const gen_opts *o)
{
    delve_err err = { "" };
    snprintf(e->dir, sizeof e->dir, "/tmp/delve-tiled-XXXXXX");
    assert_non_null(mkdtemp(e->dir));
    snprintf(e->tmj, sizeof e->tmj, "%s/f.tmj", e->dir);
    snprintf(e->png, sizeof e->png, "%s/f-tiles.png", e->dir);
    assert_int_equal(gen_floor_alone(o, 0, &e->f, &err), DELVE_OK);
    export_pair(&e->f, o, e->tmj, e->png, DELVE_OK);
    char *text;
    size_t len;
    assert_int_equal(fsio_read_all(e->tmj, 1 << 22, &text, &len, &err), DELVE_OK);
    e->map = cJSON_Parse(text);
    free(text);
    assert_non_null(e->map);
}

static void exported_free(exported *e)
{
    cJSON_Delete(e->map);
    floor_free(&e->f);
    unlink(e->tmj);
    unlink(e->png);
    rmdir(e->dir);
}

static void test_export_reads_back(void **state)
{
    (void)state;
    exported e;
    gen_opts o = gen_defaults(58);
    export_floor(&e, &o);
    const cJSON *m = e.map;
    const dfloor f = e.f;
    delve_err err = { "" };
    assert_string_equal(cJSON_GetObjectItem(m, "orientation")->valuestring, "orthogonal");
    assert_int_equal(get_int(m, "width"), 64);
    assert_int_equal(get_int(m, "height"), 40);
    assert_int_equal(get_int(m, "tilewidth"), 24);
    assert_string_equal(prop_str(m, "seed"), "58");
    const cJSON *ts = cJSON_GetArrayItem(cJSON_GetObjectItem(m, "tilesets"), 0);
    int tilecount = get_int(ts, "tilecount"), columns = get_int(ts, "columns");
    assert_string_equal(cJSON_GetObjectItem(ts, "image")->valuestring, "f-tiles.png");
    assert_int_equal(get_int(ts, "imagewidth"), columns * 24);
    assert_int_equal(get_int(ts, "imageheight"), (tilecount + columns - 1) / columns * 24);
    canvas c;
    assert_int_equal(png_read(e.png, &c, &err), DELVE_OK);
    assert_int_equal(c.w, get_int(ts, "imagewidth"));
    assert_int_equal(c.h, get_int(ts, "imageheight"));
    canvas_free(&c);
    const cJSON *layers = cJSON_GetObjectItem(m, "layers"), *l;
    assert_int_equal(cJSON_GetArraySize(layers), 4);
    cJSON_ArrayForEach(l, layers)
        check_layer_shown(l);
    const cJSON *data = cJSON_GetObjectItem(cJSON_GetArrayItem(layers, 0), "data"), *g;
    assert_int_equal(cJSON_GetArraySize(data), 64 * 40);
    cJSON_ArrayForEach(g, data)
        assert_in_range(g->valueint, 1, tilecount);
    int n = check_things(cJSON_GetArrayItem(layers, 1), &f, tilecount);
    assert_int_equal(n, f.way_count + f.pit_count + f.station_count + 2);
    const cJSON *mons = cJSON_GetObjectItem(cJSON_GetArrayItem(layers, 2), "objects");
    const cJSON *items = cJSON_GetObjectItem(cJSON_GetArrayItem(layers, 3), "objects"), *mo;
    assert_int_equal(cJSON_GetArraySize(mons), f.monster_count);
    assert_true(f.monster_count > 0);
    cJSON_ArrayForEach(mo, mons)
        assert_in_range(get_int(mo, "gid"), 1, tilecount);
    assert_int_equal(cJSON_GetArraySize(items), f.item_count);
    assert_int_equal(get_int(m, "nextobjectid"), n + f.monster_count + f.item_count + 1);
    char png[64];
    assert_int_equal(tiled_tileset_path("x.json", png, sizeof png), 0);
    assert_int_equal(tiled_tileset_path("x.tmj", png, sizeof png), 1);
    assert_string_equal(png, "x-tiles.png");
    exported_free(&e);
}

/* Mean of one channel (0 red, 2 blue) over tile id's cell of a tileset sheet. */
static int tile_mean(const canvas *c, int id, int columns, int z, int ch)
{
    long sum = 0;
    for (int y = 0; y < z; y++)
        for (int x = 0; x < z; x++)
            sum += canvas_at(c, id % columns * z + x, id / columns * z + y)[ch];
    return (int)(sum / (z * z));
}

/* Each square's terrain as a tile type: deep and shallow water, floor, high ground. */
static const char *want_type(int t)
{
    return t == T_DEEP ? "deep water" : t == T_SHALLOW ? "shallow water"
           : t == T_HIGH ? "high ground" : "floor";
}

/* Checks tile id, shown on a square of terrain t, against its tileset entry and picture. */
static void check_ground_tile(const cJSON *tiles, const canvas *sheet, int columns, int id,
                              int t)
{
    const cJSON *tile, *found = NULL;
    cJSON_ArrayForEach(tile, tiles)
        if (get_int(tile, "id") == id)
            found = tile;
    assert_non_null(found);
    assert_string_equal(cJSON_GetObjectItem(found, "type")->valuestring, want_type(t));
    assert_non_null(prop_str(found, "band"));
    int r = tile_mean(sheet, id, columns, 24, 0), b = tile_mean(sheet, id, columns, 24, 2);
    if (t == T_DEEP || t == T_SHALLOW)
        assert_true(b > r + 20);  /* water is blue */
    else
        assert_true(r > b);       /* sand, grass, high ground are not */
}

/* Seed 11's Shoals floor: every deep, shallow, floor and high square shows a tile the
 * tileset names by that terrain (with its band), blue for water; the view's tiles keep
 * their ids ahead of them. */
static void test_shoals_ground(void **state)
{
    (void)state;
    exported e;
    gen_opts o = gen_defaults(11);
    o.type = LT_SHOALS;
    o.floors = 1;
    export_floor(&e, &o);
    const cJSON *m = e.map;
    const dfloor f = e.f;
    delve_err err = { "" };
    const cJSON *ts = cJSON_GetArrayItem(cJSON_GetObjectItem(m, "tilesets"), 0);
    const cJSON *tiles = cJSON_GetObjectItem(ts, "tiles");
    int columns = get_int(ts, "columns"), tilecount = get_int(ts, "tilecount");
    canvas sheet;
    assert_int_equal(png_read(e.png, &sheet, &err), DELVE_OK);
    const cJSON *ground = cJSON_GetArrayItem(cJSON_GetObjectItem(m, "layers"), 0);
    const cJSON *data = cJSON_GetObjectItem(ground, "data");
    assert_int_equal(cJSON_GetArraySize(data), f.w * f.h);
    int seen[T_TERRAIN_COUNT] = { 0 };
    for (int i = 0; i < f.w * f.h; i++) {
        int id = cJSON_GetArrayItem(data, i)->valueint - 1;
        assert_in_range(id, tilecount - cJSON_GetArraySize(tiles), tilecount - 1);
        check_ground_tile(tiles, &sheet, columns, id, f.terrain[i]);
        seen[f.terrain[i]]++;
    }
    assert_true(seen[T_DEEP] && seen[T_SHALLOW] && seen[T_HIGH] && seen[T_FLOOR]);
    assert_int_equal(seen[T_DEEP] + seen[T_SHALLOW] + seen[T_HIGH] + seen[T_FLOOR], f.w * f.h);
    canvas_free(&sheet);
    exported_free(&e);
}

/* A map that cannot be written leaves no tileset either, nor a part of one: the pair or
 * nothing (a full disk left x-tiles.png alone). Here the map's name is a folder. */
static void test_export_pair_or_nothing(void **state)
{
    (void)state;
    char dir[32] = "/tmp/delve-tiled-XXXXXX", tmj[64], png[64];
    assert_non_null(mkdtemp(dir));
    snprintf(tmj, sizeof tmj, "%s/f.tmj", dir);
    snprintf(png, sizeof png, "%s/f-tiles.png", dir);
    assert_int_equal(mkdir(tmj, 0755), 0);
    gen_opts o = gen_defaults(1);
    o.seed = 58;
    dfloor f;
    delve_err err = { "" };
    assert_int_equal(gen_floor_alone(&o, 0, &f, &err), DELVE_OK);
    export_pair(&f, &o, tmj, png, DELVE_EIO);
    DIR *d = opendir(dir);
    assert_non_null(d);
    int entries = 0;
    for (struct dirent *e; (e = readdir(d));)
        entries += e->d_name[0] != '.';
    closedir(d);
    assert_int_equal(entries, 1); /* f.tmj, the folder, alone */
    floor_free(&f);
    rmdir(tmj);
    rmdir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_export_reads_back),
        cmocka_unit_test(test_export_pair_or_nothing),
        cmocka_unit_test(test_shoals_ground),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
