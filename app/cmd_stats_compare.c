/* delve stats --compare A.tsv B.tsv: two catalogs' distributions side by side, column by
 * column, with a test and a flag per column (review/dist.h, spec review-stats.md): a
 * readable table, or every figure as TSV or JSON. */
#include <cjson/cJSON.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "app/cli.h"
#include "review/dist.h"
#include "review/review.h"

static void help(void)
{
    printf("\nusage: delve stats --compare A.tsv B.tsv [--alpha P] [--format table|tsv|json]\n\n"
           "Compares two catalogs (catalog.tsv of 'delve shot --seeds'; a shot set's folder\n"
           "stands for its catalog.tsv) column by column:\n"
           "mean and sd each side, the change (absolute and per cent), and a two-sample test.\n"
           "Same seeds and floors on both sides: rows paired by (seed, floor), counts by\n"
           "Wilcoxon's signed-rank test (with floors up, down and same), level type and\n"
           "verdict by McNemar-Bowker (not tested when under %d floors changed category).\n"
           "Otherwise two samples: Mann-Whitney's U, and chi-square of homogeneity (Fisher's\n"
           "exact test for a sparse 2x2). Normal approximations with tie correction. Under\n"
           "%d floors on a side: means only, 'too few floors to test'. p-values are\n"
           "corrected with Holm's method over the tested columns; a column is flagged when\n"
           "its corrected p is below --alpha (default %g) and listed first, in words.\n"
           "A column on one side only is reported as added or removed.\n"
           "Exit 1 when a column is flagged, 0 when none, 2 on bad usage or input.\n\n"
           "example: delve stats --compare shots/old/catalog.tsv shots/new/catalog.tsv\n",
           DIST_SPARSE, DIST_MIN_FLOORS, DIST_ALPHA);
}

typedef enum out_format { OUT_TABLE, OUT_TSV, OUT_JSON } out_format;

void stats_compare_help(void)
{
    help();
}

static const char *KIND_NAMES[] = { "numeric", "categorical", "added", "removed" };

/* "p < 1e-6" or "p = 0.0032". */
static void p_words(double p, char *buf, size_t cap)
{
    if (p < 1e-6)
        snprintf(buf, cap, "p < 1e-6");
    else
        snprintf(buf, cap, "p = %.2g", p);
}

static double pct(const dist_col *c)
{
    return c->mean_a != 0 ? 100.0 * (c->mean_b - c->mean_a) / fabs(c->mean_a) : NAN;
}

/* A flagged column in words: "ways per floor 3.58 -> 2.10 (-41 %), 40 floors down, ...". */
static void print_flag(const dist_result *r, const dist_col *c)
{
    char p[32];
    p_words(c->p_holm, p, sizeof p);
    if (c->kind == DIST_NUMERIC) {
        printf("  %s per floor %.3g -> %.3g", c->name, c->mean_a, c->mean_b);
        if (isnan(pct(c)))
            printf(" (none before)");
        else
            printf(" (%+.0f %%)", pct(c));
        if (r->paired)
            printf(", %d floors down, %d up", c->down, c->up);
        printf(", %s (%s, Holm)\n", p, c->test);
        return;
    }
    printf("  %s:", c->name);
    for (int i = 0; i < c->cat_count && i < 6; i++)
        printf("%s %s %.1f %% -> %.1f %%", i ? "," : "", c->cats[i].name,
               100.0 * (double)c->cats[i].a / (c->na ? c->na : 1),
               100.0 * (double)c->cats[i].b / (c->nb ? c->nb : 1));
    if (r->paired)
        printf(", %d floors changed category", c->changed);
    printf(", %s (%s, Holm)\n", p, c->test);
}

static void print_head(const dist_result *r)
{
    const dist_side *s[2] = { &r->a, &r->b };
    printf("delve stats --compare\n");
    for (int i = 0; i < 2; i++) {
        const char *rev = dist_prov(s[i], "revision"), *set = dist_prov(s[i], "settings");
        if (s[i]->prov_count)
            printf("  %s: %s  %d floors  revision %s  %s\n", i ? "B" : "A", s[i]->path,
                   s[i]->rows, rev ? rev : "-", set ? set : "");
        else
            printf("  %s: %s  %d floors  (no provenance lines)\n", i ? "B" : "A", s[i]->path,
                   s[i]->rows);
    }
    printf("  %s; Holm over %d tested columns, alpha %g: %d flagged\n",
           r->paired ? "paired by seed and floor (signed-rank, McNemar-Bowker)"
                     : "two samples (Mann-Whitney U, chi-square)", r->tested, r->alpha,
           r->flagged);
}

