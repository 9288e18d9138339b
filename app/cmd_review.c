/* delve review: the HTML report of what changed between two shot sets (review/review.h),
 * its JSON and JUnit forms (review/ci.h), its Markdown summary (review/markdown.h) and the
 * distribution table (review/dist_review.h). docs/review.md describes them all. */
#define _XOPEN_SOURCE 700 /* realpath */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "app/cli.h"
#include "app/folder.h"
#include "base/fsio.h"
#include "review/ci.h"
#include "review/digest.h"
#include "review/dist_review.h"
#include "review/markdown.h"
#include "review/review.h"
#include "review/verdict.h"

#define REL_CAP 4096  /* bytes of a resolved path */

static void help(void)
{
    printf("usage: delve review BASE_DIR HEAD_DIR -o REPORT_DIR [--jobs N] [--threshold T]\n"
           "       [--aa] [--max-diff-pixels N] [--max-diff-ratio R]\n"
           "       [--format text|json|markdown] [--junit FILE] [--draw-cap N]\n\n"
           "Pairs the PNGs of two folders by their path below each folder (subfolders at any\n"
           "depth; names starting with '.' and links are skipped; with both catalogs, names\n"
           "left unpaired that give the same seed and floor pair too), compares\n"
           "each pair (files with the same bytes are the same without decoding; the others\n"
           "like 'delve diff': exact unless --threshold T, 0..1 with up to 3 decimals; --aa\n"
           "skips anti-aliased pixels, with a threshold only) on --jobs N threads (default:\n"
           "every core), diffs the two folders' catalog.tsv files by seed and floor, and\n"
           "writes REPORT_DIR/index.html, review.json, review.md and diff/ (the before and\n"
           "after images are linked where they lie, by relative paths: move the report\n"
           "together with the two folders). Prints the verdict (what changed, in a sentence\n"
           "or two) and the summary line. The page: the verdict, the distribution table of\n"
           "'delve stats --compare' (flagged columns first), both sides' provenance (a\n"
           "command that differs only in -o is the same), then the changed pairs, biggest\n"
           "change first (a level type change, then catalog cells changed, then pixels),\n"
           "each with its catalog cells old -> new and the commands that reproduce it;\n"
           "then added, removed and unchanged pairs, and the catalog diff.\n"
           "index.html#game shows only the pairs changed in game terms. REPORT_DIR is made\n"
           "whole beside itself and swapped in at the end, replacing only an empty folder\n"
           "or an earlier report; Ctrl-C leaves it as it was.\n\n"
           "--max-diff-pixels N, --max-diff-ratio R (0..1): a pair of the same size with at\n"
           "most that many changed pixels (both limits when both are given) counts as the\n"
           "same. --format json prints the review as JSON (docs/review.md) instead of the\n"
           "verdict and summary lines; --format markdown prints a short summary for a CI\n"
           "job summary or a pull request comment (the counts, the flagged distribution\n"
           "columns as a table, the 10 biggest changed pairs each with the command that\n"
           "remakes it; no HTML); with either, -o may be left out (no page). --junit FILE\n"
           "writes JUnit XML: a testcase per pair, failing when it changed, was added or\n"
           "removed (the message names its diff image and the command that remakes it),\n"
           "and one per tested distribution column, failing when flagged; --junit - prints\n"
           "it on standard output (verdict and summary then go to stderr; not with --format\n"
           "json or markdown). Output paths are checked before any work, and the report and\n"
           "the JUnit file are written together or not at all. Each side must hold a\n"
           "catalog.tsv or PNGs; a catalog.tsv row with a seed or floor that is not a\n"
           "whole number, or with fewer or more cells than the column names, is refused\n"
           "at its file:line:col.\n\n"
           "Sets whose catalogs carry digests ('delve shot --seeds A-B --no-images' writes\n"
           "the catalog alone) are compared floor by floor by digest first: floors with\n"
           "one digest are the same; changed floors without pictures are counted, and\n"
           "REPORT_DIR/draw.tsv names those to draw, at most --draw-cap N (0..%d, default\n"
           "%d: the most changed by catalog cells first, then an even sample) and %d of\n"
           "one digest, for 'delve shot --draw' on each side. The statistics use every\n"
           "floor. A PNG on one side only whose floor both catalogs list, when a side was\n"
           "not drawn whole, is a picture not drawn there: not compared, never added or\n"
           "removed.\n\n"
           "A pair with a file that cannot be read is listed with its reason (stderr, the\n"
           "page, JSON, JUnit) and the rest still reviewed.\n\n"
           "Exit 0 when nothing changed, 1 when anything did or a PNG cannot be read, 2 on\n"
           "bad input.\n\n"
           "  delve shot --seeds 1-100 -o old    # with the old build\n"
           "  delve shot --seeds 1-100 -o new    # with the new build\n"
           "  delve review old new -o review     # then open review/index.html\n",
           DIGEST_DRAW_MAX, DIGEST_DRAW_CAP, DIGEST_PROBES);
}

