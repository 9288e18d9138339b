/* delve gen: generate a dungeon from a seed and print its floors as ASCII maps. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/cli.h"
#include "engine/dun.h"
#include "engine/fsio.h"
#include "gen/doomrl/doomrl.h"
#include "gen/gen.h"
#include "gen/shoals/shoals.h"
#include "gen/stored.h"
#include "render/tiled.h"
#include "render/view.h"

static void help(void)
{
    printf("usage: delve gen [--seed N] [--floors K] [--floor K]\n"
           "                 [--format ascii|dun|heights|tmj] [-o FILE] [--type T]\n"
           "                 [--dlevel D] [--difficulty 1..5] [--single-monster on|off]\n"
           "                 [--islands N] [--rising on|off] [--rooms DIR]\n\n"
           "Generates a dungeon of K floors (default 3) from seed N (default 1) and prints\n"
           "every floor as an ASCII map with a legend. --floor K prints floor K alone\n"
           "(generated alone, byte for byte the same as in the whole dungeon). -o writes\n"
           "to FILE instead of stdout (through a temporary file). --format dun writes the\n"
           "whole dungeon as a .dun file (docs/dun-format.md) instead of the maps.\n\n"
           "--format tmj -o FLOOR.tmj writes floor K (default 1) as a Tiled map (JSON,\n"
           "24 px tiles: a terrain layer, object layers for things, monsters and items) and\n"
           "its tileset FLOOR-tiles.png beside it, painted like delve's own view; open\n"
           "the .tmj in the Tiled map editor.\n\n"
           "--type picks the generator: rooms (rooms and corridors, the default) or a\n"
           "DoomRL level type of 78 x 20 squares: normal, small-rooms, warehouse, city,\n"
           "caves, arena, maze, single, or doomrl to pick one per floor by its dlevel.\n"
           "Floor K of a DoomRL dungeon has dlevel D + K - 1 (--dlevel D, default 1);\n"
           "--difficulty is DoomRL's 1 (ITYTD) .. 5 (N!), default 2. --single-monster on\n"
           "lets doomrl replace a floor past dlevel 15 by a single-monster floor 1 time in\n"
           "25 (off by default: the seed says it did not spawn yet). DoomRL maps use '#'\n"
           "wall, '.' floor, '+' door, '=' fluid (the legend counts water, acid, lava).\n\n"
           "--type shoals: heightmap islands (70x60, '#' deep, '=' shallow, '.' floor,\n"
           "'^' high ground) with --islands N of them (1-%d, default %d);\n"
           "--format heights prints their raw heights (1 unit = 5 cm).\n\n"
           "--rising on (the default, rooms only) lays every way up and down from one\n"
           "table of rates: corridor bends (';' a curve mark), sunk, raised and graded rooms\n"
           "whose ways in are stairs ('\"'), ramps ('`') or turning stairs ('$'), spirals\n"
           "within a floor and between floors ('@'). --rising off gives the output from\n"
           "before rising, byte for byte. --rooms DIR (e.g. assets/rooms) lets each rising\n"
           "try lay one of the stored rooms DIR/*.room into a room that holds it; its\n"
           "squares are drawn and pinned, never touched after.\n\n"
           "example: delve gen --type caves --dlevel 12 --difficulty 3 --seed 5 --floors 1\n"
           "         delve gen --type shoals --islands 9 --seed 11 --floors 1\n",
           SHOALS_ISLANDS_MAX, SHOALS_ISLANDS);
}

typedef struct gen_args {
    uint64_t seed;
    int floors, only, dun, heights;
    int type, dlevel, difficulty, single_monster, islands, rising;
    int tmj;  /* --format tmj */
    const char *out;
    const char *rooms;            /* --rooms DIR */
    const stored_rooms *stored;   /* read from rooms, or NULL */
} gen_args;

/* --type's value: a level type name or doomrl; shoals and the rest cannot be made yet. */
static int parse_type(const char *v, int *type)
{
    int doomrl = !strcmp(v, "doomrl"), t = doomrl ? GEN_TYPE_DOOMRL : level_type_from_name(v);
    if (!doomrl && t != LT_ROOMS && t != LT_SHOALS && !doom_is_type(t)) {  /* -1 too */
        cli_usage_error("gen", "--type %s: not one of rooms, normal, small-rooms, warehouse, "
                        "city, caves, arena, maze, single, doomrl, shoals", v);
        return 0;
    }
    *type = t;
    return 1;
}