static void print_row(const dist_result *r, const dist_col *c)
{
    char p[32] = "";
    if (c->tested)
        snprintf(p, sizeof p, c->p_holm < 1e-6 ? "< 1e-6" : "%.2g", c->p_holm);
    printf("  %-16s %6d %6d", c->name, c->na, c->nb);
    if (c->kind == DIST_NUMERIC) {
        printf(" %8.3f %8.3f %8.3f %8.3f %+8.3f", c->mean_a, c->sd_a, c->mean_b, c->sd_b,
               c->mean_b - c->mean_a);
        if (isnan(pct(c)))
            printf(" %8s", "-");  /* none before: no per cent */
        else
            printf(" %+8.1f", pct(c));
    } else {
        char shares[54] = "";
        int n = 0;
        for (int i = 0; i < c->cat_count && n < 36; i++)
            n += snprintf(shares + n, sizeof shares - (size_t)n, "%s%s %.0f%% -> %.0f%%",
                          i ? ", " : "", c->cats[i].name,
                          100.0 * (double)c->cats[i].a / (c->na ? c->na : 1),
                          100.0 * (double)c->cats[i].b / (c->nb ? c->nb : 1));
        printf(" %-53.53s", c->kind == DIST_CATEGORY ? shares : KIND_NAMES[c->kind]);
    }
    if (r->paired && c->kind == DIST_NUMERIC)
        printf(" %5d %5d %5d", c->up, c->down, c->same);
    else if (r->paired && c->kind == DIST_CATEGORY)
        printf(" %11s %5d", "changed", c->changed);
    else
        printf(" %17s", "");
    printf("  %-11s %8s %s\n", c->tested ? c->test : "-", c->tested ? p : c->why ? c->why : "",
           c->flagged ? "FLAG" : "");
}

static void print_table(const dist_result *r)
{
    print_head(r);
    printf("\nflagged (%d):\n", r->flagged);
    for (int i = 0; i < r->col_count; i++)
        if (r->cols[i].flagged)
            print_flag(r, &r->cols[i]);
    printf("\n  %-16s %6s %6s %8s %8s %8s %8s %8s %8s %5s %5s %5s  %-11s %8s\n", "column",
           "A", "B", "mean A", "sd A", "mean B", "sd B", "delta", "delta %", "up", "down",
           "same", "test", "p Holm");
    for (int i = 0; i < r->col_count; i++)
        if (r->cols[i].flagged)
            print_row(r, &r->cols[i]);
    for (int i = 0; i < r->col_count; i++)
        if (!r->cols[i].flagged)
            print_row(r, &r->cols[i]);
}

/* "rooms:1.0000>0.9500,caves:0.0000>0.0500": each category's share on each side. */
static void print_shares(const dist_col *c)
{
    for (int i = 0; i < c->cat_count; i++)
        printf("%s%s:%.4f>%.4f", i ? "," : "", c->cats[i].name,
               (double)c->cats[i].a / (c->na ? c->na : 1), (double)c->cats[i].b / (c->nb ? c->nb : 1));
}

static void print_tsv(const dist_result *r)
{
    printf("column\tkind\tfloors_a\tfloors_b\tmean_a\tsd_a\tmean_b\tsd_b\tdelta\tdelta_pct"
           "\tup\tdown\tsame\tchanged\ttest\tstat\tz\teffect\tdf\tp\tp_holm\tflagged\tnote\n");
    for (int i = 0; i < r->col_count; i++) {
        const dist_col *c = &r->cols[i];
        printf("%s\t%s\t%d\t%d\t", c->name, KIND_NAMES[c->kind], c->na, c->nb);
        if (c->kind == DIST_NUMERIC)
            printf("%.6g\t%.6g\t%.6g\t%.6g\t%.6g\t", c->mean_a, c->sd_a, c->mean_b,
                   c->sd_b, c->mean_b - c->mean_a);
        if (c->kind == DIST_NUMERIC)
            printf(isnan(pct(c)) ? "\t" : "%.6g\t", pct(c));  /* none before: empty */
        else
            printf("\t\t\t\t\t\t");
        printf("%d\t%d\t%d\t%d\t%s\t", c->up, c->down, c->same, c->changed,
               c->tested ? c->test : "-");
        if (c->tested)
            printf("%.6g\t%.6g\t%.6g\t%d\t%.6g\t%.6g\t", c->t.stat, c->t.z, c->t.effect,
                   c->t.df, c->t.p, c->p_holm);
        else
            printf("\t\t\t\t\t\t");
        printf("%d\t", c->flagged);
        if (c->kind == DIST_CATEGORY)
            print_shares(c);
        printf("%s%s\n", c->kind == DIST_CATEGORY && c->why ? "; " : "", c->why ? c->why : "");
    }
}

