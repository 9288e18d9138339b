/* delve shot: whole floors rendered without text, byte-identical across machines: one
 * floor (--seed N -o OUT.png) or a shot set (--seeds A-B -o DIR: one PNG per floor with
 * stable names and DIR/catalog.tsv, gen/catalog.h) for goldens and `delve review`. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/cli.h"
#include "engine/fsio.h"
#include "engine/textbuf.h"
#include "films/director.h"
#include "films/film.h"
#include "gen/catalog.h"
#include "gen/check.h"
#include "gen/gen.h"
#include "gen/shoals/shoals.h"
#include "render/diff.h"
#include "render/png.h"
#include "render/view.h"

#define SHOT_MAX_SEEDS 1000  /* seeds in one set: 3000 PNGs, about a minute */

static void help(void)
{
    printf("usage: delve shot --seed N [--floors K] [--floor K] [--type T] [--zoom PX] -o OUT.png\n"
           "                  [--dlevel D] [--islands N] [--rising on|off]\n"
           "       delve shot --dun FILE.dun | --load FILE.sav [--floor K] [--zoom PX] -o OUT.png\n"
           "       delve shot --seeds A-B [--floors K] [--floor K] [--type T] [--zoom PX] -o DIR\n\n"
           "Renders floor K (default 1) of the dungeon from seed N, whole, at PX pixels a\n"
           "square (default 24), with no text, so the bytes are the same on every machine:\n"
           "a golden for CI. --type T asks the generator for level type T (rooms, normal,\n"
           "small-rooms, warehouse, city, caves, arena, maze, single, or doomrl: one per\n"
           "floor by its dlevel; see 'delve gen --help'; shoals at tide 0), --dlevel and\n"
           "--islands and --rising as for delve gen.\n"
           "--dun draws a .dun file's floor; --load a saved game's (open holes, dry\n"
           "stations and the party where the save left them).\n\n"
           "--seeds A-B renders a shot set: every floor of every seed A..B (at most %d\n"
           "seeds; only floor K with --floor) into DIR as seed-00042-floor-1.png ..., and\n"
           "DIR/catalog.tsv with one line per floor: seed, floor, level type, counts of\n"
           "rooms, pits, stations, ways and monsters, and the importer's verdict ('ok', or\n"
           "'error: KIND,...; warning: KIND' as 'delve check' names them). A seed\n"
           "whose generation fails gets 'failed: why' lines and no PNGs. Progress goes to\n"
           "stderr. Use a fresh DIR: files from an earlier set are left alone. Compare two\n"
           "sets with 'delve review BASE HEAD -o REPORT'.\n", SHOT_MAX_SEEDS);
}

typedef struct shot_args {
    uint64_t seed, seed_hi;
    int set;          /* 1: --seeds A-B */
    int floors, only; /* only: 1-based floor, 0 = every floor (sets only) */
    int zoom, type, dlevel, islands, rising;
    const char *out, *dun, *load;
} shot_args;

/* "A-B" with A <= B and at most SHOT_MAX_SEEDS seeds. */
static int parse_one(const char *o, const char *v, shot_args *a)
{
    if (!strcmp(o, "--seed"))
        return cli_u64("shot", o, v, &a->seed);
    if (!strcmp(o, "--seeds"))
        return (a->set = cli_seeds("shot", v, SHOT_MAX_SEEDS, &a->seed, &a->seed_hi));
    if (!strcmp(o, "--floors"))
        return cli_int("shot", o, v, 1, DUNGEON_MAX_FLOORS, &a->floors);
    if (!strcmp(o, "--floor"))
        return cli_int("shot", o, v, 1, DUNGEON_MAX_FLOORS, &a->only);
    if (!strcmp(o, "--zoom"))
        return cli_int("shot", o, v, 4, 96, &a->zoom);
    if (!strcmp(o, "--dlevel"))
        return cli_int("shot", o, v, 1, GEN_MAX_DLEVEL, &a->dlevel);
    if (!strcmp(o, "--islands"))
        return cli_int("shot", o, v, 1, SHOALS_ISLANDS_MAX, &a->islands);
    if (!strcmp(o, "--rising")) {
        if (strcmp(v, "on") && strcmp(v, "off")) {
            cli_usage_error("shot", "--rising %s: say on or off", v);
            return 0;
        }
        a->rising = !strcmp(v, "on");
        return 1;
    }
    if (!strcmp(o, "--type")) {
        a->type = !strcmp(v, "doomrl") ? GEN_TYPE_DOOMRL : level_type_from_name(v);
        if (a->type != -1 || !strcmp(v, "doomrl"))
            return 1;
        cli_usage_error("shot", "--type '%s': not a level type (rooms, normal, caves, ..., "
                        "doomrl)", v);
        return 0;
    }
    if (!strcmp(o, "--dun"))
        a->dun = v;
    else if (!strcmp(o, "--load"))
        a->load = v;
    else
        a->out = v; /* -o */
    return 1;
}

