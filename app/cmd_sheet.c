/* delve sheet: a contact sheet made again from a film's folder (frames/ and events.tsv),
 * with other columns or another pick of frames than the film's script asked for. */
#include <stdio.h>
#include <string.h>

#include "app/cli.h"
#include "app/folder.h"
#include "films/film.h"
#include "films/resheet.h"

#define SHEET_MAX_COLS 48  /* as a .film script's sheet columns */

static void help(void)
{
    printf("usage: delve sheet FILM_DIR -o SHEET.png [--columns N] [--pick P] [--title T]\n"
           "                  [--chart]\n\n"
           "Makes a captioned contact sheet from FILM_DIR/frames/frame_*.png and\n"
           "FILM_DIR/events.tsv (what `delve film` wrote), with the health chart (every\n"
           "member's health and power over the film, falls, heals, burns and deaths marked)\n"
           "above the cells. The header is the film's title (from the folder's marker, else\n"
           "the folder's name) unless --title gives another, with the seed and floors.\n"
           "--chart writes the chart alone, the same pixels as the sheet's band for the same\n"
           "--columns (of every frame and untitled: --pick and --title are refused with it).\n"
           "--pick is events (frames with an event, the default), every=N (events and every\n"
           "Nth frame) or all. A missing frame keeps its cell as a labelled blank; a frame\n"
           "that is there but is not a PNG that can be read is an error. A sheet that would\n"
           "pass 16000 px is split into SHEET-1.png, SHEET-2.png ...; the pages of an\n"
           "earlier sheet there that this one does not write again (SHEET.png after a split\n"
           "sheet, any SHEET-N.png past its last page) are removed, if they are PNG files,\n"
           "once the new pages are in place. Health bars are scaled to each member's\n"
           "highest health in the film (events.tsv has no maximum). Every page is made\n"
           "under a hidden name first and moved into place once all are made: Ctrl-C or a\n"
           "failure leaves the earlier sheet as it was.\n");
}

typedef struct sheet_args {
    const char *dir, *out, *title;
    int columns, pick_every, chart_only, picked;
    sheet_pick pick;
    cli_seen seen;          /* valued options taken, each once */
} sheet_args;

/* --pick's value into a: 1, else 0 with the one message said (a bad N of every=N is
 * cli_int's, anything else names the three picks). */
static int parse_pick(const char *v, sheet_args *a)
{
    if (!strncmp(v, "every=", 6)) {
        a->pick = PICK_EVERY;
        return cli_int("sheet", "--pick every=", v + 6, 1, 100000, &a->pick_every);
    }
    a->pick = !strcmp(v, "all") ? PICK_ALL : PICK_EVENTS;
    if (!strcmp(v, "events") || !strcmp(v, "all"))
        return 1;
    cli_usage_error("sheet", "--pick is events, every=N or all, not '%s'", v);
    return 0;
}

static int parse(int argc, char **argv, sheet_args *a)
{
    *a = (sheet_args){ .columns = 6, .pick = PICK_EVENTS };
    int plain = 0; /* after "--", a word is the folder */
    for (int i = 1; i < argc; i++) {
        const char *o = argv[i], *v;
        if (!plain && cli_is_help(o)) {
            help();
            return -1;
        }
        if (!plain && !strcmp(o, "--")) {
            plain = 1;
            continue;
        }
        if (!plain && !strcmp(o, "--chart")) {
            a->chart_only = 1;
            continue;
        }
        if (plain || o[0] != '-' || !o[1]) { /* "-" is a folder's name */
            if (a->dir)
                return cli_usage_error("sheet", "one film folder at a time");
            a->dir = o;
            continue;
        }
        if (strcmp(o, "-o") && strcmp(o, "--columns") && strcmp(o, "--pick") &&
            strcmp(o, "--title"))
            return cli_usage_error("sheet", "unknown option '%s'", o);
        if (!(v = cli_value("sheet", argc, argv, &i)) || cli_once("sheet", &a->seen, o, v))
            return EXIT_USAGE;
        if (!strcmp(o, "-o"))
            a->out = v;
        else if (!strcmp(o, "--title"))
            a->title = v;
        else if (!strcmp(o, "--columns") && !cli_int("sheet", o, v, 1, SHEET_MAX_COLS, &a->columns))
            return EXIT_USAGE;
        else if (!strcmp(o, "--pick") && !parse_pick(v, a))
            return EXIT_USAGE;
        a->picked |= !strcmp(o, "--pick");
    }
    if (a->chart_only && (a->picked || a->title)) /* the chart has every frame, no header */
        return cli_usage_error("sheet", "--chart draws the chart alone, of every frame and "
                               "with no title: %s would change nothing",
                               a->picked ? "--pick" : "--title");
    if (!a->dir || !a->out)
        return cli_usage_error("sheet", "needs a film folder and -o SHEET.png");
    char frames[4096], tsv[4096];
    snprintf(frames, sizeof frames, "%s/frames", a->dir);
    snprintf(tsv, sizeof tsv, "%s/events.tsv", a->dir);
    if (cli_in_folder(a->out, frames) || cli_same_file(tsv, a->out))
        return cli_usage_error("sheet", "-o %s would land among the frames or events it is "
                               "made from", a->out);
    return cli_file_out("sheet", "-o", a->out); /* before a frame is read */
}

/* parse's options */
static const cli_flag FLAGS[] = {
    { "out", 'o', 1, "*.png" }, { "columns", 0, 1, NULL },
    { "pick", 0, 1, "events every= all" }, { "title", 0, 1, NULL }, { "chart", 0, 0, NULL },
};
const cli_spec cmd_sheet_spec = { .cmd = "sheet", .flags = FLAGS,
                                  .flag_count = sizeof FLAGS / sizeof FLAGS[0], .help = help,
                                  .words = CLI_DIRS };

int cmd_sheet(int argc, char **argv)
{
    sheet_args a;
    cli_words cw;
    int rc = cli_split_spec(&cmd_sheet_spec, argc, argv, &cw);
    if (rc)
        return rc;
    rc = parse(cw.n, cw.w, &a);
    cli_words_free(&cw);
    if (rc)
        return rc < 0 ? EXIT_OK : rc;
    delve_err err = { "" };
    if (strlen(a.dir) >= FILM_PATH_MAX || strlen(a.out) >= FILM_PATH_MAX)
        return cli_usage_error("sheet", "a path is longer than %d bytes", FILM_PATH_MAX - 1);
    folder_catch_signals();
    resheet_opts o = { .dir = a.dir, .out = a.out, .title = a.title, .columns = a.columns,
                       .pick = a.pick, .pick_every = a.pick_every,
                       .chart_only = a.chart_only, .stop = folder_stop() };
    resheet_result r;
    delve_status st = resheet_make(&o, &r, &err);
    if (st && *folder_stop())
        return folder_interrupted("sheet", a.out);
    if (st)
        return cli_fail("sheet", st, &err);
    if (a.chart_only)
        printf("delve sheet: %s (the chart of %d frames)\n", a.out, r.frames);
    else
        printf("delve sheet: %s%s (%d frames of %d)\n", a.out,
               r.pages > 1 ? " split in pages" : "", r.picked, r.frames);
    return EXIT_OK;
}
