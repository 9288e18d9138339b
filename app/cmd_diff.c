/* delve diff: compares two PNGs (review/diff.h), prints the count, ratio and box of the
 * changes as text or JSON, writes the diff image, and exits 0 within the limits, 1 on a
 * difference (always when the sizes differ), 2 on bad usage or input. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "app/cli.h"
#include "review/diff.h"

typedef struct diff_args {
    const char *a, *b, *out;
    diff_opts o;
    int64_t max_pixels;    /* -1: not given */
    int64_t max_ratio_ppb; /* -1: not given; parts per 10^9 */
    int json;
    cli_seen seen;          /* valued options taken, each once */
} diff_args;

static void help(void)
{
    printf("usage: delve diff A.png B.png [-o DIFF.png] [--threshold T] [--aa]\n"
           "                  [--max-diff-pixels N] [--max-diff-ratio R] [--format text|json]\n\n"
           "Compares two PNGs pixel by pixel (8 or 16 bits; grey, RGB, alpha, palette).\n"
           "By default any change in any channel of any pixel counts, alpha included.\n"
           "  --threshold T       count a pixel only when its YIQ colour distance is above\n"
           "                      35215*T*T (T in 0..1, up to 3 decimals), as pixelmatch 7\n"
           "  --aa                with --threshold: skip anti-aliased pixels (pixelmatch 7's rule)\n"
           "  --max-diff-pixels N pass with up to N changed pixels (default 0)\n"
           "  --max-diff-ratio R  pass with up to R of the pixels changed (0..1, e.g. 0.001)\n"
           "  -o DIFF.png         the diff image: A faded to grey, changes in red (blue where\n"
           "                      B is darker), anti-aliasing in amber, the area inside only\n"
           "                      one of two images of different sizes in magenta\n"
           "  --format json       one JSON object on stdout instead of text\n\n"
           "Images of different sizes always differ; they are compared on the larger canvas.\n"
           "exit codes: 0 within the limits, 1 a difference, 2 bad usage or input\n");
}

static int take_option(diff_args *d, int argc, char **argv, int *i)
{
    const char *o = argv[*i], *v;
    if (!strcmp(o, "--aa")) {
        d->o.aa = 1;
        return 1;
    }
    if (strcmp(o, "-o") && strcmp(o, "--threshold") && strcmp(o, "--max-diff-pixels") &&
        strcmp(o, "--max-diff-ratio") && strcmp(o, "--format"))
        return cli_usage_error("diff", "unknown option '%s'", o), 0;
    if (!(v = cli_value("diff", argc, argv, i)) || cli_once("diff", &d->seen, o, v))
        return 0;
    int64_t n;
    uint64_t u;
    if (!strcmp(o, "-o"))
        d->out = v;
    else if (!strcmp(o, "--threshold") && cli_fraction(v, 3, &n))
        d->o.threshold_milli = (int)n;
    else if (!strcmp(o, "--max-diff-ratio") && cli_fraction(v, 9, &n))
        d->max_ratio_ppb = n;
    else if (!strcmp(o, "--max-diff-pixels") && cli_u64("diff", o, v, &u))
        d->max_pixels = u > INT64_MAX ? INT64_MAX : (int64_t)u;
    else if (!strcmp(o, "--format") && (!strcmp(v, "text") || !strcmp(v, "json")))
        d->json = !strcmp(v, "json");
    else if (!strcmp(o, "--max-diff-pixels"))
        return 0; /* cli_u64 said why */
    else if (!strcmp(o, "--format"))
        return cli_usage_error("diff", "--format: '%s' is not text or json", v), 0;
    else
        return cli_usage_error("diff", "%s: '%s' is not a number in 0..1 with at most %d "
                               "decimals", o, v, !strcmp(o, "--threshold") ? 3 : 9), 0;
    return 1;
}

/* 1 when parsed, 0 after printing a usage error, -1 for --help. */
static int parse_args(diff_args *d, int argc, char **argv)
{
    *d = (diff_args){ .o = diff_defaults(), .max_pixels = -1, .max_ratio_ppb = -1 };
    int files = 0, plain = 0; /* plain: after "--", every word is an image */
    for (int i = 1; i < argc; i++) {
        if (!plain && cli_is_help(argv[i]))
            return -1;
        if (!plain && !strcmp(argv[i], "--")) {
            plain = 1;
        } else if (!plain && argv[i][0] == '-' && argv[i][1]) {
            if (!take_option(d, argc, argv, &i))
                return 0;
        } else if (files < 2) {
            *(files++ ? &d->b : &d->a) = argv[i];
        } else {
            return cli_usage_error("diff", "one image too many: '%s'", argv[i]), 0;
        }
    }
    if (files < 2)
        return cli_usage_error("diff", "two images are needed: A.png B.png"), 0;
    if (d->o.aa && d->o.threshold_milli < 0)
        return cli_usage_error("diff", "--aa needs --threshold T"), 0;
    if (cli_same_file(d->a, d->out) || cli_same_file(d->b, d->out))
        return cli_usage_error("diff", "-o %s is one of the images compared: it would be "
                               "overwritten", d->out), 0;
    return !d->out || cli_file_out("diff", "-o", d->out) == EXIT_OK; /* before decoding */
}

static int within_limits(const diff_args *d, const diff_result *r)
{
    if (r->size_differs)
        return 0;
    int64_t max_px = d->max_pixels < 0 && d->max_ratio_ppb < 0 ? 0 : d->max_pixels;
    if (max_px >= 0 && r->changed > max_px)
        return 0;
    /* changed / total <= ppb / 10^9, in integers (changed <= 2^26, so no overflow) */
    if (d->max_ratio_ppb >= 0 && r->changed * 1000000000 > d->max_ratio_ppb * r->total)
        return 0;
    return 1;
}

