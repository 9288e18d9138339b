/* delve shot: whole floors rendered without text, byte-identical across machines: one
 * floor (--seed N -o OUT.png) or a shot set (--seeds A-B -o DIR: one PNG per floor with
 * stable names and DIR/catalog.tsv, review/catalog.h) for goldens and `delve review`. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "app/cli.h"
#include "app/folder.h"
#include "app/generator.h"
#include "base/fsio.h"
#include "base/hash.h"
#include "base/lex.h"
#include "codecs/png.h"
#include "films/director.h"
#include "films/film.h"
#include "gen/check.h"
#include "gen/family.h"
#include "gen/gen.h"
#include "gen/opts.h"
#include "gen/stored.h"
#include "render/frame.h"
#include "render/side.h"
#include "review/catalog.h"
#include "review/diff.h"
#include "review/drawlist.h"
#include "review/review.h"
#include "sweep/shots.h"


typedef struct shot_args {
    gen_opts o;       /* o.floor: 1-based, 0 = every floor (sets only) */
    uint64_t seed_hi;
    int set;          /* 1: --seeds A-B (o.seed is A) */
    int jobs;         /* worker threads of a set; 0: one per core */
    int zoom;
    int side, row;    /* --side: the cross-section of every floor, cut along row (-1: default) */
    int by_col, col;  /* --col X: cut along column col instead */
    int win_w, win_h; /* --size: a window of the view, 0: the whole floor or picture */
    int at_x, at_y;   /* --centre (cm; -1: the floor's middle) or --at (px of the picture) */
    const char *out, *dun, *load;
    shots_images images; /* a set's PNGs: every floor, none, or a draw list's */
    const char *draw; /* --draw: the draw list's file */
    external_gen ext; /* --generator: ext.command set, else NULL */
    int argc;         /* the command line, for the catalog's provenance */
    char **argv;
} shot_args;

