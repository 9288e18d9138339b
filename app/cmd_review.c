/* delve review: the HTML report of what changed between two shot sets (render/review.h). */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "app/cli.h"
#include "app/folder.h"
#include "render/review.h"

static void help(void)
{
    printf("usage: delve review BASE_DIR HEAD_DIR -o REPORT_DIR [--threshold T] [--aa]\n\n"
           "Pairs the PNGs of two folders by their path below each folder (the folders are\n"
           "searched to %d levels; names starting with '.' and links are skipped), diffs\n"
           "each pair like 'delve diff' (exact unless --threshold T, 0..1 with up to 3\n"
           "decimals; --aa skips anti-aliased pixels, with a threshold only), diffs the two\n"
           "folders' catalog.tsv files line by line by seed and floor, and writes\n"
           "REPORT_DIR/index.html with before/, after/ and diff/ beside it: open it from\n"
           "any folder, no network needed. Changed pairs come first (before, diff, after\n"
           "side by side, and a slider or blink view), then added and removed files, then\n"
           "the unchanged ones (collapsed), then the catalog diff. REPORT_DIR is made whole\n"
           "beside itself and swapped in at the end, replacing only an empty folder or an\n"
           "earlier report; Ctrl-C leaves it as it was.\n\n"
           "Prints one summary line. Exit 0 when nothing changed, 1 when anything did,\n"
           "2 on bad input.\n\n"
           "  delve shot --seeds 1-100 -o old    # with the old build\n"
           "  delve shot --seeds 1-100 -o new    # with the new build\n"
           "  delve review old new -o review     # then open review/index.html\n",
           REVIEW_MAX_DEPTH);
}

/* "0", "1", "0.05", "1.000": T in 0..1 with up to 3 decimals, as thousandths. */
static int parse_threshold(const char *s, int *milli)
{
    if (!isdigit((unsigned char)s[0]) || s[0] > '1' || (s[1] && s[1] != '.'))
        return 0;
    int v = (s[0] - '0') * 1000, unit = 100;
    const char *p = s + 1;
    if (*p == '.') {
        if (!isdigit((unsigned char)p[1]))
            return 0;
        for (p++; isdigit((unsigned char)*p) && unit > 0; p++, unit /= 10)
            v += (*p - '0') * unit;
    }
    if (*p || v > 1000)
        return 0;
    *milli = v;
    return 1;
}

int cmd_review(int argc, char **argv)
{
    const char *dirs[2] = { NULL, NULL }, *out = NULL;
    int ndirs = 0;
    diff_opts o = diff_defaults();
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v;
        if (cli_is_help(a)) {
            help();
            return EXIT_OK;
        }
        if (!strcmp(a, "--aa")) {
            o.aa = 1;
        } else if (!strcmp(a, "-o") || !strcmp(a, "--threshold")) {
            if (!(v = cli_value("review", argc, argv, &i)))
                return EXIT_USAGE;
            if (a[1] == 'o')
                out = v;
            else if (!parse_threshold(v, &o.threshold_milli))
                return cli_usage_error("review", "--threshold: '%s' is not a number in 0..1 "
                                       "with at most 3 decimals", v);
        } else if (a[0] == '-' && a[1]) {
            return cli_usage_error("review", "unknown option '%s'", a);
        } else if (ndirs < 2) {
            dirs[ndirs++] = a;
        } else {
            return cli_usage_error("review", "unexpected argument '%s'", a);
        }
    }
    if (ndirs < 2)
        return cli_usage_error("review", "give BASE_DIR and HEAD_DIR");
    if (!out)
        return cli_usage_error("review", "-o REPORT_DIR is required");
    if (o.aa && o.threshold_milli < 0)
        return cli_usage_error("review", "--aa needs --threshold T");
    review_result r;
    delve_err err = { "" };
    outdir *od;
    int rc = folder_open(&od, "review", out, argc, argv);
    if (rc)
        return rc;
    delve_status st = review_run(dirs[0], dirs[1], outdir_path(od), &o, folder_stop(), &r,
                                 &err);
    if (!st && r.item_count == 0 && r.catalogs == 0) /* a mistyped pair must not pass in CI */
        st = delve_fail(&err, DELVE_EINPUT, "nothing to review: no PNG and no catalog.tsv in "
                        "%s or %s", dirs[0], dirs[1]);
    rc = folder_close(od, "review", st, &err);
    if (rc) {
        review_result_free(&r);
        return rc;
    }
    char sum[256];
    review_summary(&r, sum, sizeof sum);
    int n = (int)strlen(out);
    while (n > 1 && out[n - 1] == '/')
        n--;
    printf("%s; report: %.*s/index.html\n", sum, n, out);
    int changed = review_any_change(&r);
    review_result_free(&r);
    return changed ? EXIT_DIFF : EXIT_OK;
}