/* The path to get from folder from to folder to, both resolved (realpath), into out:
 * "../a", "a", "." or "../../x/y". 0 when either cannot be resolved. */
static int relative_path(const char *from, const char *to, char *out, size_t size)
{
    char f[REL_CAP], t[REL_CAP];
    if (!realpath(from, f) || !realpath(to, t))
        return 0;
    size_t common = 0;
    for (size_t i = 0; f[i] && f[i] == t[i]; i++)
        if (f[i + 1] == '/' || !f[i + 1])
            if (t[i + 1] == '/' || !t[i + 1])
                common = i + 1;
    if (!strcmp(f, "/"))
        common = 0;
    size_t n = 0;
    out[0] = '\0';
    for (const char *p = f + common; *p; p++)
        if (*p == '/')
            n += (size_t)snprintf(out + n, n < size ? size - n : 0, "%s..", n ? "/" : "");
    const char *rest = t + common + (t[common] == '/');
    if (*rest)
        n += (size_t)snprintf(out + n, n < size ? size - n : 0, "%s%s", n ? "/" : "", rest);
    if (!n)
        n = (size_t)snprintf(out, size, ".");
    return n < size;
}

/* The URL of dir from the report folder out, which is swapped in beside itself later:
 * "../" and the path from out's parent (resolved now) to dir; dir as given when it
 * cannot be resolved. */
static void image_url(const char *out, const char *dir, char *url, size_t size)
{
    char parent[REL_CAP], rel[REL_CAP];
    snprintf(parent, sizeof parent, "%s", out);
    size_t n = strlen(parent);
    while (n > 1 && parent[n - 1] == '/')
        parent[--n] = '\0';
    char *slash = strrchr(parent, '/');
    if (!slash)
        snprintf(parent, sizeof parent, ".");
    else
        slash[slash == parent] = '\0';
    if (relative_path(parent, dir, rel, sizeof rel))
        snprintf(url, size, "..%s%s", strcmp(rel, ".") ? "/" : "", strcmp(rel, ".") ? rel : "");
    else
        snprintf(url, size, "%s", dir);
}

/* What the command line asked for. */
typedef struct review_args {
    const char *dirs[2], *out, *format, *junit;
    int ndirs;
    review_opts o;
    cli_seen seen;          /* valued options taken, each once */
} review_args;

