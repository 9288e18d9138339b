/* delve shot: whole floors rendered without text, byte-identical across machines: one
 * floor (--seed N -o OUT.png) or a shot set (--seeds A-B -o DIR: one PNG per floor with
 * stable names and DIR/catalog.tsv, gen/catalog.h) for goldens and `delve review`. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/cli.h"
#include "app/folder.h"
#include "engine/fsio.h"
#include "films/director.h"
#include "films/film.h"
#include "gen/catalog.h"
#include "gen/check.h"
#include "gen/family.h"
#include "gen/gen.h"
#include "gen/opts.h"
#include "gen/stored.h"
#include "render/diff.h"
#include "render/png.h"
#include "render/side.h"
#include "render/view.h"

#define SHOT_MAX_SEEDS 1000  /* seeds in one set: 3000 PNGs, about a minute */

static void help(void)
{
    printf("usage: delve shot [SETTINGS] [--zoom PX] -o OUT.png\n"
           "       delve shot --side [--row Y] [SETTINGS] [--zoom PX] -o OUT.png\n"
           "       delve shot ... --size WxH [--centre X,Y | --side --at X,Y] -o OUT.png\n"
           "       delve shot --dun FILE.dun | --load FILE.sav [--floor K] [--zoom PX] -o OUT.png\n"
           "       delve shot --seeds A-B [SETTINGS] [--zoom PX] -o DIR\n\n"
           "Renders floor K (--floor, default 1) of the dungeon the settings make, whole, at\n"
           "PX pixels a square (default 24, 4..96), with no text, so the bytes are the same\n"
           "on every machine: a golden for CI. Every generator setting of 'delve gen' applies\n"
           "(Shoals floors at tide 0).\n"
           "--side draws every floor instead, from the side at its real depth (a depth\n"
           "ruler in metres on the left), cut along row Y of floor 1 (--row, default the\n"
           "row of floor 1's first pit, else of its entrance); 1 m down is half a square.\n"
           "--size WxH draws a W x H window of it instead (what `delve view` shows in its\n"
           "map area; its c key prints the command): centred on --centre X,Y, in cm from\n"
           "the floor's top-left corner (default its middle), or with --side, the\n"
           "picture's pixel X,Y at the top-left corner (--at, default 0,0); --zoom then\n"
           "goes up to 128.\n"
           "--dun draws a .dun file's floor; --load a saved game's (open holes, dry\n"
           "stations and the party where the save left them).\n\n"
           "--seeds A-B renders a shot set: every floor of every seed A..B (at most %d\n"
           "seeds; only floor K with --floor) into DIR as seed-00042-floor-1.png ..., and\n"
           "DIR/catalog.tsv with one line per floor: seed, floor, level type, counts of\n"
           "rooms, pits, stations, ways and monsters, the importer's verdict ('ok', or\n"
           "'error: KIND,...; warning: KIND' as 'delve check' names them), then dlevel,\n"
           "doors, items, fluid squares, ways by kind and what rising laid; '#' lines first\n"
           "name the command, settings, version, git revision and the shot and view lines\n"
           "that make each floor again (docs/catalog-format.md). A seed\n"
           "whose generation fails gets 'failed: why' lines and no PNGs. Progress goes to\n"
           "stderr. DIR is made whole beside itself and swapped in at the end: an earlier\n"
           "set there is replaced, not mixed with; a folder delve did not make is refused\n"
           "unless empty; Ctrl-C leaves DIR as it was. Compare two sets with\n"
           "'delve review BASE HEAD -o REPORT'.\n", SHOT_MAX_SEEDS);
}

enum { F_SEEDS, F_ZOOM, F_DUN, F_LOAD, F_OUT, F_SIDE, F_ROW, F_SIZE, F_CENTRE, F_AT, F_COUNT };
static const cli_flag FLAGS[] = {
    { "seeds", 0, 1 }, { "zoom", 0, 1 }, { "dun", 0, 1 }, { "load", 0, 1 }, { "out", 'o', 1 },
    { "side", 0, 0 }, { "row", 0, 1 }, { "size", 0, 1 }, { "centre", 0, 1 }, { "at", 0, 1 },
};
_Static_assert(sizeof FLAGS / sizeof FLAGS[0] == F_COUNT, "one row per flag");
static const cli_spec SPEC = { .cmd = "shot", .settings = OPTS_ALL, .flags = FLAGS,
                                .flag_count = F_COUNT, .help = help };

#define SHOT_ZOOM_MIN 4
#define SHOT_ZOOM_MAX 96

