/* delve: the command line. One file per subcommand; this one dispatches. */
#include <stdio.h>
#include <string.h>

#include "app/cli.h"
#include "codecs/png.h"
#include "revision.h" /* DELVE_REVISION: made at build time (cmake/revision.cmake) */

/* name, handler, one line of help, options (cli.h) */
const cli_command cli_commands[] = {
    { "gen", cmd_gen, "generate a dungeon from a seed and print its floors", &cmd_gen_spec },
    { "film", cmd_film, "play a .film script and record frames, sheet.png, events.tsv",
      &cmd_film_spec },
    { "view", cmd_view, "open the SDL2 viewer (or --headless --screenshot OUT.png)",
      &cmd_view_spec },
    { "shot", cmd_shot, "render one whole floor to a PNG, without text (for goldens)",
      &cmd_shot_spec },
    { "sheet", cmd_sheet, "make a contact sheet again from a film's frames and events.tsv",
      &cmd_sheet_spec },
    { "diff", cmd_diff, "compare two PNGs, write a diff image; exit 1 when they differ",
      &cmd_diff_spec },
    { "review", cmd_review, "diff two shot sets (PNGs and catalog.tsv) into an HTML report",
      &cmd_review_spec },
    { "check", cmd_check, "run the importer's checks on a .dun file or on a range of seeds",
      &cmd_check_spec },
    { "gallery", cmd_gallery, "one contact sheet of every DoomRL level type at a few dlevels",
      &cmd_gallery_spec },
    { "stats", cmd_stats, "measures of generated floors over a range of seeds, per type",
      &cmd_stats_spec },
    { "merge", cmd_merge, "join the parts of a seed range run apart (shots, check, stats)",
      &cmd_merge_spec },
    { "settings", cmd_settings, "every generator setting: values, default, level types",
      &cmd_settings_spec },
    { "completion", cmd_completion, "print the bash, zsh or fish completion script for delve",
      &cmd_completion_spec },
};
const int cli_command_count = (int)(sizeof cli_commands / sizeof cli_commands[0]);

static void usage(FILE *out)
{
    fprintf(out, "delve %s: dungeon generators, played and filmed\n\n"
                 "usage: delve COMMAND [options]   (delve COMMAND --help for more)\n\n",
            DELVE_VERSION);
    for (int i = 0; i < cli_command_count; i++)
        fprintf(out, "  %-11s %s\n", cli_commands[i].name, cli_commands[i].help);
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
    for (int i = 0; i < cli_command_count; i++)
        if (!strcmp(argv[1], cli_commands[i].name))
            return cli_commands[i].fn(argc - 1, argv + 1);
    if (!strncmp(argv[1], "--version=", 10) || !strncmp(argv[1], "--help=", 7))
        return cli_usage_error(NULL, "%.*s takes no value ('%s')",
                               (int)strcspn(argv[1], "="), argv[1], argv[1]);
    if (argv[1][0] == '-') /* options follow their command: `delve film --help` */
        return cli_usage_error(NULL, "unknown option '%s' (the command comes first: "
                               "delve COMMAND [options])", argv[1]);
    return cli_usage_error(NULL, "unknown command '%s'", argv[1]);
}