static int parse_on_off(const char *opt, const char *v, int *out)
{
    if (strcmp(v, "on") && strcmp(v, "off")) {
        cli_usage_error("gen", "%s %s: say on or off", opt, v);
        return 0;
    }
    *out = !strcmp(v, "on");
    return 1;
}

/* The DoomRL options; 0 on a bad value (already reported). */
static int parse_doomrl(const char *o, const char *v, gen_args *a)
{
    if (!strcmp(o, "--type"))
        return parse_type(v, &a->type);
    if (!strcmp(o, "--dlevel"))
        return cli_int("gen", o, v, 1, GEN_MAX_DLEVEL, &a->dlevel);
    if (!strcmp(o, "--difficulty"))
        return cli_int("gen", o, v, 1, 5, &a->difficulty);
    if (!strcmp(o, "--single-monster"))
        return parse_on_off(o, v, &a->single_monster);
    if (!strcmp(o, "--islands"))
        return cli_int("gen", o, v, 1, SHOALS_ISLANDS_MAX, &a->islands);
    if (!strcmp(o, "--rising"))
        return parse_on_off(o, v, &a->rising);
    if (!strcmp(o, "--rooms"))
        a->rooms = v;
    return 1;
}

static int parse(int argc, char **argv, gen_args *a)
{
    int seen_islands = 0;
    *a = (gen_args){ .seed = 1, .floors = 3, .only = 0, .type = LT_ROOMS, .dlevel = 1,
                     .difficulty = 2, .islands = SHOALS_ISLANDS, .rising = 1 };
    for (int i = 1; i < argc; i++) {
        const char *o = argv[i], *v;
        if (cli_is_help(o)) {
            help();
            return -1;
        }
        if (o[0] != '-')
            return cli_usage_error("gen", "unexpected argument '%s'", o);
        int known = !strcmp(o, "--seed") || !strcmp(o, "--floors") || !strcmp(o, "--floor") ||
                    !strcmp(o, "--format") || !strcmp(o, "-o") || !strcmp(o, "--type") ||
                    !strcmp(o, "--dlevel") || !strcmp(o, "--difficulty") ||
                    !strcmp(o, "--single-monster") || !strcmp(o, "--islands") ||
                    !strcmp(o, "--rising") || !strcmp(o, "--rooms");
        if (!known)
            return cli_usage_error("gen", "unknown option '%s'", o);
        if (!(v = cli_value("gen", argc, argv, &i)))
            return EXIT_USAGE;
        if (!strcmp(o, "--seed") && !cli_u64("gen", o, v, &a->seed))
            return EXIT_USAGE;
        if (!strcmp(o, "--floors") && !cli_int("gen", o, v, 1, DUNGEON_MAX_FLOORS, &a->floors))
            return EXIT_USAGE;
        if (!strcmp(o, "--floor") && !cli_int("gen", o, v, 1, DUNGEON_MAX_FLOORS, &a->only))
            return EXIT_USAGE;
        if (!strcmp(o, "--format") && strcmp(v, "ascii") && strcmp(v, "dun") &&
            strcmp(v, "heights") && strcmp(v, "tmj"))
            return cli_usage_error("gen", "--format %s: ascii, dun, heights or tmj", v);
        if (!strcmp(o, "--format")) {
            a->dun = !strcmp(v, "dun");
            a->heights = !strcmp(v, "heights");
            a->tmj = !strcmp(v, "tmj");
        }
        if (!strcmp(o, "-o"))
            a->out = strcmp(v, "-") ? v : NULL; /* -o - is standard output */
        if (!parse_doomrl(o, v, a))
            return EXIT_USAGE;
        seen_islands |= !strcmp(o, "--islands");
    }
    if (seen_islands && a->type != LT_SHOALS)
        return cli_usage_error("gen", "--islands is for --type shoals");
    if (a->dun && a->only)
        return cli_usage_error("gen", "--floor with --format dun: a .dun file holds the "
                               "whole dungeon");
    if (a->tmj && !a->out)
        return cli_usage_error("gen", "--format tmj needs -o FLOOR.tmj");
    if (a->only > a->floors)
        return cli_usage_error("gen", "--floor %d: the dungeon has %d floors", a->only,
                               a->floors);
    return EXIT_OK;
}