typedef struct shot_args {
    gen_opts o;       /* o.floor: 1-based, 0 = every floor (sets only) */
    uint64_t seed_hi;
    int set;          /* 1: --seeds A-B (o.seed is A) */
    int zoom;
    int side, row;    /* --side: the cross-section of every floor, cut along row (-1: default) */
    int win_w, win_h; /* --size: a window of the view, 0: the whole floor or picture */
    int at_x, at_y;   /* --centre (cm; -1: the floor's middle) or --at (px of the picture) */
    const char *out, *dun, *load;
    int argc;         /* the command line, for the catalog's provenance */
    char **argv;
} shot_args;

/* "A<sep>B" of two ints into *x, *y: 1, or 0 with a usage error said. */
static int int_pair(const char *opt, const char *s, char sep, int lo, int hi, int *x, int *y)
{
    int n = 0;
    char fmt[16];
    snprintf(fmt, sizeof fmt, "%%d%c%%d%%n", sep);
    if (sscanf(s, fmt, x, y, &n) == 2 && !s[n] && *x >= lo && *x <= hi && *y >= lo && *y <= hi)
        return 1;
    cli_usage_error("shot", "%s: '%s' is not A%cB with A and B in %d..%d", opt, s, sep, lo, hi);
    return 0;
}

/* --size, --centre, --at: a window of the view (as `delve view` draws its map area). */
static int window_args(const cli_args *c, shot_args *a)
{
    const char *size = c->flag[F_SIZE], *centre = c->flag[F_CENTRE], *at = c->flag[F_AT];
    a->at_x = a->at_y = centre ? 0 : -1;
    if (!size && (centre || at))
        return cli_usage_error("shot", "--%s places a window: give --size WxH too",
                               centre ? "centre" : "at");
    if ((centre && a->side) || (at && !a->side))
        return cli_usage_error("shot", "--centre places a floor's window, --at the side "
                               "view's (--side)");
    if (size && (a->set || !int_pair("--size", size, 'x', 1, CANVAS_MAX_SIDE, &a->win_w, &a->win_h)))
        return a->set ? cli_usage_error("shot", "--size draws one view: not with --seeds")
                      : EXIT_USAGE;
    if (centre && !int_pair("--centre", centre, ',', -FLOOR_MAX_SIDE * FLOOR_SQUARE_CM,
                            FLOOR_MAX_SIDE * FLOOR_SQUARE_CM, &a->at_x, &a->at_y))
        return EXIT_USAGE;
    if (at && !int_pair("--at", at, ',', 0, CANVAS_MAX_SIDE, &a->at_x, &a->at_y))
        return EXIT_USAGE;
    if (a->side && size && !at)
        a->at_x = a->at_y = 0;
    return EXIT_OK;
}

