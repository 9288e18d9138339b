/* delve shot: one whole floor rendered without text, byte-identical across machines. */
#include <stdio.h>
#include <string.h>

#include "app/cli.h"
#include "films/director.h"
#include "films/film.h"
#include "gen/gen.h"
#include "gen/shoals.h"
#include "render/png.h"
#include "render/view.h"

static void help(void)
{
    printf("usage: delve shot [--seed N] [--floors K] [--floor K] [--zoom PX]\n"
           "                  [--type T] [--dlevel D] [--islands N] -o OUT.png\n"
           "       delve shot --dun FILE.dun | --load FILE.sav [--floor K] [--zoom PX] -o OUT.png\n\n"
           "Renders floor K (default 1) of the dungeon from seed N, whole, at PX pixels a\n"
           "square (default 24), with no text, so the bytes are the same on every machine:\n"
           "a golden for CI. --dun draws a .dun file's floor; --load a saved game's (open\n"
           "holes, dry stations and the party where the save left them). --type, --dlevel\n"
           "and --islands as for delve gen (Shoals at tide 0).\n");
}

/* The world of a .dun file or a saved game, with the default party. */
static delve_status file_world(const char *dun, const char *load, world *w, delve_err *err)
{
    film_script fs;
    delve_status st = film_parse("shot", "", &fs, err);
    if (!st && dun)
        snprintf(fs.dun_file, sizeof fs.dun_file, "%s", dun);
    if (!st && load)
        snprintf(fs.save_file, sizeof fs.save_file, "%s", load);
    if (!st)
        st = director_build_world(&fs, w, err);
    film_free(&fs);
    return st;
}

int cmd_shot(int argc, char **argv)
{
    uint64_t seed = 1;
    int floors = 3, only = 1, zoom = VIEW_ZOOM, type = LT_ROOMS, dlevel = 1;
    int islands = SHOALS_ISLANDS;
    const char *out = NULL, *dun = NULL, *load = NULL;
    for (int i = 1; i < argc; i++) {
        const char *o = argv[i], *v;
        if (cli_is_help(o)) {
            help();
            return EXIT_OK;
        }
        if (strcmp(o, "--seed") && strcmp(o, "--floors") && strcmp(o, "--floor") &&
            strcmp(o, "--zoom") && strcmp(o, "-o") && strcmp(o, "--dun") && strcmp(o, "--load") &&
            strcmp(o, "--type") && strcmp(o, "--dlevel") && strcmp(o, "--islands"))
            return cli_usage_error("shot", "unknown option '%s'", o);
        if (!(v = cli_value("shot", argc, argv, &i)))
            return EXIT_USAGE;
        if ((!strcmp(o, "--seed") && !cli_u64("shot", o, v, &seed)) ||
            (!strcmp(o, "--floors") && !cli_int("shot", o, v, 1, DUNGEON_MAX_FLOORS, &floors)) ||
            (!strcmp(o, "--floor") && !cli_int("shot", o, v, 1, DUNGEON_MAX_FLOORS, &only)) ||
            (!strcmp(o, "--zoom") && !cli_int("shot", o, v, 4, 96, &zoom)) ||
            (!strcmp(o, "--dlevel") && !cli_int("shot", o, v, 1, GEN_MAX_DLEVEL, &dlevel)) ||
            (!strcmp(o, "--islands") && !cli_int("shot", o, v, 1, SHOALS_ISLANDS_MAX, &islands)))
            return EXIT_USAGE;
        if (!strcmp(o, "--type") &&
            (type = !strcmp(v, "doomrl") ? GEN_TYPE_DOOMRL : level_type_from_name(v)) == -1 &&
            strcmp(v, "doomrl"))
            return cli_usage_error("shot", "--type %s: not a level type (see delve gen --help)", v);
        if (!strcmp(o, "-o"))
            out = v;
        if (!strcmp(o, "--dun"))
            dun = v;
        if (!strcmp(o, "--load"))
            load = v;
    }
    if (!out)
        return cli_usage_error("shot", "-o OUT.png is required");
    if (dun && load)
        return cli_usage_error("shot", "--dun or --load, not both");
    if (only > floors && !dun && !load)
        return cli_usage_error("shot", "--floor %d: the dungeon has %d floors", only, floors);
    delve_err err = { "" };
    world w;
    delve_status st;
    if (dun || load) {
        if ((st = file_world(dun, load, &w, &err)))
            return cli_fail("shot", st, &err);
        seed = w.dg.seed;
        floors = w.dg.floor_count;
        if (only > floors) {
            world_free(&w);
            return cli_usage_error("shot", "--floor %d: the dungeon has %d floors", only, floors);
        }
    } else {
        gen_opts go = gen_defaults(seed);
        go.floors = floors;
        go.type = type;
        go.dlevel = dlevel;
        go.islands = islands;
        dungeon d;
        st = gen_dungeon(&go, &d, &err);
        if (st)
            return cli_fail("shot", st, &err);
        party p;
        film_default_party(&p);
        st = world_init(&w, &d, &p, &err);
        if (st) {
            dungeon_free(&d);
            return cli_fail("shot", st, &err);
        }
    }
    view_opts vo = view_defaults();
    vo.hud = 0;
    vo.whole_floor = 1;
    vo.follow = 0;
    vo.cam_floor = only - 1;
    vo.zoom = zoom;
    int wpx, hpx;
    view_floor_size(&w.dg.floors[only - 1], zoom, &wpx, &hpx);
    canvas c;
    st = canvas_init(&c, wpx, hpx, &err);
    if (!st)
        st = view_render(&c, &w, &vo, NULL, &err);
    if (!st)
        st = png_write(out, &c, &err);
    canvas_free(&c);
    world_free(&w);
    if (st)
        return cli_fail("shot", st, &err);
    printf("delve shot: %s (%d x %d, seed %llu, floor %d of %d)\n", out, wpx, hpx,
           (unsigned long long)seed, only, floors);
    return EXIT_OK;
}