static delve_status append(char **buf, size_t *len, const char *s, delve_err *err)
{
    size_t n = strlen(s);
    char *nb = realloc(*buf, *len + n + 1);
    if (!nb)
        return delve_fail(err, DELVE_ENOMEM, "out of memory");
    memcpy(nb + *len, s, n + 1);
    *len += n;
    *buf = nb;
    return DELVE_OK;
}

/* Appends floor k's map to *buf, after a blank line unless it is the first. */
static delve_status append_floor(const dungeon *d, int k, int heights, char **buf,
                                 size_t *len, delve_err *err)
{
    char *map = NULL;
    delve_status st = heights ? shoals_text_heights(d, k, &map, err)
                              : ascii_floor(d, k, &map, err);
    if (!st && *len)
        st = append(buf, len, "\n", err);
    if (!st)
        st = append(buf, len, map, err);
    free(map);
    return st;
}

/* The generator's options from the command line. */
static gen_opts gen_options(const gen_args *a)
{
    gen_opts o = gen_defaults(a->seed);
    o.floors = a->floors;
    o.type = a->type;
    o.dlevel = a->dlevel;
    o.difficulty = a->difficulty;
    o.single_monster = a->single_monster;
    o.islands = a->islands;
    o.rising = a->rising;
    o.stored = a->stored;
    return o;
}

static delve_status build_text(const gen_args *a, char **buf, size_t *len, delve_err *err)
{
    gen_opts o = gen_options(a);
    dungeon d;
    delve_status st;
    if (a->only) { /* floor K alone, in a dungeon whose other floors stay empty */
        st = dungeon_init(&d, a->seed, a->floors, err);
        if (!st)
            st = gen_floor_alone(&o, a->only - 1, &d.floors[a->only - 1], err);
        if (!st)
            st = append_floor(&d, a->only - 1, a->heights, buf, len, err);
    } else {
        st = gen_dungeon(&o, &d, err);
        if (!st && a->dun) {
            st = dun_write(&d, a->seed, buf, err);
            *len = st ? 0 : strlen(*buf);
        }
        for (int k = 0; !st && !a->dun && k < d.floor_count; k++)
            st = append_floor(&d, k, a->heights, buf, len, err);
    }
    dungeon_free(&d);
    return st;
}

/* --format tmj: floor K (default 1) for the Tiled map editor (render/tiled.h). */
static int write_tmj(const gen_args *a)
{
    gen_opts o = gen_options(a);
    dfloor f;
    delve_err err = { "" };
    int k = a->only ? a->only : 1;
    delve_status st = gen_floor_alone(&o, k - 1, &f, &err);
    if (!st)
        st = tiled_export(&f, a->seed, a->floors, VIEW_ZOOM, a->out, &err);
    floor_free(&f);
    if (st)
        return cli_fail("gen", st, &err);
    printf("delve gen: %s and its tileset (seed %llu, floor %d of %d)\n", a->out,
           (unsigned long long)a->seed, k, a->floors);
    return EXIT_OK;
}

int cmd_gen(int argc, char **argv)
{
    gen_args a;
    int rc = parse(argc, argv, &a);
    if (rc)
        return rc < 0 ? EXIT_OK : rc;
    delve_err err = { "" };
    stored_rooms *stored = NULL;
    if (a.rooms) { /* stored rooms for the rising tries (spec/rising.md) */
        delve_status ls = (stored = malloc(sizeof *stored)) ? stored_load(a.rooms, stored, &err)
                                                             : DELVE_ENOMEM;
        if (ls) {
            free(stored);
            return cli_fail("gen", ls, &err);
        }
        a.stored = stored;
    }
    if (a.tmj) {
        rc = write_tmj(&a);
        free(stored);
        return rc;
    }
    char *buf = NULL;
    size_t len = 0;
    delve_status st = build_text(&a, &buf, &len, &err);
    free(stored);
    if (!st && a.out)
        st = fsio_write_atomic(a.out, buf, len, &err);
    else if (!st && (fwrite(buf, 1, len, stdout) != len || fflush(stdout) != 0))
        st = delve_fail(&err, DELVE_EIO, "cannot write the maps to standard output");
    free(buf);
    return st ? cli_fail("gen", st, &err) : EXIT_OK;
}