/* Returns -1 after --help, else an exit code (EXIT_OK to go on). */
static int parse(int argc, char **argv, shot_args *a)
{
    cli_args c;
    int rc = cli_parse(&SPEC, argc, argv, &c);
    if (rc)
        return rc;
    *a = (shot_args){ .o = c.o, .zoom = VIEW_ZOOM, .out = c.flag[F_OUT], .dun = c.flag[F_DUN],
                      .load = c.flag[F_LOAD], .argc = argc, .argv = argv,
                      .side = c.flag[F_SIDE] != NULL, .row = -1 };
    int seen_seed = (c.given & OPTS_BIT(OPTS_SEED)) != 0;
    if (c.flag[F_SEEDS] &&
        !(a->set = cli_seeds("shot", c.flag[F_SEEDS], SHOT_MAX_SEEDS, &a->o.seed, &a->seed_hi)))
        return EXIT_USAGE;
    if (c.flag[F_ZOOM] && !cli_int("shot", "--zoom", c.flag[F_ZOOM], SHOT_ZOOM_MIN,
                                   c.flag[F_SIZE] ? VIEW_ZOOM_MAX : SHOT_ZOOM_MAX, &a->zoom))
        return EXIT_USAGE;
    if (c.flag[F_ROW] && !cli_int("shot", "--row", c.flag[F_ROW], 0, FLOOR_MAX_SIDE - 1, &a->row))
        return EXIT_USAGE;
    rc = window_args(&c, a);
    if (rc)
        return rc;
    if (c.flag[F_ROW] && !a->side)
        return cli_usage_error("shot", "--row cuts the side view: give --side too");
    if (a->side && a->set)
        return cli_usage_error("shot", "--side draws one dungeon: --seed N, not --seeds");
    if (seen_seed && a->set)
        return cli_usage_error("shot", "give --seed N or --seeds A-B, not both");
    if (a->dun && a->load)
        return cli_usage_error("shot", "--dun or --load, not both");
    if ((a->dun || a->load) && (a->set || (c.given & ~OPTS_BIT(OPTS_FLOOR))))
        return cli_usage_error("shot", "--%s draws its own dungeon: no --seed, --seeds or "
                               "generator settings but --floor", a->dun ? "dun" : "load");
    if (cli_same_file(a->dun, a->out) || cli_same_file(a->load, a->out))
        return cli_usage_error("shot", "-o %s is the file it draws from: it would be "
                               "overwritten", a->out);
    if (!a->out)
        return cli_usage_error("shot", a->set ? "-o DIR is required" : "-o OUT.png is required");
    delve_err err = { "" };
    if (!a->dun && !a->load && opts_check_floor(&a->o, a->o.floors, "--", &err))
        return cli_usage_error("shot", "%s", err.msg);
    if (!a->set && !a->o.floor)
        a->o.floor = 1;
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

/* Renders a --size window of floor k (or the side view) as `delve view` draws its map
 * area, without text, to file; prints its size. */
static delve_status shoot_window(const world *w, int k, const shot_args *a, delve_err *err)
{
    const dfloor *f = &w->dg.floors[k];
    view_opts vo = view_defaults();
    vo.hud = 0;
    vo.follow = 0;
    vo.cam_floor = k;
    vo.zoom = a->zoom;
    vo.cam_x_cm = a->at_x < 0 ? f->w * FLOOR_SQUARE_CM / 2 : a->at_x;
    vo.cam_y_cm = a->at_y < 0 ? f->h * FLOOR_SQUARE_CM / 2 : a->at_y;
    vo.side = a->side, vo.side_row = a->row, vo.side_x = a->at_x, vo.side_y = a->at_y;
    canvas c = { 0 };
    delve_status st = canvas_init(&c, a->win_w, a->win_h, err);
    if (!st)
        st = view_render(&c, w, &vo, NULL, err);
    if (!st)
        st = png_write(a->out, &c, err);
    canvas_free(&c);
    if (!st)
        printf("delve shot: %s (%d x %d, seed %llu, %s%d of %d)\n", a->out, a->win_w, a->win_h,
               (unsigned long long)w->dg.seed, a->side ? "side view of floors 1.." : "floor ",
               a->side ? w->dg.floor_count : k + 1, w->dg.floor_count);
    return st;
}

/* Renders the side view of w's dungeon (render/side.h) to file; prints its size. */
static delve_status shoot_side(const world *w, const shot_args *a, delve_err *err)
{
    side_opts so = { .zoom = a->zoom, .row = a->row };
    side_layout l;
    delve_status st = side_layout_of(&w->dg, &so, &l, err);
    canvas c = { 0 };
    if (!st)
        st = canvas_init(&c, l.w, l.h, err);
    if (!st) {
        side_render(&c, &w->dg, &l);
        st = png_write(a->out, &c, err);
    }
    canvas_free(&c);
    if (!st)
        printf("delve shot: %s (%d x %d, seed %llu, side view of %d floors, row %d)\n",
               a->out, l.w, l.h, (unsigned long long)w->dg.seed, w->dg.floor_count, l.row);
    return st;
}

/* Generates the dungeon for seed and puts the default party in it (world owns it). */
static delve_status make_world(const shot_args *a, uint64_t seed, world *w, delve_err *err)
{
    gen_opts go = a->o;
    go.seed = seed;
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
    uint64_t seed = a->o.seed;
    int floors = a->o.floors, only = a->o.floor;
    delve_status st = a->dun || a->load ? file_world(a->dun, a->load, &w, &err)
                                        : make_world(a, a->o.seed, &w, &err);
    if (st)
        return cli_fail("shot", st, &err);
    if (a->dun || a->load) {
        seed = w.dg.seed;
        floors = w.dg.floor_count;
        if (only > floors) {
            world_free(&w);
            return cli_usage_error("shot", "--floor %d: the dungeon has %d floors", only,
                                   floors);
        }
    }
    if (a->win_w || a->side) {
        st = a->win_w ? shoot_window(&w, only - 1, a, &err) : shoot_side(&w, a, &err);
        world_free(&w);
        return st ? cli_fail("shot", st, &err) : EXIT_OK;
    }
    st = shoot(&w, only - 1, a->zoom, a->out, &err);
    int wpx, hpx;
    view_floor_size(&w.dg.floors[only - 1], a->zoom, &wpx, &hpx);
    world_free(&w);
    if (st)
        return cli_fail("shot", st, &err);
    printf("delve shot: %s (%d x %d, seed %llu, floor %d of %d)\n", a->out, wpx, hpx,
           (unsigned long long)seed, only, floors);
    return EXIT_OK;
}

/* Appends len bytes of s to the growing text *buf. */
static delve_status append(char **buf, size_t *len, const char *s, size_t n, delve_err *err)
{
    char *nb = realloc(*buf, *len + n + 1);
    if (!nb)
        return delve_fail(err, DELVE_ENOMEM, "out of memory");
    memcpy(nb + *len, s, n);
    *len += n;
    nb[*len] = '\0';
    *buf = nb;
    return DELVE_OK;
}

/* One seed of a set: its PNGs and catalog lines. A generator failure (DELVE_EFAIL) is a
 * verdict for the catalog, not an error; anything else stops the set. */
static delve_status shot_seed(const shot_args *a, const char *dir, uint64_t seed, char **cat,
                              size_t *len, int *shots, delve_err *err)
{
    char line[CATALOG_LINE_MAX], file[4096];
    int lo = a->o.floor ? a->o.floor - 1 : 0, hi = a->o.floor ? a->o.floor - 1 : a->o.floors - 1;
    world w;
    delve_status st = make_world(a, seed, &w, err);
    if (st == DELVE_EFAIL) {
        for (int k = lo; k <= hi && st != DELVE_ENOMEM; k++)
            st = append(cat, len, line,
                        catalog_failed_line(seed, k + 1, family_type_of(a->o.type)->name,
                                            err->msg, line, sizeof line), err);
        return st == DELVE_ENOMEM ? st : DELVE_OK;
    }
    if (st)
        return st;
    check_list found = { 0 };
    st = check_dungeon(&w.dg, &found, err); /* the importer's checks: the verdict column */
    for (int k = lo; k <= hi && !st; k++) {
        char verdict[300];
        snprintf(file, sizeof file, "%s/seed-%05llu-floor-%d.png", dir,
                 (unsigned long long)seed, k + 1);
        st = delve_stopped(folder_stop(), err);
        if (!st)
            st = shoot(&w, k, a->zoom, file, err);
        catalog_verdict(&found, k, verdict, sizeof verdict);
        if (!st)
            st = append(cat, len, line, catalog_floor_line(seed, &w.dg.floors[k], verdict,
                                                           line, sizeof line), err);
        *shots += !st;
    }
    check_list_free(&found);
    world_free(&w);
    return st;
}

/* The PNGs and catalog.tsv of every seed into dir (the set's temporary folder). */
static delve_status shoot_set(const shot_args *a, const char *dir, int *shots, delve_err *err)
{
    char file[4096];
    char *cat = NULL;
    size_t len = 0;
    uint64_t count = a->seed_hi - a->o.seed + 1;
    char head[CATALOG_HEAD_MAX];
    catalog_source src = { .argc = a->argc, .argv = a->argv, .o = &a->o, .seed_lo = a->o.seed,
                           .seed_hi = a->seed_hi, .zoom = a->zoom, .version = DELVE_VERSION,
                           .revision = DELVE_REVISION };
    delve_status st = catalog_head(&src, head, sizeof head, err);
    if (!st)
        st = append(&cat, &len, head, strlen(head), err);
    for (uint64_t i = 0; i < count && !st; i++) {
        st = shot_seed(a, dir, a->o.seed + i, &cat, &len, shots, err);
        fprintf(stderr, "delve shot: seed %llu (%llu of %llu)\n",
                (unsigned long long)(a->o.seed + i), (unsigned long long)(i + 1),
                (unsigned long long)count);
    }
    snprintf(file, sizeof file, "%s/catalog.tsv", dir);
    if (!st)
        st = fsio_write_atomic(file, cat, len, err);
    free(cat);
    return st;
}

static int shot_set(const shot_args *a, int argc, char **argv)
{
    delve_err err = { "" };
    if (strlen(a->out) > 3000)
        return cli_usage_error("shot", "-o: folder name too long");
    int shots = 0;
    outdir *od;
    int rc = folder_open(&od, "shot", a->out, argc, argv);
    if (rc)
        return rc;
    delve_status st = shoot_set(a, outdir_path(od), &shots, &err);
    rc = folder_close(od, "shot", st, &err);
    if (rc)
        return rc;
    printf("delve shot: %d shots and %s/catalog.tsv (seeds %llu-%llu)\n", shots, a->out,
           (unsigned long long)a->o.seed, (unsigned long long)a->seed_hi);
    return EXIT_OK;
}

int cmd_shot(int argc, char **argv)
{
    shot_args a;
    int rc = parse(argc, argv, &a);
    if (rc)
        return rc < 0 ? EXIT_OK : rc;
    delve_err err = { "" };
    stored_rooms *stored = NULL;
    if (stored_attach(&a.o, &stored, &err))
        return cli_fail("shot", DELVE_EINPUT, &err);
    rc = a.set ? shot_set(&a, argc, argv) : shot_one(&a);
    stored_free(stored);
    return rc;
}