/* Returns -1 after --help, else an exit code (EXIT_OK to go on). */
static int parse(int argc, char **argv, shot_args *a)
{
    *a = (shot_args){ .seed = 1, .floors = 3, .zoom = VIEW_ZOOM, .type = LT_ROOMS,
                      .dlevel = 1, .islands = SHOALS_ISLANDS, .rising = 1 };
    int seen_seed = 0;
    for (int i = 1; i < argc; i++) {
        const char *o = argv[i], *v;
        if (cli_is_help(o)) {
            help();
            return -1;
        }
        if (strcmp(o, "--seed") && strcmp(o, "--seeds") && strcmp(o, "--floors") &&
            strcmp(o, "--floor") && strcmp(o, "--zoom") && strcmp(o, "--type") &&
            strcmp(o, "-o") && strcmp(o, "--dun") && strcmp(o, "--load") &&
            strcmp(o, "--dlevel") && strcmp(o, "--islands") && strcmp(o, "--rising"))
            return cli_usage_error("shot", "unknown option '%s'", o);
        if (!(v = cli_value("shot", argc, argv, &i)) || !parse_one(o, v, a))
            return EXIT_USAGE;
        seen_seed |= !strcmp(o, "--seed");
    }
    if (seen_seed && a->set)
        return cli_usage_error("shot", "give --seed N or --seeds A-B, not both");
    if (a->dun && a->load)
        return cli_usage_error("shot", "--dun or --load, not both");
    if ((a->dun || a->load) && (a->set || seen_seed))
        return cli_usage_error("shot", "--%s draws its own dungeon: no --seed or --seeds",
                               a->dun ? "dun" : "load");
    if (cli_same_file(a->dun, a->out) || cli_same_file(a->load, a->out))
        return cli_usage_error("shot", "-o %s is the file it draws from: it would be "
                               "overwritten", a->out);
    if (!a->out)
        return cli_usage_error("shot", a->set ? "-o DIR is required" : "-o OUT.png is required");
    if (a->only > a->floors && !a->dun && !a->load)
        return cli_usage_error("shot", "--floor %d: the dungeon has %d floors", a->only,
                               a->floors);
    if (!a->set && !a->only)
        a->only = 1;
    return EXIT_OK;
}

/* Renders floor k (0-based) of w, whole and without text, to file. */
static delve_status shoot(const world *w, int k, int zoom, const char *file, delve_err *err)
{
    view_opts vo = view_defaults();
    vo.hud = 0;
    vo.whole_floor = 1;
    vo.follow = 0;
    vo.cam_floor = k;
    vo.zoom = zoom;
    int wpx, hpx;
    view_floor_size(&w->dg.floors[k], zoom, &wpx, &hpx);
    if (wpx > DIFF_MAX_SIDE || hpx > DIFF_MAX_SIDE || (int64_t)wpx * hpx > DIFF_MAX_PIXELS)
        return delve_fail(err, DELVE_EINPUT, "floor %d at %d px a square is %d x %d px, more "
                          "than delve diff compares (%d a side, %d Mpx): use a smaller --zoom",
                          k + 1, zoom, wpx, hpx, DIFF_MAX_SIDE, DIFF_MAX_PIXELS >> 20);
    canvas c;
    delve_status st = canvas_init(&c, wpx, hpx, err);
    if (!st)
        st = view_render(&c, w, &vo, NULL, err);
    if (!st)
        st = png_write(file, &c, err);
    canvas_free(&c);
    return st;
}