static void help(void)
{
    printf("usage: delve shot [SETTINGS] [--zoom PX] -o OUT.png\n"
           "       delve shot --side [--row Y | --col X] [SETTINGS] [--zoom PX] -o OUT.png\n"
           "       delve shot ... --size WxH [--centre X,Y | --side --at X,Y] -o OUT.png\n"
           "       delve shot --dun FILE.dun | --load FILE.sav [--floor K] [--zoom PX] -o OUT.png\n"
           "       delve shot --seeds A-B [SETTINGS] [--zoom PX] [--jobs N]\n"
           "                  [--no-images | --draw LIST] -o DIR\n"
           "       delve shot --generator 'CMD {seed}' [--generator-shell]\n"
           "                  [--generator-timeout S] [--floors F] --seed N | --seeds A-B ...\n\n"
           "Renders floor K (--floor, default 1) of the dungeon the settings make, whole, at\n"
           "PX pixels a square (default 24, 4..96), with no text, so the bytes are the same\n"
           "on every machine: a golden for CI. Every generator setting of 'delve gen' applies\n"
           "(Shoals floors at tide 0).\n"
           "--side draws every floor instead, from the side at its real depth (a depth\n"
           "ruler in metres on the left), cut along row Y of floor 1 (--row, default the\n"
           "row of floor 1's first pit, else of its entrance), or along column X (--col:\n"
           "the picture then runs down the rows); 1 m down is half a square.\n"
           "--size WxH draws a W x H window of it instead (what `delve view` shows in its\n"
           "map area; its c key prints the command): centred on --centre X,Y, in cm from\n"
           "the floor's top-left corner (default its middle), or with --side, the\n"
           "picture's pixel X,Y at the top-left corner (--at, default 0,0: the ruler and\n"
           "labels stay at the left, X scrolls the picture right of them; a picture\n"
           "shorter than the window is centred); --zoom then goes up to 128.\n"
           "--dun draws a .dun file's floor; --load a saved game's (open holes, dry\n"
           "stations and the party where the save left them).\n\n"
           "--seeds A-B renders a shot set: every floor of every seed A..B (at most %d\n"
           "seeds; only floor K with --floor) into DIR as\n"
           "seed-00000000000000000042-floor-01.png ... (names sort in seed, floor order), and\n"
           "DIR/catalog.tsv with one line per floor: seed, floor, level type, counts of\n"
           "rooms, pits, stations, ways and monsters, the importer's verdict ('ok', or\n"
           "'error: KIND,...; warning: KIND' as 'delve check' names them), then dlevel,\n"
           "doors, items, fluid squares, ways by kind, what rising laid and the floor's\n"
           "digest (its .dun text hashed: two floors with one digest are the same floor,\n"
           "square for square); '#' lines first\n"
           "name the command, settings, version, git revision and the shot and view lines\n"
           "that make each floor again (docs/catalog-format.md). A seed\n"
           "whose generation fails gets 'failed: why' lines and no PNGs. --jobs N: seeds on\n"
           "N threads (default: one per core; 1..%d); the bytes are the same for every N.\n"
           "Progress goes to stderr: one line kept up to date on a terminal, else at\n"
           "most 20 lines (every 5 %% of the seeds). Shot sets of parts of a range join\n"
           "with 'delve merge shots'. DIR is made whole beside itself and swapped in at\n"
           "the end: an earlier set there is replaced, not mixed with; a folder delve did\n"
           "not make is refused unless empty; Ctrl-C leaves DIR as it was. Compare two\n"
           "sets with 'delve review BASE HEAD -o REPORT'.\n"
           "--no-images writes the catalog alone, at the generator's speed; --draw LIST\n"
           "draws only the floors LIST names (lines 'SEED<tab>FLOOR', as the draw.tsv\n"
           "'delve review' writes for floors whose digests differ), every floor still\n"
           "in the catalog: a review of many seeds draws what changed, not every floor\n"
           "(a list holds at most %d floors and %d MiB).\n"
           "--generator draws another program's dungeons: CMD runs for each seed without\n"
           "a shell ({seed}, {floors}, {floor} and {out} filled; quoting as a shell's;\n"
           "--generator-shell runs it through sh) and prints a .dun on stdout or writes it\n"
           "to {out}. A run that fails (exit code, nothing printed, a bad .dun, past\n"
           "--generator-timeout S, default %d) is exit 2 naming the seed, the command and\n"
           "why; in a set, that seed's catalog lines say 'failed: why' and the set goes on.\n"
           "A set's catalog has the shot line that runs the generator again\n"
           "(docs/generators.md).\n", SHOTS_MAX_SEEDS, SHOTS_MAX_JOBS,
           DRAWLIST_MAX, (int)(DRAWLIST_MAX_BYTES >> 20), EXTERNAL_TIMEOUT_S);
}

enum { F_SEEDS, F_ZOOM, F_DUN, F_LOAD, F_OUT, F_SIDE, F_ROW, F_SIZE, F_CENTRE, F_AT, F_JOBS,
       F_COL, F_NO_IMAGES, F_DRAW, F_GENERATOR, F_GENERATOR_SHELL, F_GENERATOR_TIMEOUT, F_COUNT };
static const cli_flag FLAGS[] = {
    { "seeds", 0, 1, NULL }, { "zoom", 0, 1, NULL }, { "dun", 0, 1, "*.dun" },
    { "load", 0, 1, "*.sav" }, { "out", 'o', 1, CLI_FILES }, { "side", 0, 0, NULL },
    { "row", 0, 1, NULL }, { "size", 0, 1, NULL }, { "centre", 0, 1, NULL },
    { "at", 0, 1, NULL }, { "jobs", 0, 1, NULL }, { "col", 0, 1, NULL },
    { "no-images", 0, 0, NULL }, { "draw", 0, 1, CLI_FILES },
    GENERATOR_FLAGS,
};
_Static_assert(sizeof FLAGS / sizeof FLAGS[0] == F_COUNT, "one row per flag");
const cli_spec cmd_shot_spec = { .cmd = "shot", .settings = OPTS_ALL, .flags = FLAGS,
                                 .flag_count = F_COUNT, .help = help };

#define SHOT_ZOOM_MIN 4
#define SHOT_ZOOM_MAX 96