static cJSON *side_json(const dist_side *s)
{
    cJSON *o = cJSON_CreateObject(), *prov = cJSON_AddObjectToObject(o, "provenance");
    cJSON_AddStringToObject(o, "file", s->path);
    cJSON_AddNumberToObject(o, "floors", s->rows);
    for (int i = 0; prov && i < s->prov_count; i++) {
        const char *colon = strstr(s->prov[i], ": ");
        char key[64];
        snprintf(key, sizeof key, "%.*s", (int)(colon - s->prov[i]), s->prov[i]);
        if (!cJSON_GetObjectItemCaseSensitive(prov, key))
            cJSON_AddStringToObject(prov, key, colon + 2);
    }
    return o;
}

static cJSON *col_json(const dist_col *c)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "column", c->name);
    cJSON_AddStringToObject(o, "kind", KIND_NAMES[c->kind]);
    cJSON_AddNumberToObject(o, "floors_a", c->na);
    cJSON_AddNumberToObject(o, "floors_b", c->nb);
    if (c->kind == DIST_NUMERIC) {
        const double v[] = { c->mean_a, c->sd_a, c->mean_b, c->sd_b, c->mean_b - c->mean_a,
                             pct(c), c->up, c->down, c->same };
        const char *k[] = { "mean_a", "sd_a", "mean_b", "sd_b", "delta", "delta_pct", "up",
                            "down", "same" };
        for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
            cJSON_AddNumberToObject(o, k[i], v[i]);
    }
    if (c->kind == DIST_CATEGORY) {
        cJSON *cats = cJSON_AddArrayToObject(o, "categories");
        cJSON_AddNumberToObject(o, "changed", c->changed);
        for (int i = 0; cats && i < c->cat_count; i++) {
            cJSON *one = cJSON_CreateObject();
            cJSON_AddStringToObject(one, "name", c->cats[i].name);
            cJSON_AddNumberToObject(one, "a", (double)c->cats[i].a);
            cJSON_AddNumberToObject(one, "b", (double)c->cats[i].b);
            cJSON_AddItemToArray(cats, one);
        }
    }
    cJSON_AddBoolToObject(o, "tested", c->tested);
    if (c->tested) {
        cJSON_AddStringToObject(o, "test", c->test);
        const double v[] = { c->t.stat, c->t.z, c->t.effect, c->t.df, c->t.n, c->t.p, c->p_holm };
        const char *k[] = { "stat", "z", "effect", "df", "n", "p", "p_holm" };
        for (size_t i = 0; i < sizeof v / sizeof v[0]; i++)
            cJSON_AddNumberToObject(o, k[i], v[i]);
    } else {
        cJSON_AddStringToObject(o, "why", c->why ? c->why : "");
    }
    cJSON_AddBoolToObject(o, "flagged", c->flagged);
    return o;
}

/* The whole comparison as a JSON object (print_json's document). */
static cJSON *compare_json(const dist_result *r)
{
    cJSON *root = cJSON_CreateObject();
    cJSON_AddItemToObject(root, "a", side_json(&r->a));
    cJSON_AddItemToObject(root, "b", side_json(&r->b));
    cJSON_AddBoolToObject(root, "paired", r->paired);
    cJSON_AddNumberToObject(root, "alpha", r->alpha);
    cJSON_AddNumberToObject(root, "tested", r->tested);
    cJSON_AddNumberToObject(root, "flagged", r->flagged);
    cJSON *cols = cJSON_AddArrayToObject(root, "columns");
    for (int i = 0; cols && i < r->col_count; i++)
        cJSON_AddItemToArray(cols, col_json(&r->cols[i]));
    return root;
}

static delve_status print_json(const dist_result *r, delve_err *err)
{
    cJSON *root = compare_json(r);
    char *text = cJSON_Print(root);
    cJSON_Delete(root);
    if (!text)
        return delve_fail(err, DELVE_ENOMEM, "out of memory");
    printf("%s\n", text);
    cJSON_free(text);
    return DELVE_OK;
}

