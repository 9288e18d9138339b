/* delve view: the command line of the SDL2 viewer (viewer/): its options parsed and
 * checked, then viewer_show, which uploads the very canvas that films and shots draw
 * once a frame, or with --headless draws the same view straight to a PNG. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app/cli.h"
#include "app/generator.h"
#include "gen/external.h"
#include "viewer/input.h"
#include "viewer/viewer.h"

static void help(void)
{
    printf("usage: delve view [FILE.dun [--unchecked]] [--film SCRIPT] [SETTINGS] [--font PATH]\n"
           "                  [--generator 'CMD {seed}' [--generator-shell]\n"
           "                  [--generator-timeout S]]\n"
           "                  [--load FILE.sav] [--save-to FILE.sav] [--headless]\n"
           "                  [--keys EVENTS] [--size WxH] [--screenshot OUT.png]\n"
           "       delve view --compare A.dun B.dun [OPTIONS]\n"
           "       delve view --compare [OPTIONS] [SETTINGS] -- B_SETTINGS\n\n"
           "Opens a resizable window on the dungeon of SCRIPT (default %s),\n"
           "or of the generator settings given (as for delve gen; they override the\n"
           "script's `dungeon` line), or of FILE.dun, with the script's party; --floor K\n"
           "opens on floor K; --load starts from a saved game (its dungeon rebuilt, the hole\n"
           "still open, the font still dry); --generator runs another program for the seed's\n"
           "dungeon (docs/generators.md), n and p run it for the next seed, and saving its\n"
           "script runs it again; a run past --generator-timeout S (default 30) is killed.\n"
           "  space      play / pause the film    . ,        one shot on / back\n"
           "  Home End   the film's start / end   1 2 4 8    speed\n"
           "  arrows     pan                      drag       pan with the mouse\n"
           "  + - wheel  zoom (round the mouse)   0          fit the floor to the window\n"
           "  PgUp/PgDn  floor up / down          f          follow the party\n"
           "  n p        next / previous seed     r          reload the script, .dun, save\n"
           "             (and by itself when one of them changes on disk)\n"
           "  c          copy the delve view and delve shot commands of this view\n"
           "  F12        write the window to shot-0001.png, shot-0002.png ... (never over one)\n"
           "  ?          the keys over the map (? again: off)\n"
           "  e          --film: the film's own frames (as delve film draws them) or the\n"
           "             viewer's view of its world\n"
           "  h i w l t k s  layers: heights, room ids, way links, pit landings, patrol\n"
           "             routes, check results, the tide on Shoals (listed in the panel)\n"
           "  v          side view of the stacked floors, cut along the row under the\n"
           "             mouse (else the party's); up/down move the cut, o turns it to\n"
           "             the column (and back), v the map again\n"
           "  Tab, d     --compare: show the other dungeon / ring the squares that differ\n"
           "  timeline   the strip under the map: click or drag to go to a shot\n"
           "  F5         save the game to --save-to (default %s)\n"
           "  mouse      a line about the square under it (pits, ways, heights, monsters)\n"
           "  Esc, q     quit\n"
           "A film that cannot go on (no pit on this floor) stops with its message on the\n"
           "status line; a dungeon the default film cannot start in opens exploring.\n"
           "--keys plays EVENTS first, as if typed: key names (a character,\n"
           "space, left, right, up, down, pgup, pgdn, home, end, tab, f5, f12, esc) and mouse\n"
           "events (move:X,Y press:X,Y release:X,Y wheel:N, resize:W,H with W,H as --size\n"
           "takes), space-separated.\n"
           "--screenshot writes the view the events end on (without --keys, the first frame)\n"
           "to OUT.png and quits; with --headless no window is opened (for machines without\n"
           "a display; the canvas is --size, default the film's frame): same pixels.\n"
           "Headless with --keys, the caption box's line is printed too (\"status: ...\").\n"
           "--compare opens two dungeons, A and B: two .dun files, or the settings given,\n"
           "then after -- the settings B has over them (options go before --):\n"
           "  delve view --compare --seed 5 --rising off -- --rising on\n"
           "Tab shows the other (the title and the status line say A or B); n p step both.\n"
           "--unchecked opens a .dun file that delve check refuses (by default the viewer\n"
           "refuses it too): its errors are on layer k.\n",
           FILM_DEFAULT_SCRIPT, REQUEST_SAVE_DEFAULT);
}

enum { F_FILM, F_FONT, F_SCREENSHOT, F_LOAD, F_SAVE_TO, F_HEADLESS, F_KEYS, F_SIZE,
       F_COMPARE, F_UNCHECKED, F_GENERATOR, F_GENERATOR_SHELL, F_GENERATOR_TIMEOUT, F_COUNT };
static const cli_flag FLAGS[] = {
    { "film", 0, 1, "*.film" }, { "font", 0, 1, CLI_FILES }, { "screenshot", 0, 1, "*.png" },
    { "load", 0, 1, "*.sav" }, { "save-to", 0, 1, "*.sav" }, { "headless", 0, 0, NULL },
    { "keys", 0, 1, NULL }, { "size", 0, 1, NULL }, { "compare", 0, 0, NULL },
    { "unchecked", 0, 0, NULL }, GENERATOR_FLAGS,
};
_Static_assert(sizeof FLAGS / sizeof FLAGS[0] == F_COUNT, "one row per flag");
const cli_spec cmd_view_spec = { .cmd = "view", .settings = OPTS_ALL, .flags = FLAGS,
                                 .flag_count = F_COUNT, .max_pos = 2, .help = help,
                                 .own_check = 1, .words = "*.dun" };
/* B's settings after `--` in `delve view --compare SETTINGS -- SETTINGS_B`. */
static const cli_spec SPEC_B = { .cmd = "view", .settings = OPTS_ALL, .help = help,
                                  .own_check = 1 };