/* "A<sep>B" of two ints into *x, *y: 1, or 0 with a usage error said. */
static int int_pair(const char *opt, const char *s, char sep, int lo, int hi, int *x, int *y)
{
    if (lex_pair(s, sep, lo, hi, lo, hi, x, y))
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
    if (size && (int64_t)a->win_w * a->win_h > DIFF_MAX_PIXELS) /* as shots_floor's limit */
        return cli_usage_error("shot", "--size %dx%d: more pixels than delve diff compares "
                               "(%d Mpx)", a->win_w, a->win_h, DIFF_MAX_PIXELS >> 20);
    if (centre && !int_pair("--centre", centre, ',', -FLOOR_MAX_SIDE * FLOOR_SQUARE_CM,
                            FLOOR_MAX_SIDE * FLOOR_SQUARE_CM, &a->at_x, &a->at_y))
        return EXIT_USAGE;
    if (at && !int_pair("--at", at, ',', 0, CANVAS_MAX_SIDE, &a->at_x, &a->at_y))
        return EXIT_USAGE;
    if (a->side && size && !at)
        a->at_x = a->at_y = 0;
    return EXIT_OK;
}

/* --row Y or --col X: the side view's cut (a row by default). */
static int cut_args(const cli_args *c, shot_args *a)
{
    const char *row = c->flag[F_ROW], *col = c->flag[F_COL];
    if (row && !cli_int("shot", "--row", row, 0, FLOOR_MAX_SIDE - 1, &a->row))
        return EXIT_USAGE;
    if (col && !cli_int("shot", "--col", col, 0, FLOOR_MAX_SIDE - 1, &a->col))
        return EXIT_USAGE;
    a->by_col = col != NULL;
    if (row && col)
        return cli_usage_error("shot", "--row and --col are two cuts: give one");
    if ((row || col) && !a->side)
        return cli_usage_error("shot", "--%s cuts the side view: give --side too",
                               row ? "row" : "col");
    return EXIT_OK;
}

/* --generator 'CMD {seed}' and its flags: the dungeon comes from another program
 * (docs/generators.md); of the settings only --seed, --floors and --floor apply. */
static int generator_args(const cli_args *c, shot_args *a)
{
    const char *cmd = c->flag[F_GENERATOR];
    int rc = generator_read("shot", cmd, c->flag[F_GENERATOR_SHELL] != NULL,
                            c->flag[F_GENERATOR_TIMEOUT], a->o.floors,
                            a->set ? a->o.floor : a->o.floor ? a->o.floor : 1, &a->ext);
    if (rc || !cmd)
        return rc;
    if (a->dun || a->load)
        return cli_usage_error("shot", "--generator makes the dungeon: not with --%s",
                               a->dun ? "dun" : "load");
    if (c->given & ~(OPTS_BIT(OPTS_SEED) | OPTS_BIT(OPTS_FLOORS) | OPTS_BIT(OPTS_FLOOR)))
        return cli_usage_error("shot", "--generator makes the dungeon: of the generator "
                               "settings only --seed, --floors and --floor apply");
    return EXIT_OK;
}

