/* delve settings: the generator's settings table and the level-type registry as a user
 * reads them (or as TSV for scripts and tests): one name, range and default each, and
 * the families each applies to. */
#include <stdio.h>
#include <string.h>

#include "app/cli.h"
#include "gen/family.h"
#include "gen/opts.h"

static void help(void)
{
    printf("usage: delve settings [--format table|tsv]\n\n"
           "Lists every generator setting that gen, shot, view, stats, check, gallery and a\n"
           "film's `dungeon` line take (--key value or --key=value on a command line,\n"
           "key=value in a film): its values, its default, the families it applies to, and\n"
           "every level type. Giving a setting that does not apply to the level type is an\n"
           "error.\n");
}

/* "rooms", "doomrl and shoals", or "all" for the families setting id applies to. */
static void families(opts_id id, char *buf, size_t cap)
{
    size_t n = 0;
    int all = 1;
    buf[0] = '\0';
    for (int f = 0; f < FAMILY_COUNT; f++) {
        if (family_get((family_id)f)->settings & OPTS_BIT(id))
            n += (size_t)snprintf(buf + n, n < cap ? cap - n : 0, "%s%s", n ? "," : "",
                                  family_get((family_id)f)->name);
        else
            all = 0;
    }
    if (all)
        snprintf(buf, cap, "all");
}

static void values(const opts_row *r, char *buf, size_t cap)
{
    if (r->kind == OPTS_KIND_INT)
        snprintf(buf, cap, "%d..%d", r->lo, r->hi);
    else if (r->kind == OPTS_KIND_U64)
        snprintf(buf, cap, "0..18446744073709551615");
    else if (r->kind == OPTS_KIND_ON_OFF)
        snprintf(buf, cap, "on|off");
    else if (r->kind == OPTS_KIND_TYPE)
        snprintf(buf, cap, "a level type");
    else
        snprintf(buf, cap, "DIR (< %d bytes)", GEN_PATH_MAX);
}

enum { F_FORMAT };
static const cli_flag FLAGS[] = { { "format", 0, 1, "table tsv" } };
const cli_spec cmd_settings_spec = { .cmd = "settings", .flags = FLAGS, .flag_count = 1,
                                     .help = help };

int cmd_settings(int argc, char **argv)
{
    cli_args c;
    int rc = cli_parse(&cmd_settings_spec, argc, argv, &c);
    if (rc)
        return rc < 0 ? EXIT_OK : rc;
    const char *fmt = c.flag[F_FORMAT] ? c.flag[F_FORMAT] : "table";
    int tsv = !strcmp(fmt, "tsv");
    if (!tsv && strcmp(fmt, "table"))
        return cli_usage_error("settings", "--format: '%s' is not table or tsv", fmt);
    printf(tsv ? "key\tvalues\tdefault\tfamilies\thelp\n"
               : "  %-16s %-24s %-8s %-12s %s\n", "setting", "values", "default", "applies to",
           "what");
    for (int id = 0; id < OPTS_COUNT; id++) {
        const opts_row *r = opts_get((opts_id)id);
        char v[64], fam[64];
        values(r, v, sizeof v);
        families((opts_id)id, fam, sizeof fam);
        printf(tsv ? "%s\t%s\t%s\t%s\t%s\n" : "  --%-14s %-24s %-8s %-12s %s\n", r->key, v,
               r->dflt, fam, r->help);
    }
    if (tsv)
        return EXIT_OK;
    printf("\nlevel types (--type T):\n");
    for (int i = 0; i < family_type_count(); i++)
        printf("  %-12s %-7s %s\n", family_type_at(i)->name,
               family_get(family_type_at(i)->family)->name, family_type_at(i)->help);
    return EXIT_OK;
}