/* One option with a value (argv[*i] is the option); EXIT_OK or the exit code. */
static int option_value(review_args *a, int argc, char **argv, int *i)
{
    const char *opt = argv[*i], *v = cli_value("review", argc, argv, i);
    int64_t x;
    int n;
    if (!v || cli_once("review", &a->seen, opt, v))
        return EXIT_USAGE;
    if (!strcmp(opt, "-o"))
        a->out = v;
    else if (!strcmp(opt, "--format") && (!strcmp(v, "text") || !strcmp(v, "json") ||
                                          !strcmp(v, "markdown")))
        a->format = v;
    else if (!strcmp(opt, "--format"))
        return cli_usage_error("review", "--format: '%s' is not text, json or markdown", v);
    else if (!strcmp(opt, "--junit"))
        a->junit = v;
    else if (!strcmp(opt, "--jobs")) {
        if (!cli_int("review", "--jobs", v, 1, REVIEW_MAX_JOBS, &n))
            return EXIT_USAGE;
        a->o.jobs = n;
    } else if (!strcmp(opt, "--draw-cap")) {
        if (!cli_int("review", "--draw-cap", v, 0, DIGEST_DRAW_MAX, &n))
            return EXIT_USAGE;
        a->o.draw_cap = n;
    } else if (!strcmp(opt, "--threshold")) {
        if (!cli_fraction(v, 3, &x))
            return cli_usage_error("review", "--threshold: '%s' is not a number in 0..1 "
                                   "with at most 3 decimals", v);
        a->o.diff.threshold_milli = (int)x;
    } else if (!strcmp(opt, "--max-diff-ratio")) {
        if (!cli_fraction(v, 9, &x)) /* as delve diff's */
            return cli_usage_error("review", "--max-diff-ratio: '%s' is not a number in "
                                   "0..1 with at most 9 decimals", v);
        a->o.max_ratio_ppb = x;
    } else {
        uint64_t u;
        if (!cli_u64("review", "--max-diff-pixels", v, &u))
            return EXIT_USAGE;
        a->o.max_pixels = u > INT64_MAX ? INT64_MAX : (int64_t)u;
    }
    return EXIT_OK;
}

/* The options that take a value. */
static const char *const WITH_VALUE[] = { "-o", "--threshold", "--jobs", "--format", "--junit",
                                          "--max-diff-ratio", "--max-diff-pixels",
                                          "--draw-cap", NULL };

/* parse_args's options: WITH_VALUE's and --aa */
static const cli_flag FLAGS[] = {
    { "out", 'o', 1, CLI_DIRS }, { "threshold", 0, 1, NULL }, { "aa", 0, 0, NULL },
    { "jobs", 0, 1, NULL }, { "format", 0, 1, "text json markdown" },
    { "junit", 0, 1, CLI_FILES }, { "max-diff-ratio", 0, 1, NULL },
    { "max-diff-pixels", 0, 1, NULL }, { "draw-cap", 0, 1, NULL },
};
const cli_spec cmd_review_spec = { .cmd = "review", .flags = FLAGS,
                                   .flag_count = sizeof FLAGS / sizeof FLAGS[0],
                                   .help = help, .words = CLI_DIRS };

static int parse_args(review_args *a, int argc, char **argv)
{
    long cores = sysconf(_SC_NPROCESSORS_ONLN);
    *a = (review_args){ .o = review_opts_defaults(), .format = "text" };
    a->o.jobs = cores < 1 ? 1 : cores > REVIEW_MAX_JOBS ? REVIEW_MAX_JOBS : (int)cores;
    int plain = 0; /* after "--", every word is a folder */
    for (int i = 1; i < argc; i++) {
        const char *s = argv[i];
        int known = 0, rc;
        for (size_t k = 0; !plain && WITH_VALUE[k]; k++)
            known |= !strcmp(s, WITH_VALUE[k]);
        if (known && (rc = option_value(a, argc, argv, &i)))
            return rc;
        if (known)
            continue;
        if (!plain && !strcmp(s, "--"))
            plain = 1;
        else if (!plain && !strcmp(s, "--aa"))
            a->o.diff.aa = 1;
        else if (!plain && s[0] == '-' && s[1])
            return cli_usage_error("review", "unknown option '%s'", s);
        else if (a->ndirs < 2)
            a->dirs[a->ndirs++] = s;
        else
            return cli_usage_error("review", "unexpected argument '%s'", s);
    }
    if (a->ndirs < 2)
        return cli_usage_error("review", "give BASE_DIR and HEAD_DIR");
    if (!a->out && !strcmp(a->format, "text") && !a->junit)
        return cli_usage_error("review", "-o REPORT_DIR is required");
    if (cli_out_not_stdout("review", "-o", a->out)) /* --format json prints; -o is a folder */
        return EXIT_USAGE;
    if (a->o.diff.aa && a->o.diff.threshold_milli < 0)
        return cli_usage_error("review", "--aa needs --threshold T");
    if (a->junit && !strcmp(a->junit, "-") && strcmp(a->format, "text"))
        return cli_usage_error("review", "--junit - and --format %s both want standard "
                               "output: give --junit a file", a->format);
    return EXIT_OK;
}