/* Returns -1 after --help, else an exit code (EXIT_OK to go on). */
static int parse(int argc, char **argv, shot_args *a)
{
    cli_args c;
    int rc = cli_parse(&cmd_shot_spec, argc, argv, &c);
    if (rc)
        return rc;
    *a = (shot_args){ .o = c.o, .zoom = FRAME_ZOOM, .out = c.flag[F_OUT], .dun = c.flag[F_DUN],
                      .load = c.flag[F_LOAD], .argc = argc, .argv = argv,
                      .side = c.flag[F_SIDE] != NULL, .row = -1 };
    int seen_seed = (c.given & OPTS_BIT(OPTS_SEED)) != 0;
    if (c.flag[F_SEEDS] &&
        !(a->set = cli_seeds("shot", c.flag[F_SEEDS], SHOTS_MAX_SEEDS, &a->o.seed, &a->seed_hi)))
        return EXIT_USAGE;
    if (c.flag[F_ZOOM] && !cli_int("shot", "--zoom", c.flag[F_ZOOM], SHOT_ZOOM_MIN,
                                   c.flag[F_SIZE] ? FRAME_ZOOM_MAX : SHOT_ZOOM_MAX, &a->zoom))
        return EXIT_USAGE;
    if ((rc = cut_args(&c, a)))
        return rc;
    if (c.flag[F_JOBS] &&
        !cli_int("shot", "--jobs", c.flag[F_JOBS], 1, SHOTS_MAX_JOBS, &a->jobs))
        return EXIT_USAGE;
    if (c.flag[F_JOBS] && !a->set)
        return cli_usage_error("shot", "--jobs is for shot sets (--seeds A-B)");
    a->draw = c.flag[F_DRAW];
    a->images = c.flag[F_NO_IMAGES] ? SHOTS_NONE : a->draw ? SHOTS_DRAWN : SHOTS_ALL;
    if (c.flag[F_NO_IMAGES] && a->draw)
        return cli_usage_error("shot", "--no-images draws nothing, --draw FILE some floors: "
                               "give one");
    if (a->draw && a->out && cli_under_folder(a->draw, a->out)) /* replaced whole */
        return cli_usage_error("shot", "--draw %s: inside the set %s, which is replaced "
                               "whole: keep the list beside it", a->draw, a->out);
    if (a->images != SHOTS_ALL && !a->set)
        return cli_usage_error("shot", "--%s is for shot sets (--seeds A-B)",
                               a->draw ? "draw" : "no-images");
    rc = window_args(&c, a);
    if (rc)
        return rc;
    if (a->side && a->set)
        return cli_usage_error("shot", "--side draws one dungeon: --seed N, not --seeds");
    if (a->side && (c.given & OPTS_BIT(OPTS_FLOOR)))
        return cli_usage_error("shot", "--side draws every floor: no --floor (--row or --col "
                               "picks the cut)");
    if (seen_seed && a->set)
        return cli_usage_error("shot", "give --seed N or --seeds A-B, not both");
    if (a->dun && a->load)
        return cli_usage_error("shot", "--dun or --load, not both");
    if ((rc = generator_args(&c, a)))
        return rc;
    if ((a->dun || a->load) && (a->set || (c.given & ~OPTS_BIT(OPTS_FLOOR))))
        return cli_usage_error("shot", "--%s draws its own dungeon: no --seed, --seeds or "
                               "generator settings but --floor", a->dun ? "dun" : "load");
    if (cli_same_file(a->dun, a->out) || cli_same_file(a->load, a->out))
        return cli_usage_error("shot", "-o %s is the file it draws from: it would be "
                               "overwritten", a->out);
    if (!a->out)
        return cli_usage_error("shot", a->set ? "-o DIR is required" : "-o OUT.png is required");
    if (cli_out_not_stdout("shot", "-o", a->out)) /* a set's folder named "-" too */
        return EXIT_USAGE;
    if (!a->set && cli_file_out("shot", "-o", a->out)) /* before any floor is drawn */
        return EXIT_USAGE;
    delve_err err = { "" };
    if (a->set && catalog_command_check(a->argc, a->argv, &err)) /* its catalog's lines */
        return cli_usage_error("shot", "%s", err.msg);
    /* a file or a generator says how many floors there are: checked once it is read */
    if (!a->dun && !a->load && !a->ext.command &&
        opts_check_floor(&a->o, a->o.floors, "--", &err))
        return cli_usage_error("shot", "%s", err.msg);
    if (!a->set && !a->o.floor)
        a->o.floor = 1;
    return EXIT_OK;
}

/* Renders a --size window of floor k (or the side view) as `delve view` draws its map
 * area, without text, to file; prints its size. */