/* name: the number of fmt as JSON text as it is (cJSON_CreateRaw), so the figures keep
 * their printf form ("ratio" in %.9g, "threshold" in %.3f). */
static void json_raw(cJSON *o, const char *name, const char *fmt, double v)
{
    char num[64];
    snprintf(num, sizeof num, fmt, v);
    cJSON_AddItemToObject(o, name, cJSON_CreateRaw(num));
}

/* One line of JSON; the file names go through cJSON, the one escaper of delve's JSON
 * (review.json's too), so any path reads back as the bytes given. */
static void print_json(const diff_args *d, const diff_result *r, int ok)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "a", d->a);
    cJSON_AddStringToObject(o, "b", d->b);
    cJSON_AddNumberToObject(o, "a_width", r->aw);
    cJSON_AddNumberToObject(o, "a_height", r->ah);
    cJSON_AddNumberToObject(o, "b_width", r->bw);
    cJSON_AddNumberToObject(o, "b_height", r->bh);
    cJSON_AddBoolToObject(o, "size_differs", r->size_differs);
    json_raw(o, "total", "%.0f", (double)r->total);
    json_raw(o, "changed", "%.0f", (double)r->changed);
    json_raw(o, "aa", "%.0f", (double)r->aa);
    json_raw(o, "ratio", "%.9g", (double)r->changed / (double)r->total);
    if (r->x0 < 0) {
        cJSON_AddNullToObject(o, "box");
    } else {
        cJSON *box = cJSON_AddObjectToObject(o, "box");
        cJSON_AddNumberToObject(box, "x0", r->x0);
        cJSON_AddNumberToObject(box, "y0", r->y0);
        cJSON_AddNumberToObject(box, "x1", r->x1);
        cJSON_AddNumberToObject(box, "y1", r->y1);
    }
    if (d->o.threshold_milli < 0)
        cJSON_AddNullToObject(o, "threshold");
    else
        json_raw(o, "threshold", "%.3f", d->o.threshold_milli / 1000.0);
    cJSON_AddBoolToObject(o, "aa_detection", d->o.aa);
    if (d->out)
        cJSON_AddStringToObject(o, "diff_image", d->out);
    else
        cJSON_AddNullToObject(o, "diff_image");
    cJSON_AddBoolToObject(o, "within_limits", ok);
    char *text = cJSON_PrintUnformatted(o);
    if (text)
        printf("%s\n", text);
    else
        printf("null\n");
    cJSON_free(text);
    cJSON_Delete(o);
}

static void print_text(const diff_args *d, const diff_result *r, int ok)
{
    if (r->size_differs)
        printf("delve diff: sizes differ: %s is %d x %d, %s is %d x %d "
               "(compared on %d x %d; the area inside only one counts as changed)\n",
               d->a, r->aw, r->ah, d->b, r->bw, r->bh, r->aw > r->bw ? r->aw : r->bw,
               r->ah > r->bh ? r->ah : r->bh);
    printf("delve diff: %" PRId64 " of %" PRId64 " pixels differ (%.4f %%)", r->changed,
           r->total, 100.0 * (double)r->changed / (double)r->total);
    if (r->x0 >= 0)
        printf(", box x %d..%d y %d..%d (%d x %d)", r->x0, r->x1, r->y0, r->y1,
               r->x1 - r->x0 + 1, r->y1 - r->y0 + 1);
    if (d->o.aa)
        printf(", %" PRId64 " more skipped as anti-aliasing", r->aa);
    const char *verdict = !ok ? "DIFFERENT"
                          : r->changed ? "within the limits"
                          : d->o.threshold_milli >= 0 ? "none over the threshold"
                                                      : "identical";
    printf(": %s\n", verdict);
    if (d->out)
        printf("delve diff: diff image %s\n", d->out);
}

/* take_option's options */
static const cli_flag FLAGS[] = {
    { "out", 'o', 1, "*.png" }, { "threshold", 0, 1, NULL }, { "aa", 0, 0, NULL },
    { "max-diff-pixels", 0, 1, NULL }, { "max-diff-ratio", 0, 1, NULL },
    { "format", 0, 1, "text json" },
};
const cli_spec cmd_diff_spec = { .cmd = "diff", .flags = FLAGS,
                                 .flag_count = sizeof FLAGS / sizeof FLAGS[0], .help = help,
                                 .words = "*.png" };

int cmd_diff(int argc, char **argv)
{
    diff_args d;
    cli_words cw;
    if (cli_split_spec(&cmd_diff_spec, argc, argv, &cw))
        return EXIT_USAGE;
    int p = parse_args(&d, cw.n, cw.w);
    cli_words_free(&cw);
    if (p < 0) {
        help();
        return EXIT_OK;
    }
    if (!p)
        return EXIT_USAGE;
    diff_result r;
    delve_err err = { "" };
    delve_status st = diff_files(d.a, d.b, d.out, &d.o, &r, &err);
    if (st)
        return cli_fail("diff", st, &err);
    int ok = within_limits(&d, &r);
    if (d.json)
        print_json(&d, &r, ok);
    else
        print_text(&d, &r, ok);
    if (fflush(stdout) || ferror(stdout)) {
        fprintf(stderr, "delve diff: cannot write the report to stdout\n");
        return EXIT_USAGE;
    }
    return ok ? EXIT_OK : EXIT_DIFF;
}
