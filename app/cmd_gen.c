/* delve gen: generate a dungeon from a seed and print its floors as ASCII maps. */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/cli.h"
#include "base/fsio.h"
#include "base/textbuf.h"
#include "codecs/tmj.h"
#include "engine/dun.h"
#include "gen/gen.h"
#include "gen/opts.h"
#include "gen/shoals/shoals.h"
#include "gen/stored.h"
#include "render/frame.h"
#include "render/tiled.h"

static void help(void)
{
    printf("usage: delve gen [SETTINGS] [--format ascii|dun|heights|tmj] [-o FILE]\n\n"
           "Generates a dungeon and prints every floor as an ASCII map with a legend and a\n"
           "list of its things. --floor K prints floor K alone (generated alone, byte for\n"
           "byte the same as in the whole dungeon). -o writes to FILE instead of stdout\n"
           "(through a temporary file; -o - is stdout). --format dun writes the whole\n"
           "dungeon as a .dun file (docs/dun-format.md) instead of the maps.\n\n"
           "--format tmj -o FLOOR.tmj writes floor K (default 1) as a Tiled map (JSON,\n"
           "24 px tiles: a terrain layer, object layers for things, monsters and items) and\n"
           "its tileset FLOOR-tiles.png beside it, painted like delve's own view; open\n"
           "the .tmj in the Tiled map editor.\n\n"
           "DoomRL maps use '#' wall, '.' floor, '+' door, '=' fluid (the legend counts\n"
           "water, acid, lava); Shoals maps '#' deep water, '=' shallow, '.' floor, '^' high\n"
           "ground, and --format heights prints their raw heights (1 unit = 5 cm). With\n"
           "rising on (rooms), ';' is a curve mark, '\"' a stair, '`' a ramp, '$' a turning\n"
           "stair and '@' a spiral; --rising off gives the output from before rising, byte\n"
           "for byte. Stored rooms (--rooms DIR) are drawn and pinned, never touched after.\n\n"
           "example: delve gen --type caves --dlevel 12 --difficulty 3 --seed 5 --floors 1\n"
           "         delve gen --type shoals --islands=9 --seed 11 --floors 1\n");
}

enum { F_FORMAT, F_OUT };
static const cli_flag FLAGS[] = { { "format", 0, 1, "ascii dun heights tmj" },
                                  { "out", 'o', 1, CLI_FILES } };
const cli_spec cmd_gen_spec = { .cmd = "gen", .settings = OPTS_ALL, .flags = FLAGS,
                                .flag_count = 2, .help = help };

typedef struct gen_args {
    gen_opts o;
    int dun, heights, tmj;
    const char *out;
} gen_args;

static int parse(int argc, char **argv, gen_args *a)
{
    cli_args c;
    int rc = cli_parse(&cmd_gen_spec, argc, argv, &c);
    if (rc)
        return rc;
    const char *fmt = c.flag[F_FORMAT] ? c.flag[F_FORMAT] : "ascii";
    *a = (gen_args){ .o = c.o, .dun = !strcmp(fmt, "dun"), .heights = !strcmp(fmt, "heights"),
                     .tmj = !strcmp(fmt, "tmj") };
    if (strcmp(fmt, "ascii") && !a->dun && !a->heights && !a->tmj)
        return cli_usage_error("gen", "--format: '%s' is not ascii, dun, heights or tmj", fmt);
    a->out = c.flag[F_OUT] && strcmp(c.flag[F_OUT], "-") ? c.flag[F_OUT] : NULL;
    delve_err err = { "" };
    if (opts_check_floor(&a->o, a->o.floors, "--", &err))
        return cli_usage_error("gen", "%s", err.msg);
    if (a->dun && a->o.floor)
        return cli_usage_error("gen", "--floor with --format dun: a .dun file holds the "
                               "whole dungeon");
    if (a->tmj && !a->out)
        return cli_usage_error("gen", "--format tmj needs -o FLOOR.tmj");
    rc = a->out ? cli_file_out("gen", "-o", a->out) : EXIT_OK; /* before generating */
    char png[PATH_MAX];
    if (!rc && a->tmj && !tiled_tileset_path(a->out, png, sizeof png))
        return cli_usage_error("gen", "--format tmj -o %s: a Tiled map's name ends in .tmj",
                               a->out);
    return !rc && a->tmj ? cli_file_out("gen", "-o (its tileset)", png) : rc; /* its tileset too */
}