/* Generates the dungeon for seed and puts the default party in it (world owns it). */
static delve_status make_world(const shot_args *a, uint64_t seed, world *w, delve_err *err)
{
    gen_opts go = gen_defaults(seed);
    go.floors = a->floors;
    go.type = a->type;
    go.dlevel = a->dlevel;
    go.islands = a->islands;
    go.rising = a->rising;
    dungeon d;
    delve_status st = gen_dungeon(&go, &d, err);
    if (st)
        return st;
    party p;
    film_default_party(&p);
    st = world_init(w, &d, &p, err);
    if (st)
        dungeon_free(&d);
    return st;
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

static int shot_one(const shot_args *a)
{
    world w;
    delve_err err = { "" };
    uint64_t seed = a->seed;
    int floors = a->floors;
    delve_status st = a->dun || a->load ? file_world(a->dun, a->load, &w, &err)
                                        : make_world(a, a->seed, &w, &err);
    if (st)
        return cli_fail("shot", st, &err);
    if (a->dun || a->load) {
        seed = w.dg.seed;
        floors = w.dg.floor_count;
        if (a->only > floors) {
            world_free(&w);
            return cli_usage_error("shot", "--floor %d: the dungeon has %d floors", a->only,
                                   floors);
        }
    }
    st = shoot(&w, a->only - 1, a->zoom, a->out, &err);
    int wpx, hpx;
    view_floor_size(&w.dg.floors[a->only - 1], a->zoom, &wpx, &hpx);
    world_free(&w);
    if (st)
        return cli_fail("shot", st, &err);
    printf("delve shot: %s (%d x %d, seed %llu, floor %d of %d)\n", a->out, wpx, hpx,
           (unsigned long long)seed, a->only, floors);
    return EXIT_OK;
}

/* Appends n bytes of s to the catalog's text. */
static delve_status append(textbuf *cat, const char *s, size_t n, delve_err *err)
{
    textbuf_put(cat, s, n);
    return cat->oom ? delve_fail(err, DELVE_ENOMEM, "out of memory") : DELVE_OK;
}

/* One seed of a set: its PNGs and catalog lines. A generator failure (DELVE_EFAIL) is a
 * verdict for the catalog, not an error; anything else stops the set. */
static delve_status shot_seed(const shot_args *a, uint64_t seed, textbuf *cat, int *shots,
                              delve_err *err)
{
    char line[CATALOG_LINE_MAX], file[4096];
    int lo = a->only ? a->only - 1 : 0, hi = a->only ? a->only - 1 : a->floors - 1;
    world w;
    delve_status st = make_world(a, seed, &w, err);
    if (st == DELVE_EFAIL) {
        for (int k = lo; k <= hi && st != DELVE_ENOMEM; k++)
            st = append(cat, line,
                        catalog_failed_line(seed, k + 1, a->type == GEN_TYPE_DOOMRL ? "doomrl"
                                            : level_type_name(a->type), err->msg, line,
                                            sizeof line), err);
        return st == DELVE_ENOMEM ? st : DELVE_OK;
    }
    if (st)
        return st;
    check_list found = { 0 };
    st = check_dungeon(&w.dg, &found, err); /* the importer's checks: the verdict column */
    for (int k = lo; k <= hi && !st; k++) {
        char verdict[300];
        snprintf(file, sizeof file, "%s/seed-%05llu-floor-%d.png", a->out,
                 (unsigned long long)seed, k + 1);
        st = shoot(&w, k, a->zoom, file, err);
        catalog_verdict(&found, k, verdict, sizeof verdict);
        if (!st)
            st = append(cat, line, catalog_floor_line(seed, &w.dg.floors[k], verdict, line,
                                                      sizeof line), err);
        *shots += !st;
    }
    check_list_free(&found);
    world_free(&w);
    return st;
}

static int shot_set(const shot_args *a)
{
    delve_err err = { "" };
    char file[4096];
    if (strlen(a->out) > 3000)
        return cli_usage_error("shot", "-o: folder name too long");
    textbuf cat = { 0 };
    int shots = 0;
    uint64_t count = a->seed_hi - a->seed + 1;
    delve_status st = fsio_mkdirs(a->out, &err);
    if (!st)
        st = append(&cat, CATALOG_HEADER "\n", strlen(CATALOG_HEADER) + 1, &err);
    for (uint64_t i = 0; i < count && !st; i++) {
        st = shot_seed(a, a->seed + i, &cat, &shots, &err);
        fprintf(stderr, "delve shot: seed %llu (%llu of %llu)\n",
                (unsigned long long)(a->seed + i), (unsigned long long)(i + 1),
                (unsigned long long)count);
    }
    snprintf(file, sizeof file, "%s/catalog.tsv", a->out);
    if (!st)
        st = fsio_write_atomic(file, cat.s, cat.len, &err);
    textbuf_free(&cat);
    if (st)
        return cli_fail("shot", st, &err);
    printf("delve shot: %d shots and %s (seeds %llu-%llu)\n", shots, file,
           (unsigned long long)a->seed, (unsigned long long)a->seed_hi);
    return EXIT_OK;
}

int cmd_shot(int argc, char **argv)
{
    shot_args a;
    int rc = parse(argc, argv, &a);
    if (rc)
        return rc < 0 ? EXIT_OK : rc;
    return a.set ? shot_set(&a) : shot_one(&a);
}