static delve_status shoot_window(const world *w, int k, const shot_args *a, delve_err *err)
{
    const dfloor *f = &w->dg.floors[k];
    frame_opts vo = frame_defaults();
    vo.hud = 0;
    vo.follow = 0;
    vo.cam_floor = k;
    vo.zoom = a->zoom;
    vo.cam_x_cm = a->at_x < 0 ? f->w * FLOOR_SQUARE_CM / 2 : a->at_x;
    vo.cam_y_cm = a->at_y < 0 ? f->h * FLOOR_SQUARE_CM / 2 : a->at_y;
    vo.side = a->side, vo.side_row = a->row, vo.side_x = a->at_x, vo.side_y = a->at_y;
    vo.side_by_col = a->by_col, vo.side_col = a->col;
    vo.side_pct = frame_hud_scale(a->win_w, a->win_h); /* as a film's frame of that size */
    side_layout l = { .row = -1 };
    if (a->side) { /* the cut row for the summary, and an --at on the picture */
        side_opts so = { .zoom = a->zoom, .row = a->row, .pct = vo.side_pct,
                         .by_col = a->by_col, .col = a->col };
        delve_status st = side_layout_of(&w->dg, &so, &l, err);
        if (st)
            return st;
        /* the ruler stays at the left: x scrolls the picture right of it */
        if (a->at_x >= l.w - l.x0 || a->at_y >= l.h)
            return delve_fail(err, DELVE_EINPUT, "--at %d,%d is off the side picture, which is "
                              "%d x %d px at --zoom %d with its %d px ruler (x below %d, y "
                              "below %d)", a->at_x, a->at_y, l.w, l.h, a->zoom, l.x0,
                              l.w - l.x0, l.h);
    }
    canvas c = { 0 };
    delve_status st = canvas_init(&c, a->win_w, a->win_h, err);
    if (!st)
        st = frame_render(&c, w, &vo, NULL, err);
    if (!st)
        st = png_write(a->out, &c, err);
    canvas_free(&c);
    if (!st && a->side)
        printf("delve shot: %s (%d x %d, seed %llu, side view of %d floor%s, %s %d)\n", a->out,
               a->win_w, a->win_h, (unsigned long long)w->dg.seed, w->dg.floor_count,
               w->dg.floor_count == 1 ? "" : "s", l.by_col ? "column" : "row",
               l.by_col ? l.col : l.row);
    else if (!st)
        printf("delve shot: %s (%d x %d, seed %llu, floor %d of %d)\n", a->out, a->win_w,
               a->win_h, (unsigned long long)w->dg.seed, k + 1, w->dg.floor_count);
    return st;
}