/* The word "--" in argv (not argv[0]), or argc. */
static int dashes_at(int argc, char **argv)
{
    for (int i = 1; i < argc; i++)
        if (!strcmp(argv[i], "--"))
            return i;
    return argc;
}

/* B of --compare into b (a copy of a with B's file or settings): 0, or a usage error. */
static int parse_b(int argc, char **argv, int cut, const cli_args *c, request *a,
                   request *b)
{
    *b = *a;
    if (c->pos_count == 2 && cut == argc) {
        b->dun = c->pos[1];
        return EXIT_OK;
    }
    if (c->pos_count || a->load || cut == argc)
        return cli_usage_error("view", "--compare needs two dungeons: two .dun files, or "
                               "settings for A, then --, then B's (over A's)");
    char *tail[CLI_MAX_POS + 64];
    int n = 1;
    tail[0] = argv[0];
    for (int i = cut + 1; i < argc && n < (int)(sizeof tail / sizeof tail[0]); i++)
        tail[n++] = argv[i];
    cli_args cb;
    int rc = cli_parse(&SPEC_B, n, tail, &cb);
    if (rc)
        return rc;
    if (!cb.given)
        return cli_usage_error("view", "--compare: no settings after -- (B would be A)");
    opts_copy(&b->o, &cb.o, cb.given);
    b->given |= cb.given;
    return EXIT_OK;
}

/* --size WxH into a; 0, or a usage error. */
static int parse_size(const char *s, request *a)
{
    if (!s)
        return EXIT_OK;
    if (!request_size_parse(s, 'x', &a->size_w, &a->size_h))
        return cli_usage_error("view", "--size: '%s' is not WxH with " REQUEST_SIZE_RULE, s,
                               REQUEST_SIZE_RANGE);
    return EXIT_OK;
}

/* --generator 'CMD {seed}': its template split once; of the settings, the seed, floors
 * and floor apply (docs/generators.md). */