/* --junit FILE checked before any work, so that a review never ends with the report
 * swapped in and no JUnit file; never inside the report's folder, which is replaced
 * whole (the earlier report there would be gone before the file could be written). */
static int check_junit(const char *path, const char *out)
{
    if (!strcmp(path, "-"))
        return EXIT_OK;
    if (out && cli_under_folder(path, out))
        return cli_usage_error("review", "--junit %s: inside the report's folder %s, which "
                               "is replaced whole; write it beside the folder", path, out);
    return cli_file_out("review", "--junit", path);
}

/* Neither the report (-o) nor the JUnit file lands in a set it reads: --junit
 * A/catalog.tsv replaced A's catalog with XML, and a report inside A becomes part of A's
 * next review. */
static int check_not_in_sides(const review_args *a)
{
    for (int side = 0; side < 2; side++) {
        const char *d = a->dirs[side];
        if (a->junit && strcmp(a->junit, "-") && cli_under_folder(a->junit, d))
            return cli_usage_error("review", "--junit %s: inside %s, a shot set it reads",
                                   a->junit, d);
        if (a->out && a->out[0] && (cli_same_file(a->out, d) || cli_under_folder(a->out, d)))
            return cli_usage_error("review", "-o %s: %s %s, a shot set it reads", a->out,
                                   cli_same_file(a->out, d) ? "the report would replace"
                                                            : "inside", d);
    }
    return EXIT_OK;
}

/* Each side is a shot set: a catalog.tsv or at least one PNG (a mistyped folder must not
 * read as "everything added"). */
static int check_sides(const review_args *a)
{
    for (int side = 0; side < 2; side++) {
        char p[REL_CAP], **names = NULL;
        int n = 0;
        delve_err err = { "" };
        snprintf(p, sizeof p, "%s/catalog.tsv", a->dirs[side]);
        if (!access(p, F_OK))
            continue;
        delve_status st = review_list_pngs(a->dirs[side], &names, &n, &err);
        review_names_free(names, n);
        if (st)
            return cli_fail("review", st, &err);
        if (!n)
            return cli_usage_error("review", "%s: not a shot set (no catalog.tsv, no PNGs)",
                                   a->dirs[side]);
    }
    return EXIT_OK;
}

/* The distribution table of the two catalogs when both exist (review/dist_review.h). A
 * catalog that cannot be read as one (empty, no column names, a bad cell, a key twice)
 * is bad input, exit 2 before anything is compared: a CI gate must not read a broken
 * set as a change. A build without GSL says so and goes on. The exit code. */
static int distributions(const review_args *a, dist_review *d)
{
    delve_err err = { "" };
    delve_status st = dist_review_load(a->dirs[0], a->dirs[1], d, &err);
    if (d->has[0] != d->has[1])
        fprintf(stderr, "delve review: note: only %s has a catalog.tsv: its lines count as %s "
                "(and their floors as changed in game terms)\n", d->path[d->has[1]],
                d->has[0] ? "removed" : "added");
    if (st == DELVE_EFAIL) {
        fprintf(stderr, "delve review: %s\n", err.msg);
        return EXIT_OK;
    }
    return st ? cli_fail("review", st, &err) : EXIT_OK;
}

/* The JUnit file and the report folder as one outcome: the XML written beside its path
 * first, the report swapped in, then the XML renamed into place; on any failure neither
 * changes. The exit code. */