/* Renders the side view of w's dungeon (render/side.h) to file; prints its size. */
static delve_status shoot_side(const world *w, const shot_args *a, delve_err *err)
{
    side_opts so = { .zoom = a->zoom, .row = a->row, .by_col = a->by_col, .col = a->col,
                     .tide_raw = w->tide.on ? w->tide.last_raw : NULL };
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
        printf("delve shot: %s (%d x %d, seed %llu, side view of %d floor%s, %s %d)\n",
               a->out, l.w, l.h, (unsigned long long)w->dg.seed, w->dg.floor_count,
               w->dg.floor_count == 1 ? "" : "s", l.by_col ? "column" : "row",
               l.by_col ? l.col : l.row);
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

/* The world of --generator's dungeon for a's seed: its warning said, a dungeon in
 * which `delve check` finds an error refused as a .dun file is (family_load_dun). */
static delve_status generated_world(const shot_args *a, world *w, delve_err *err)
{
    delve_err warn = { "" };
    external_gen g = a->ext;
    folder_catch_signals(); /* Ctrl-C kills the generator's process group too */
    g.stop = folder_stop();
    delve_status st = shots_world_from(&a->o, &g, a->o.seed, w, &warn, err);
    if (warn.msg[0])
        fprintf(stderr, "delve shot: warning: %s\n", warn.msg);
    check_list l = { 0 };
    if (!st && !(st = family_check_dungeon(&w->dg, &l, err)) && l.errors) {
        char who[200];
        external_name(g.command, who, sizeof who);
        snprintf(who + strlen(who), sizeof who - strlen(who), " seed %llu",
                 (unsigned long long)a->o.seed);
        st = family_refuse_first(who, &l, err);
        world_free(w);
    }
    check_list_free(&l);
    if (st == DELVE_ESTOP)
        delve_fail(err, st, "%s; the generator's process group was killed", folder_stop_word());
    return st;
}

static int shot_one(const shot_args *a)
{
    world w;
    delve_err err = { "" };
    uint64_t seed = a->o.seed;
    int floors = a->o.floors, only = a->o.floor;
    delve_status st = a->dun || a->load ? file_world(a->dun, a->load, &w, &err)
                      : a->ext.command ? generated_world(a, &w, &err)
                                       : shots_world(&a->o, a->o.seed, &w, &err);
    if (st == DELVE_ESTOP)
        return fprintf(stderr, "delve shot: %s\n", err.msg), 128 + *folder_stop();
    if (st)
        return cli_fail("shot", st, &err);
    if (a->dun || a->load || a->ext.command) {
        seed = a->ext.command ? seed : w.dg.seed; /* the seed the generator ran for, not
                                                     the file's (often none: 0) */
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
    st = shots_floor(&w, only - 1, a->zoom, a->out, &err);
    int wpx, hpx;
    frame_floor_size(&w.dg.floors[only - 1], a->zoom, &wpx, &hpx);
    world_free(&w);
    if (st)
        return cli_fail("shot", st, &err);
    printf("delve shot: %s (%d x %d, seed %llu, floor %d of %d)\n", a->out, wpx, hpx,
           (unsigned long long)seed, only, floors);
    return EXIT_OK;
}

#define SHOT_PROGRESS_LINES 20 /* progress lines of a set at most when stderr is no
                                  terminal (CI logs): every 5 %, as delve film --progress */

/* A set's progress line on stderr. */
typedef struct set_told {
    int tty;  /* stderr is a terminal: one line kept up to date */
    int open; /* 1: that line is told but not ended (the set has not finished) */
    generator_warnings warned; /* --generator: seeds that wrote to stderr */
    long failed;               /* seeds that failed to generate */
} set_told;

/* Ends a progress line kept up to date, so a message starts a line of its own. */
static void end_line(set_told *t)
{
    if (t->tty && t->open)
        fputc('\n', stderr);
    t->open = 0;
}

/* A seed whose generator wrote to stderr and succeeded (app/generator.h). */
static void set_warn(void *ctx, uint64_t seed, const char *msg)
{
    set_told *t = ctx;
    end_line(t);
    generator_warn(&t->warned, seed, msg);
}

/* A seed that failed to generate: said on stderr, each one; the set goes on. */
static void set_failed(void *ctx, uint64_t seed, const char *why)
{
    set_told *t = ctx;
    (void)seed;
    end_line(t);
    t->failed++;
    fprintf(stderr, "delve shot: failed: %s\n", why);
}

/* "delve shot: seed S (I of N)" for each seed done, in seed order: on a terminal one
 * line rewritten in place; else every seed of a set of up to SHOT_PROGRESS_LINES seeds,
 * every k-th and the last of a larger one. */
static void set_progress(void *ctx, uint64_t seed, uint64_t done, uint64_t total)
{
    set_told *t = ctx;
    uint64_t every = (total + SHOT_PROGRESS_LINES - 1) / SHOT_PROGRESS_LINES;
    int last = done == total;
    t->open = !last;
    if (!t->tty && done % every && !last)
        return;
    fprintf(stderr, "%sdelve shot: seed %llu (%llu of %llu)%s", t->tty ? "\r" : "",
            (unsigned long long)seed, (unsigned long long)done, (unsigned long long)total,
            t->tty && !last ? "" : "\n");
}

/* The set's line on stdout: its shots, its catalog, and with --draw how many of the
 * list's floors the set holds (a list from another range or settings draws fewer). */
static void set_summary(const shot_args *a, int shots, const drawlist *dl, long failed)
{
    printf("delve shot: %d shot%s and %s/catalog.tsv (seeds %llu-%llu", shots,
           shots == 1 ? "" : "s", a->out,
           (unsigned long long)a->o.seed, (unsigned long long)a->seed_hi);
    if (a->images == SHOTS_NONE)
        printf("; no images: the catalog alone");
    else if (a->images == SHOTS_DRAWN && shots < dl->count)
        printf("; %s lists %d floor%s, %d not in this set", a->draw, dl->count,
               dl->count == 1 ? "" : "s", dl->count - shots);
    if (failed)
        printf("; %ld seed%s failed to generate: 'failed' lines in the catalog", failed,
               failed == 1 ? "" : "s");
    printf(")\n");
}

/* This build's id: FNV-1a 64 of the running executable's bytes, as 16 hex digits and a
 * newline; "" when it cannot be read (then nothing is reused). */
static void build_id(char *out, size_t size)
{
    char *bin = NULL;
    size_t len = 0;
    delve_err e = { "" };
    out[0] = '\0';
    if (!fsio_read_all("/proc/self/exe", 1u << 30, &bin, &len, &e))
        snprintf(out, size, "%016llx\n",
                 (unsigned long long)hash_fnv1a64(HASH_FNV1A64_BASIS, bin, len));
    free(bin);
}

/* With --draw: the catalog of the set in dir when this build made it (its build file
 * holds id), malloc'ed, else NULL: shots_run keeps its lines for the seeds the list
 * does not name. */
static char *reusable(const char *dir, const char *id)
{
    char p[4200], *text = NULL, *made = NULL;
    size_t len;
    delve_err e = { "" };
    snprintf(p, sizeof p, "%s/" SHOTS_BUILD_FILE, dir);
    if (!id[0] || fsio_read_all(p, 64, &made, &len, &e) || strcmp(made, id)) {
        free(made);
        return NULL;
    }
    free(made);
    snprintf(p, sizeof p, "%s/catalog.tsv", dir);
    if (fsio_read_all(p, REVIEW_MAX_CATALOG, &text, &len, &e))
        return NULL;
    return text;
}

/* The shot set of a (a->set) in a->out: the folder made whole and swapped in, the
 * summary line. Returns the exit code. */
static int shot_set(const shot_args *a)
{
    delve_err err = { "" };
    if (strlen(a->out) > 3000)
        return cli_usage_error("shot", "-o: folder name too long");
    int shots = 0;
    set_told told = { .tty = isatty(2), .warned = { .cmd = "shot" } };
    external_gen ext = a->ext;
    ext.stop = folder_stop(); /* a stop kills the generators' process groups */
    drawlist dl = { 0 };
    if (a->draw) { /* before the folder: a bad list leaves the set there as it was */
        delve_status st = drawlist_load(a->draw, &dl, &err);
        if (st)
            return cli_fail("shot", st == DELVE_EIO ? DELVE_EINPUT : st, &err);
    }
    outdir *od;
    int rc = folder_open(&od, "shot", a->out, a->argc, a->argv);
    if (rc) {
        drawlist_free(&dl);
        return rc;
    }
    char id[32], p[4200];
    build_id(id, sizeof id);
    char *reuse = a->draw ? reusable(a->out, id) : NULL; /* read under the folder's lock */
    shots_opts so = { .o = a->o, .seed_hi = a->seed_hi, .jobs = a->jobs, .zoom = a->zoom,
                      .images = a->images, .draw = &dl, .reuse = reuse, .argc = a->argc,
                      .argv = a->argv, .ext = a->ext.command ? &ext : NULL };
    shots_watch w = { .progress = set_progress, .warn = set_warn, .failed = set_failed,
                      .ctx = &told, .stop = folder_stop() };
    delve_status st = shots_run(&so, outdir_path(od), &w, &shots, &err);
    snprintf(p, sizeof p, "%s/" SHOTS_BUILD_FILE, outdir_path(od));
    if (!st && id[0])
        st = fsio_write_atomic(p, id, strlen(id), &err);
    free(reuse);
    if (told.tty && told.open) /* stopped: the error on a line of its own */
        fputc('\n', stderr);
    rc = folder_close(od, "shot", st, &err);
    if (!rc)
        set_summary(a, shots, &dl, told.failed);
    /* not one dungeon made: a CI job keeping the set must not go green on it */
    if (!rc && told.failed > 0 && (uint64_t)told.failed == a->seed_hi - a->o.seed + 1) {
        fprintf(stderr, "delve shot: every seed failed to generate (each said above)\n");
        rc = EXIT_DIFF;
    }
    generator_warnings_end(&told.warned);
    drawlist_free(&dl);
    return rc;
}

int cmd_shot(int argc, char **argv)
{
    shot_args a;
    stored_rooms *stored;
    int rc;
    if (!cli_ready("shot", parse(argc, argv, &a), &a.o, &stored, &rc))
        return rc;
    rc = a.set ? shot_set(&a) : shot_one(&a);
    stored_free(stored);
    return rc;
}