static int generator_args(request *a, const cli_args *c)
{
    external_gen g;
    int rc = generator_read("view", a->generator, c->flag[F_GENERATOR_SHELL] != NULL,
                            c->flag[F_GENERATOR_TIMEOUT], a->o.floors, 0, &g);
    if (rc || !a->generator)
        return rc;
    a->generator_shell = g.shell;
    a->generator_timeout_s = g.timeout_s;
    if (a->dun || a->load || a->compare)
        return cli_usage_error("view", "--generator makes the dungeon: not with %s",
                               a->compare ? "--compare" : a->dun ? "a .dun file" : "--load");
    if (a->given & ~(OPTS_BIT(OPTS_SEED) | OPTS_BIT(OPTS_FLOORS) | OPTS_BIT(OPTS_FLOOR)))
        return cli_usage_error("view", "--generator makes the dungeon: of the generator "
                               "settings only --seed, --floors and --floor apply");
    return EXIT_OK;
}

static int parse(int argc, char **argv, request *a, request *b)
{
    cli_args c;
    int cut = argc;
    memset(b, 0, sizeof *b);
    for (int i = 1; i < argc && strcmp(argv[i], "--"); i++)
        if (!strcmp(argv[i], "--compare"))
            cut = dashes_at(argc, argv);
    int rc = cli_parse(&cmd_view_spec, cut, argv, &c);
    if (rc)
        return rc;
    *a = (request){ .film = c.flag[F_FILM] ? c.flag[F_FILM] : film_default_script(),
                    .film_given = c.flag[F_FILM] != NULL,
                    .font = c.flag[F_FONT], .shot_path = c.flag[F_SCREENSHOT],
                    .load = c.flag[F_LOAD], .headless = c.flag[F_HEADLESS] != NULL,
                    .save_to = c.flag[F_SAVE_TO] ? c.flag[F_SAVE_TO] : REQUEST_SAVE_DEFAULT,
                    .keys = c.flag[F_KEYS], .dun = c.pos[0], .o = c.o, .given = c.given,
                    .compare = c.flag[F_COMPARE] != NULL,
                    .unchecked = c.flag[F_UNCHECKED] != NULL, .generator = c.flag[F_GENERATOR] };
    delve_err err = { "" };
    if (a->compare && (rc = parse_b(argc, argv, cut, &c, a, b)) != EXIT_OK)
        return rc;
    if (c.pos_count > 1 && !a->compare)
        return cli_usage_error("view", "one .dun file at a time ('%s' and '%s')", c.pos[0],
                               c.pos[1]);
    if (a->dun && a->load)
        return cli_usage_error("view", "a .dun file or --load, not both (a save names its "
                               "own dungeon)");
    if ((a->dun || a->load) && (a->given & ~OPTS_BIT(OPTS_FLOOR)))
        return cli_usage_error("view", "%s holds its own dungeon: no generator settings but "
                               "--floor", a->dun ? "a .dun file" : "a saved game");
    if ((rc = generator_args(a, &c)) != EXIT_OK)
        return rc;
    if (a->unchecked && !a->dun)
        return cli_usage_error("view", "--unchecked opens a .dun file that fails delve check: "
                               "name one");
    if (a->headless && !a->shot_path)
        return cli_usage_error("view", "--headless needs --screenshot OUT.png");
    if (a->shot_path && (rc = cli_file_out("view", "--screenshot", a->shot_path)) != EXIT_OK)
        return rc;
    if (a->keys && input_keys_check(a->keys, &err))
        return cli_usage_error("view", "%s", err.msg);
    return parse_size(c.flag[F_SIZE], a);
}

int cmd_view(int argc, char **argv)
{
    request a, b;
    int rc = parse(argc, argv, &a, &b);
    if (rc)
        return rc < 0 ? EXIT_OK : rc;
    char caption[SAY_LINE_MAX];
    delve_err err = { "" };
    delve_status st = viewer_show(&a, &b, caption, sizeof caption, &err);
    if (st)
        return cli_fail("view", st, &err);
    if (a.shot_path && a.headless && a.keys) /* what the caption box says, for scripts */
        printf("delve view: status: %s\n", caption);
    if (a.shot_path)
        printf("delve view: %s\n", a.shot_path);
    return EXIT_OK;
}
