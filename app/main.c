/* delve: the command line. One file per subcommand; this one dispatches. */
#include <stdio.h>
#include <string.h>

#include "app/cli.h"
#include "codecs/png.h"
#include "revision.h" /* DELVE_REVISION: made at build time (cmake/revision.cmake) */

/* name, handler, one line of help */
static const struct {
    const char *name;
    cli_cmd_fn fn;
    const char *help;
} COMMANDS[] = {
    { "gen", cmd_gen, "generate a dungeon from a seed and print its floors" },
    { "film", cmd_film, "play a .film script and record frames, sheet.png, events.tsv" },
    { "view", cmd_view, "open the SDL2 viewer (or --headless --screenshot OUT.png)" },
    { "shot", cmd_shot, "render one whole floor to a PNG, without text (for goldens)" },
    { "sheet", cmd_sheet, "make a contact sheet again from a film's frames and events.tsv" },
    { "diff", cmd_diff, "compare two PNGs, write a diff image; exit 1 when they differ" },
    { "review", cmd_review, "diff two shot sets (PNGs and catalog.tsv) into an HTML report" },
    { "check", cmd_check, "run the importer's checks on a .dun file or on a range of seeds" },
    { "gallery", cmd_gallery, "one contact sheet of every DoomRL level type at a few dlevels" },
    { "stats", cmd_stats, "measures of generated floors over a range of seeds, per type" },
    { "merge", cmd_merge, "join the parts of a seed range run apart (shots, check, stats)" },
    { "settings", cmd_settings, "every generator setting: values, default, level types" },
};

static void usage(FILE *out)
{
    fprintf(out, "delve %s: dungeon generators, played and filmed\n\n"
                 "usage: delve COMMAND [options]   (delve COMMAND --help for more)\n\n",
            DELVE_VERSION);
    for (size_t i = 0; i < sizeof COMMANDS / sizeof COMMANDS[0]; i++)
        fprintf(out, "  %-8s %s\n", COMMANDS[i].name, COMMANDS[i].help);
    fprintf(out, "\nexit codes: 0 ok, 1 a difference or failed check, 2 bad usage or input\n");
}

int main(int argc, char **argv)
{
    png_tune_malloc();
    if (argc < 2) {
        usage(stderr);
        return EXIT_USAGE;
    }
    if (cli_is_help(argv[1]) || !strcmp(argv[1], "help")) {
        usage(stdout);
        return EXIT_OK;
    }
    if (!strcmp(argv[1], "--version") || !strcmp(argv[1], "version")) {
        if (argc > 2)
            return cli_usage_error(NULL, "%s takes nothing after it ('%s')", argv[1], argv[2]);
        /* the revision too: two builds of one version made from other trees differ */
        printf("delve %s (git %s)\n", DELVE_VERSION, DELVE_REVISION);
        return EXIT_OK;
    }
    for (size_t i = 0; i < sizeof COMMANDS / sizeof COMMANDS[0]; i++)
        if (!strcmp(argv[1], COMMANDS[i].name))
            return COMMANDS[i].fn(argc - 1, argv + 1);
    if (!strncmp(argv[1], "--version=", 10) || !strncmp(argv[1], "--help=", 7))
        return cli_usage_error(NULL, "%.*s takes no value ('%s')",
                               (int)strcspn(argv[1], "="), argv[1], argv[1]);
    if (argv[1][0] == '-') /* options follow their command: `delve film --help` */
        return cli_usage_error(NULL, "unknown option '%s' (the command comes first: "
                               "delve COMMAND [options])", argv[1]);
    return cli_usage_error(NULL, "unknown command '%s'", argv[1]);
}