static int finish(const review_args *a, outdir *od, const review_result *r,
                  delve_status st, delve_err *err)
{
    char *xml = NULL, tmp[REL_CAP + 32];
    size_t len = 0;
    int staged = 0;
    if (!st && a->junit && strcmp(a->junit, "-"))
        st = ci_junit(r, &a->o, a->out, &xml, &len, err);
    if (xml) {
        snprintf(tmp, sizeof tmp, "%s.tmp-%ld", a->junit, (long)getpid());
        st = fsio_write_atomic(od ? tmp : a->junit, xml, len, err);
        staged = !st && od;
        free(xml);
    }
    int rc = od ? folder_close(od, "review", st, err)
                : st ? cli_fail("review", st, err) : EXIT_OK;
    if (staged && rc)
        unlink(tmp);
    if (staged && !rc && rename(tmp, a->junit)) {
        unlink(tmp);
        fprintf(stderr, "delve review: cannot write %s (the report is in place)\n", a->junit);
        rc = EXIT_USAGE;
    }
    return rc;
}

/* The review as JSON (markdown 0) or as the Markdown summary (1) into *text, *len bytes
 * (malloc'ed, NUL-terminated). */
static delve_status ci_text(const review_args *a, const review_result *r, const cJSON *dj,
                            int markdown, char **text, size_t *len, delve_err *err)
{
    if (markdown)
        return markdown_review(r, &a->o, text, len, err);
    delve_status st = ci_json(r, a->dirs[0], a->dirs[1], &a->o, dj, text, err);
    *len = st ? 0 : strlen(*text);
    return st;
}

/* The review into r (and the report folder when -o); the exit code of a failure. */
static int run(review_args *a, int argc, char **argv, review_result *r, const cJSON *dj)
{
    delve_err err = { "" };
    char bu[REL_CAP], hu[REL_CAP];
    outdir *od = NULL;
    a->o.page = a->out != NULL;
    if (a->out) {
        image_url(a->out, a->dirs[0], bu, sizeof bu);
        image_url(a->out, a->dirs[1], hu, sizeof hu);
        a->o.base_url = bu;
        a->o.head_url = hu;
        int rc = folder_open(&od, "review", a->out, argc, argv);
        if (rc)
            return rc;
    }
    delve_status st = review_run(a->dirs[0], a->dirs[1], od ? outdir_path(od) : "",
                                 &a->o, folder_stop(), r, &err);
    if (!st && r->item_count == 0 && r->catalogs == 0) /* a mistyped pair must not pass in CI */
        st = delve_fail(&err, DELVE_EINPUT, "nothing to review: no PNG and no catalog.tsv in "
                        "%s or %s", a->dirs[0], a->dirs[1]);
    /* review.json and review.md beside the page: the CI artefacts */
    static const char *const FILES[] = { "json", "md" };
    for (int k = 0; !st && od && k < 2; k++) {
        char *text = NULL, p[REL_CAP];
        size_t len = 0;
        st = ci_text(a, r, dj, k, &text, &len, &err);
        snprintf(p, sizeof p, "%s/review.%s", outdir_path(od), FILES[k]);
        if (!st)
            st = fsio_write_atomic(p, text, len, &err);
        free(text);
    }
    return finish(a, od, r, st, &err);
}

/* Digest-first sets with changed floors not drawn: what draws them, or why they are not. */
static void draw_hint(FILE *f, const review_args *a, const review_result *r, int n)
{
    if (r->planned && a->out)
        fprintf(f, "review: %.*s/draw.tsv names %d floor%s to draw (%d without pictures): "
                "run each side's delve shot with its settings, --draw %.*s/draw.tsv -o SET, "
                "then review again (scripts/review-change does)\n", n, a->out, r->planned,
                r->planned == 1 ? "" : "s", r->to_draw, n, a->out);
    else if (r->digests && r->undrawn && !r->to_draw)
        fprintf(f, "review: %d changed floor%s past --draw-cap %d not drawn; the catalog "
                "diff and the statistics count every floor\n", r->undrawn,
                r->undrawn == 1 ? "" : "s", a->o.draw_cap);
}