int stats_compare_run(const char *file_a, const char *file_b, const char *alpha,
                      const char *format)
{
    char *end = NULL;
    double p = alpha ? strtod(alpha, &end) : DIST_ALPHA;
    if (alpha && (*end || end == alpha || !(p > 0 && p < 1)))
        return cli_usage_error("stats", "--alpha %s: a number between 0 and 1", alpha);
    const char *f = format ? format : "table";
    if (strcmp(f, "table") && strcmp(f, "tsv") && strcmp(f, "json"))
        return cli_usage_error("stats", "--format: '%s' is not table, tsv or json", f);
    /* a shot set's folder stands for its catalog.tsv, as delve review takes folders */
    char pa[4200], pb[4200];
    struct stat sb;
    if (!stat(file_a, &sb) && S_ISDIR(sb.st_mode) && strlen(file_a) < 4096)
        snprintf(pa, sizeof pa, "%s/catalog.tsv", file_a), file_a = pa;
    if (!stat(file_b, &sb) && S_ISDIR(sb.st_mode) && strlen(file_b) < 4096)
        snprintf(pb, sizeof pb, "%s/catalog.tsv", file_b), file_b = pb;
    if (cli_same_file(file_a, file_b)) /* a slip more often than a check */
        fprintf(stderr, "delve stats: note: %s and %s are the same file\n", file_a, file_b);
    dist_result r;
    delve_err err = { "" };
    delve_status st = dist_files(file_a, file_b, p, &r, &err);
    if (!st && !strcmp(f, "json"))
        st = print_json(&r, &err);
    else if (!st && !strcmp(f, "tsv"))
        print_tsv(&r);
    else if (!st)
        print_table(&r);
    int flagged = r.flagged;
    dist_free(&r);
    if (!st && fflush(stdout) != 0)
        st = delve_fail(&err, DELVE_EIO, "cannot write to standard output");
    return st ? cli_fail("stats", st, &err) : flagged ? EXIT_DIFF : EXIT_OK;
}

/* One column as the report's table row (the figures print_row prints). */
static void dist_row(const dist_col *c, review_dist_row *w)
{
    snprintf(w->name, sizeof w->name, "%s", c->name);
    w->numeric = c->kind == DIST_NUMERIC;
    w->na = c->na;
    w->nb = c->nb;
    w->mean_a = c->mean_a;
    w->sd_a = c->sd_a;
    w->mean_b = c->mean_b;
    w->sd_b = c->sd_b;
    w->up = c->up;
    w->down = c->down;
    w->changed = c->changed;
    w->tested = c->tested;
    w->flagged = c->flagged;
    w->effect = c->t.effect;
    w->p_holm = c->p_holm;
    snprintf(w->test, sizeof w->test, "%s", c->tested ? c->test : "-");
    snprintf(w->why, sizeof w->why, "%s", c->why ? c->why : "");
    size_t n = 0;
    if (c->kind != DIST_CATEGORY)
        snprintf(w->cats, sizeof w->cats, "%s", KIND_NAMES[c->kind]);
    for (int i = 0; c->kind == DIST_CATEGORY && i < c->cat_count && n < 120; i++)
        n += (size_t)snprintf(w->cats + n, sizeof w->cats - n, "%s%s %.1f%% → %.1f%%",
                              i ? ", " : "", c->cats[i].name,
                              100.0 * (double)c->cats[i].a / (c->na ? c->na : 1),
                              100.0 * (double)c->cats[i].b / (c->nb ? c->nb : 1));
}

delve_status stats_compare_review(const char *file_a, const char *file_b, review_dist *d,
                                  cJSON **json, delve_err *err)
{
    dist_result r;
    memset(d, 0, sizeof *d);
    *json = NULL;
    delve_status st = dist_files(file_a, file_b, DIST_ALPHA, &r, err);
    if (!st && !(d->rows = calloc((size_t)r.col_count + 1, sizeof *d->rows)))
        st = delve_fail(err, DELVE_ENOMEM, "out of memory");
    for (int pass = 0; !st && pass < 2; pass++) /* flagged first, as the table prints */
        for (int i = 0; i < r.col_count; i++)
            if (r.cols[i].flagged == !pass)
                dist_row(&r.cols[i], &d->rows[d->count++]);
    if (!st) {
        d->paired = r.paired;
        d->tested = r.tested;
        d->flagged = r.flagged;
        d->alpha = r.alpha;
        *json = compare_json(&r);
    }
    dist_free(&r);
    return st;
}