/* Appends floor k's map to b, after a blank line unless it is the first. */
static delve_status append_floor(const dungeon *d, int k, int heights, textbuf *b,
                                 delve_err *err)
{
    char *map = NULL;
    delve_status st = heights ? shoals_text_heights(d, k, &map, err)
                              : ascii_floor(d, k, &map, err);
    if (!st)
        textbuf_printf(b, "%s%s", b->len ? "\n" : "", map);
    free(map);
    return st;
}

/* The maps (or the .dun text) into b. */
static delve_status build_text(const gen_args *a, textbuf *b, delve_err *err)
{
    const gen_opts *o = &a->o;
    dungeon d;
    char *dun = NULL;
    delve_status st;
    if (o->floor) { /* floor K alone, in a dungeon whose other floors stay empty */
        st = dungeon_init(&d, o->seed, o->floors, err);
        if (!st)
            st = gen_floor_alone(o, o->floor - 1, &d.floors[o->floor - 1], err);
        if (!st)
            st = append_floor(&d, o->floor - 1, a->heights, b, err);
    } else {
        st = gen_dungeon(o, &d, err);
        if (!st && a->dun && !(st = dun_write(&d, o->seed, &dun, err)))
            textbuf_put(b, dun, strlen(dun));
        for (int k = 0; !st && !a->dun && k < d.floor_count; k++)
            st = append_floor(&d, k, a->heights, b, err);
    }
    free(dun);
    dungeon_free(&d);
    if (!st && (b->oom || !b->s))
        st = delve_fail(err, DELVE_ENOMEM, "out of memory for the maps");
    return st;
}

/* --format tmj: floor K (default 1) for the Tiled map editor (render/tiled.h), its
 * tileset beside it (codecs/tmj.h). */
static int write_tmj(const gen_args *a)
{
    dfloor f;
    delve_err err = { "" };
    int k = a->o.floor ? a->o.floor : 1;
    char png[PATH_MAX] = "", *json = NULL;
    canvas sheet = { 0 };
    delve_status st = gen_floor_alone(&a->o, k - 1, &f, &err);
    if (!st && (strlen(a->out) > 4000 || !tiled_tileset_path(a->out, png, sizeof png)))
        st = delve_fail(&err, DELVE_EINPUT, "%s: a Tiled map's name ends in .tmj", a->out);
    const char *slash = strrchr(png, '/');
    if (!st)
        st = tiled_make(&f, a->o.seed, a->o.floors, FRAME_ZOOM, slash ? slash + 1 : png,
                        &json, &sheet, &err);
    if (!st)
        st = tmj_write(a->out, png, json, &sheet, &err);
    free(json);
    canvas_free(&sheet);
    floor_free(&f);
    if (st)
        return cli_fail("gen", st, &err);
    printf("delve gen: %s and its tileset (seed %llu, floor %d of %d)\n", a->out,
           (unsigned long long)a->o.seed, k, a->o.floors);
    return EXIT_OK;
}

int cmd_gen(int argc, char **argv)
{
    gen_args a;
    stored_rooms *stored;
    int rc;
    if (!cli_ready("gen", parse(argc, argv, &a), &a.o, &stored, &rc))
        return rc;
    delve_err err = { "" };
    if (a.tmj) {
        rc = write_tmj(&a);
        stored_free(stored);
        return rc;
    }
    textbuf b = { 0 };
    delve_status st = build_text(&a, &b, &err);
    stored_free(stored);
    if (!st && a.out)
        st = fsio_write_atomic(a.out, b.s, b.len, &err);
    else if (!st && (fwrite(b.s, 1, b.len, stdout) != b.len || fflush(stdout) != 0))
        st = delve_fail(&err, DELVE_EIO, "cannot write the maps to standard output");
    textbuf_free(&b);
    return st ? cli_fail("gen", st, &err) : EXIT_OK;
}