/* The verdict and the summary line, the JSON or the JUnit file after a review. */
static int outputs(const review_args *a, const review_result *r, const cJSON *dj)
{
    delve_err err = { "" };
    delve_status st = DELVE_OK;
    int junit_out = a->junit && !strcmp(a->junit, "-");
    if (junit_out) { /* the XML on standard output, the summary line on stderr */
        char *xml = NULL;
        size_t len;
        if (!(st = ci_junit(r, &a->o, a->out, &xml, &len, &err)))
            st = cli_stdout(xml, len, &err);
        free(xml);
    }
    if (!st && strcmp(a->format, "text")) {
        char *text = NULL;
        size_t len = 0;
        if (!(st = ci_text(a, r, dj, !strcmp(a->format, "markdown"), &text, &len, &err)))
            st = cli_stdout(text, len, &err);
        free(text);
    } else if (!st) {
        char sum[512];
        review_summary(r, sum, sizeof sum);
        int n = a->out ? (int)strlen(a->out) : 0;
        while (n > 1 && a->out[n - 1] == '/')
            n--;
        FILE *f = junit_out ? stderr : stdout;
        char verdict[VERDICT_MAX];
        verdict_text(r, a->o.dist, verdict, sizeof verdict);
        fprintf(f, "%s\n", verdict);  /* what changed, before the counts that back it */
        if (a->out)
            fprintf(f, "%s; report: %.*s/index.html\n", sum, n, a->out);
        else
            fprintf(f, "%s\n", sum);
        draw_hint(f, a, r, n);
    }
    for (int i = 0; !st && i < r->item_count; i++) /* each, whatever the format */
        if (r->items[i].state == REVIEW_UNREADABLE)
            fprintf(stderr, "delve review: unreadable: %s\n", r->items[i].fault);
    if (!st && fflush(stdout) != 0)
        st = delve_fail(&err, DELVE_EIO, "cannot write to standard output");
    return st ? cli_fail("review", st, &err) : review_any_change(r) ? EXIT_DIFF : EXIT_OK;
}

int cmd_review(int argc, char **argv)
{
    for (int i = 1; i < argc && strcmp(argv[i], "--"); i++)
        if (cli_is_help(argv[i])) {
            help();
            return EXIT_OK;
        }
    review_args a;
    cli_words cw;
    int rc = cli_split_spec(&cmd_review_spec, argc, argv, &cw);
    if (rc)
        return rc;
    rc = parse_args(&a, cw.n, cw.w);
    cli_words_free(&cw);
    if (!rc && a.junit)
        rc = check_junit(a.junit, a.out);
    if (!rc)
        rc = check_not_in_sides(&a);
    /* the sets read are locked, shared: a shot set made into either meanwhile would mix
       its pictures with the earlier set's in one report (and one being made for the
       first time is named as such, not as missing) */
    int lock[2] = { -1, -1 };
    for (int side = 0; !rc && side < 2; side++)
        rc = folder_read_lock("review", a.dirs[side], argc, argv, &lock[side]);
    if (!rc)
        rc = check_sides(&a);
    if (rc) {
        folder_read_unlock(a.dirs[1], lock[1]);
        folder_read_unlock(a.dirs[0], lock[0]);
        return rc;
    }
    dist_review dist;
    review_result r;
    memset(&r, 0, sizeof r);
    rc = distributions(&a, &dist);
    a.o.dist = &dist.table;
    if (!rc)
        rc = run(&a, argc, argv, &r, dist.json);
    if (!rc && cli_same_file(a.dirs[0], a.dirs[1])) /* a slip more often than a check */
        fprintf(stderr, "delve review: note: %s and %s are the same folder\n", a.dirs[0],
                a.dirs[1]);
    if (!rc)
        rc = outputs(&a, &r, dist.json);
    review_result_free(&r);
    dist_review_free(&dist);
    folder_read_unlock(a.dirs[1], lock[1]);
    folder_read_unlock(a.dirs[0], lock[0]);
    return rc;
}
