/* dist_text: `delve stats --compare`'s table, TSV and JSON (spec review-stats.md). */
#include "review/dist_text.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

static const char *const KIND_NAMES[] = { "numeric", "categorical", "added", "removed" };
_Static_assert(sizeof KIND_NAMES / sizeof KIND_NAMES[0] == DIST_REMOVED + 1, "a name a kind");

static const char *const FORMAT_NAMES[] = { "table", "tsv", "json" };
_Static_assert(sizeof FORMAT_NAMES / sizeof FORMAT_NAMES[0] == DIST_TEXT_FORMAT_COUNT,
               "a name a format");

const char *dist_text_kind(dist_kind k)
{
    return KIND_NAMES[k];
}

int dist_text_format_of(const char *word, dist_text_format *f)
{
    for (int i = 0; i < DIST_TEXT_FORMAT_COUNT; i++)
        if (!strcmp(word, FORMAT_NAMES[i])) {
            *f = (dist_text_format)i;
            return 1;
        }
    return 0;
}

const char *dist_text_catalog(const char *arg, char *buf, size_t cap)
{
    struct stat sb;
    if (stat(arg, &sb) || !S_ISDIR(sb.st_mode) || strlen(arg) + sizeof "/catalog.tsv" > cap)
        return arg;
    snprintf(buf, cap, "%s/catalog.tsv", arg);
    return buf;
}

/* The change of the mean in per cent of A's; NaN when A's mean is 0 (none before). */
static double pct(const dist_col *c)
{
    return c->mean_a != 0 ? 100.0 * (c->mean_b - c->mean_a) / fabs(c->mean_a) : NAN;
}

/* Category i's floors on side b (0: A, 1: B) over the side's floors (1 when none), times
 * scale (100 for per cent, 1 for a fraction). */
static double share(const dist_col *c, int i, int b, double scale)
{
    int n = b ? c->nb : c->na;
    return scale * (double)(b ? c->cats[i].b : c->cats[i].a) / (n ? n : 1);
}

/* "p < 1e-6" or "p = 0.0032". */
static void p_words(double p, char *buf, size_t cap)
{
    if (p < 1e-6)
        snprintf(buf, cap, "p < 1e-6");
    else
        snprintf(buf, cap, "p = %.2g", p);
}

#define WORDS_WIDTH 100  /* a flagged column in words wraps to fit a 100-column terminal */
#define SHARES_WIDTH 41  /* the table's categories cell, in columns: rows fit in 100 */
#define TAIL_AT 70       /* where a row's figures end and its floors moved, p and flag go */
#define TABLE_WIDTH 100  /* no line of the table passes this column */
#define CELL_AT 31       /* where a row's figures start: a line under a row goes on here */

/* Before an item of len columns: sep, or, when the item would take the line (begun at
 * *line in b) past WORDS_WIDTH with room for a "," after it, a "," and a new line
 * indented 4, so DoomRL's level types stay on the screen. */
static void words_sep(textbuf *b, size_t *line, const char *sep, int len)
{
    if (sep[0] == ',' && b->len - *line + strlen(sep) + (size_t)len + 1 > WORDS_WIDTH) {
        textbuf_printf(b, ",\n    ");
        *line = b->len - 4;
        return;
    }
    textbuf_printf(b, "%s", sep);
}

/* A categorical flagged column in words, every category: "type: rooms 60.0 % -> 40.0 %,
 * ..., 12 floors changed category, p < 1e-6 (bowker, Holm)", wrapped at WORDS_WIDTH. */
static void category_words(textbuf *b, const dist_result *r, const dist_col *c,
                           const char *p)
{
    size_t line = b->len;
    textbuf_printf(b, "  %s:", c->name);
    for (int i = 0; i < c->cat_count; i++) {
        double sa = share(c, i, 0, 100.0), sb = share(c, i, 1, 100.0);
        const char *fmt = "%s %.1f %% -> %.1f %%";
        words_sep(b, &line, i ? ", " : " ", snprintf(NULL, 0, fmt, c->cats[i].name, sa, sb));
        textbuf_printf(b, fmt, c->cats[i].name, sa, sb);
    }
    if (r->paired) {
        words_sep(b, &line, ", ", snprintf(NULL, 0, "%d floors changed category", c->changed));
        textbuf_printf(b, "%d floors changed category", c->changed);
    }
    words_sep(b, &line, ", ", snprintf(NULL, 0, "%s (%s, Holm)", p, c->test));
    textbuf_printf(b, "%s (%s, Holm)\n", p, c->test);
}

void dist_text_mix_shift(const dist_result *r, const char *arrow, char *buf, size_t cap)
{
    const dist_col *t = r->types;
    int best = 0;
    double most = -1;
    for (int i = 0; t && i < t->cat_count; i++) {
        double d = fabs(share(t, i, 1, 100.0) - share(t, i, 0, 100.0));
        if (d > most + 1e-9) /* the first of equal moves: the same words every run */
            most = d, best = i;
    }
    if (!t) {
        snprintf(buf, cap, "%s", "");
        return;
    }
    snprintf(buf, cap, "%.40s %.0f%% %s %.0f%%", t->cats[best].name, share(t, best, 0, 100.0),
             arrow, share(t, best, 1, 100.0));
}

/* The level types whose stratum of c was flagged, joined by ", " into buf. */
static void moved_types(const dist_col *c, char *buf, size_t cap)
{
    size_t n = 0;
    buf[0] = '\0';
    for (int k = 0; k < c->stratum_count && n < cap; k++)
        if (c->strata[k].flagged)
            n += (size_t)snprintf(buf + n, cap - n, "%s%.40s", n ? ", " : "",
                                  c->strata[k].type);
}

void dist_text_mix_says(const dist_result *r, const dist_col *c, const char *arrow,
                        char *buf, size_t cap)
{
    char shift[128], moved[160];
    int tested = 0;
    dist_text_mix_shift(r, arrow, shift, sizeof shift);
    moved_types(c, moved, sizeof moved);
    for (int k = 0; k < c->stratum_count; k++)
        tested += c->strata[k].tested;
    if (!c->stratum_count)
        snprintf(buf, cap, "%s", "");
    else if (c->mix_explained)
        snprintf(buf, cap, "explained by the level-type mix (%s); within each type nothing "
                 "moved", shift);
    else if (moved[0])
        snprintf(buf, cap, "not the level-type mix alone: it moved within %s", moved);
    else if (!tested)
        snprintf(buf, cap, "no level type has %d floors a side to tell the mix from a "
                 "change within types", DIST_MIN_FLOORS);
    else if (!r->types->flagged)
        snprintf(buf, cap, "not the level-type mix: the types' shares did not move "
                 "significantly");
    else
        snprintf(buf, cap, "not the level-type mix alone (%s): with the mix held fixed "
                 "more than half the change remains", shift);
}

void dist_text_mix_std(const dist_col *c, char *buf, size_t cap)
{
    if (c->mix_way == 1)
        snprintf(buf, cap, "A's means per type at B's type shares give %.3f (A %.3f, B %.3f)",
                 c->mix_std, c->strata_a, c->strata_b);
    else if (c->mix_way == 2)
        snprintf(buf, cap, "B's means per type at A's type shares give %.3f (A %.3f, B %.3f)",
                 c->mix_std, c->strata_a, c->strata_b);
    else
        snprintf(buf, cap, "each side has a level type the other lacks: the mix cannot be "
                 "held fixed");
}

/* A stratum's mean as a cell of 9 columns, "-" when the side has no floor of the type. */
static void mean_cell(textbuf *b, int n, double mean)
{
    if (n)
        textbuf_printf(b, " %8.3f", mean);
    else
        textbuf_printf(b, " %8s", "-");
}

void dist_text_by_floor(const dist_col *c, const char *arrow, textbuf *b)
{
    for (int i = 0; i < c->floor_count; i++) {
        const dist_floor *f = &c->floors[i];
        textbuf_printf(b, "%s%ld: ", i ? ", " : "", f->floor);
        if (f->na)
            textbuf_printf(b, "%.3g", f->mean_a);
        else
            textbuf_printf(b, "-");
        if (f->nb)
            textbuf_printf(b, " %s %.3g", arrow, f->mean_b);
        else
            textbuf_printf(b, " %s -", arrow);
    }
}

/* "    by floor, mean A -> B: 1: 11.2 -> 9.1, 2: ...", wrapped at WORDS_WIDTH after a ",",
 * when c has means by floor number. */
static void floor_words(textbuf *b, const dist_col *c)
{
    textbuf all = { 0 };
    if (!c->floor_count)
        return;
    dist_text_by_floor(c, "->", &all);
    size_t line = b->len;
    textbuf_printf(b, "    by floor, mean A -> B:");
    for (const char *p = all.s ? all.s : ""; *p;) {
        const char *e = strstr(p, ", ");
        int n = e ? (int)(e - p) : (int)strlen(p);
        words_sep(b, &line, p == all.s ? " " : ", ", n);
        textbuf_printf(b, "%.*s", n, p);
        p += n + (e ? 2 : 0);
    }
    textbuf_printf(b, "\n");
    b->oom |= all.oom;
    textbuf_free(&all);
}

/* A flagged numeric column's level types: the sentence of dist_text_mix_says, then a line
 * a type (floors, means, p), then what A's means at B's type shares give. */
static void strata_words(textbuf *b, const dist_result *r, const dist_col *c)
{
    char says[320], line[160];
    dist_text_mix_says(r, c, "->", says, sizeof says);
    textbuf_printf(b, "    %s\n    %-14s %5s %5s %8s %8s %7s %7s\n", says, "by level type",
                   "A", "B", "mean A", "mean B", "delta %", "p Holm");
    for (int k = 0; k < c->stratum_count; k++) {
        const dist_stratum *t = &c->strata[k];
        char p[16] = "-";
        if (t->tested)
            snprintf(p, sizeof p, t->p_holm < 1e-6 ? "< 1e-6" : "%.2g", t->p_holm);
        textbuf_printf(b, "      %-12.40s %5d %5d", t->type, t->na, t->nb);
        mean_cell(b, t->na, t->mean_a);
        mean_cell(b, t->nb, t->mean_b);
        if (t->na && t->nb && t->mean_a != 0)
            textbuf_printf(b, " %+7.1f", 100.0 * (t->mean_b - t->mean_a) / fabs(t->mean_a));
        else
            textbuf_printf(b, " %7s", "-");
        textbuf_printf(b, " %7s%s\n", p, t->flagged ? " FLAG" : "");
    }
    dist_text_mix_std(c, line, sizeof line);
    textbuf_printf(b, "    %s\n", line);
    floor_words(b, c);
}

/* A flagged column in words: "ways per floor 3.58 -> 2.10 (-41 %), 40 floors down, ...",
 * and by level type when the catalogs have several. */
static void flag_words(textbuf *b, const dist_result *r, const dist_col *c)
{
    char p[32];
    p_words(c->p_holm, p, sizeof p);
    if (c->kind != DIST_NUMERIC) {
        category_words(b, r, c, p);
        return;
    }
    textbuf_printf(b, "  %s per floor %.3g -> %.3g", c->name, c->mean_a, c->mean_b);
    if (isnan(pct(c)))
        textbuf_printf(b, " (none before)");
    else
        textbuf_printf(b, " (%+.0f %%)", pct(c));
    if (r->paired)
        textbuf_printf(b, ", %d floors down, %d up", c->down, c->up);
    textbuf_printf(b, ", %s (%s, Holm)\n", p, c->test);
    if (c->stratum_count)
        strata_words(b, r, c);
}

/* text after indent, broken at spaces so no line passes TABLE_WIDTH (a word longer than
 * a line stays whole on its own). */
static void wrapped(textbuf *b, const char *indent, const char *text)
{
    size_t col = strlen(indent);
    textbuf_printf(b, "%s", indent);
    for (const char *p = text; *p;) {
        size_t n = strcspn(p, " ");
        if (p != text && col + 1 + n > TABLE_WIDTH) {
            textbuf_printf(b, "\n%s", indent);
            col = strlen(indent);
        } else if (p != text) {
            textbuf_printf(b, " ");
            col++;
        }
        textbuf_printf(b, "%.*s", (int)n, p);
        col += n;
        p += n + (p[n] == ' ');
    }
    textbuf_printf(b, "\n");
}

/* The table's first lines: both files, their floors, revision and settings (wrapped),
 * the tests. */
static void table_head(textbuf *b, const dist_result *r)
{
    const dist_side *s[2] = { &r->a, &r->b };
    textbuf_printf(b, "delve stats --compare\n");
    for (int i = 0; i < 2; i++) {
        const char *rev = dist_prov(s[i], "revision"), *set = dist_prov(s[i], "settings");
        if (!s[i]->prov_count) {
            textbuf_printf(b, "  %s: %s  %d floors  (no provenance lines)\n", i ? "B" : "A",
                           s[i]->path, s[i]->rows);
            continue;
        }
        textbuf_printf(b, "  %s: %s  %d floors  revision %s\n", i ? "B" : "A", s[i]->path,
                       s[i]->rows, rev ? rev : "-");
        if (set && set[0])
            wrapped(b, "     ", set);
        const char *gen = dist_prov(s[i], "generator"); /* another program's dungeons */
        if (gen && gen[0])
            wrapped(b, "     ", gen);
    }
    textbuf_printf(b, "  %s;\n  Holm over %d tested columns (%d constant, not tested), alpha "
                   "%g: %d flagged\n",
                   r->paired ? "paired by seed and floor (signed-rank, McNemar-Bowker)"
                             : "two samples (Mann-Whitney U, chi-square)",
                   r->tested, r->constant, r->alpha, r->flagged);
}

/* The categories from *i on that fit in a line of the cell (SHARES_WIDTH columns, at
 * least one category): "rooms 60% -> 40%, caves 40% -> 60%", with a "," after the last
 * when more follow; *i moves past them. A category name past 100 bytes is cut. */
static void shares_line(const dist_col *c, int *i, char *line, size_t cap)
{
    size_t n = 0;
    line[0] = '\0';
    for (; *i < c->cat_count; ++*i) {
        char item[128];
        int len = snprintf(item, sizeof item, "%.100s %.0f%% -> %.0f%%", c->cats[*i].name,
                           share(c, *i, 0, 100.0), share(c, *i, 1, 100.0));
        if (n && n + 2 + (size_t)len + (*i + 1 < c->cat_count) > SHARES_WIDTH)
            break;
        n += (size_t)snprintf(line + n, cap - n, "%s%s", n ? ", " : "", item);
    }
    if (*i < c->cat_count)
        snprintf(line + n, cap - n, ",");
}

/* A categorical column's first line of shares (the rest: shares_rest), or its kind. */
static void table_shares(textbuf *b, const dist_col *c)
{
    char line[160];
    int i = 0;
    if (c->kind != DIST_CATEGORY) {
        textbuf_printf(b, " %-41.41s", KIND_NAMES[c->kind]);
        return;
    }
    shares_line(c, &i, line, sizeof line);
    textbuf_printf(b, " %-41s", line);
}

/* The categories the row's line had no room for, a line each under its shares, so the
 * row keeps the table's width and every category's figures (DoomRL's level types). */
static void shares_rest(textbuf *b, const dist_col *c)
{
    char line[160];
    int i = 0;
    shares_line(c, &i, line, sizeof line);
    while (c->kind == DIST_CATEGORY && i < c->cat_count) {
        shares_line(c, &i, line, sizeof line);
        textbuf_printf(b, "%*s%s\n", CELL_AT, "", line);
    }
}

/* The end of a row after its figures (TAIL_AT columns in): a tested column's floors moved
 * (up/down/same, or "N changed") when paired, Holm's p and FLAG; an untested one's reason
 * when it fits, else "-" for p with the reason on a line of its own (*later). */
static void table_tail(textbuf *b, const dist_result *r, const dist_col *c, int *later)
{
    char moved[32] = "", p[16];
    if (!c->tested) {
        const char *why = c->why ? c->why : "";
        *later = TAIL_AT + 2 + (int)strlen(why) > TABLE_WIDTH;
        if (*later)
            textbuf_printf(b, "  %-12s %7s\n", "", "-");
        else
            textbuf_printf(b, "  %s\n", why);
        return;
    }
    if (r->paired && c->kind == DIST_NUMERIC)
        snprintf(moved, sizeof moved, "%d/%d/%d", c->up, c->down, c->same);
    else if (r->paired)
        snprintf(moved, sizeof moved, "%d changed", c->changed);
    snprintf(p, sizeof p, c->p_holm < 1e-6 ? "< 1e-6" : "%.2g", c->p_holm);
    textbuf_printf(b, "  %-12s %7s%s\n", moved, p, c->flagged ? " FLAG" : "");
}

/* One column's row of the table (TABLE_WIDTH columns at most, a name to 14), and the
 * lines under it: the categories that did not fit, the reason not tested. */
static void table_row(textbuf *b, const dist_result *r, const dist_col *c)
{
    int later = 0;
    textbuf_printf(b, "  %-14s %5d %5d", c->name, c->na, c->nb);
    if (c->kind == DIST_NUMERIC) {
        textbuf_printf(b, " %8.3f %7.3f %8.3f %7.3f", c->mean_a, c->sd_a, c->mean_b, c->sd_b);
        if (isnan(pct(c)))
            textbuf_printf(b, " %7s", "-");  /* none before: no per cent */
        else
            textbuf_printf(b, " %+7.1f", pct(c));
    } else {
        table_shares(b, c);
    }
    table_tail(b, r, c, &later);
    shares_rest(b, c);
    if (later)
        textbuf_printf(b, "%*s%s\n", CELL_AT, "", c->why);
}

/* The readable table: head, flagged columns in words (by level type too), then a row per
 * column, flagged first. */
static void write_table(textbuf *b, const dist_result *r)
{
    table_head(b, r);
    textbuf_printf(b, "\nflagged (%d):\n", r->flagged);
    for (int i = 0; i < r->col_count; i++)
        if (r->cols[i].flagged)
            flag_words(b, r, &r->cols[i]);
    textbuf_printf(b, "\n  %-14s %5s %5s %8s %7s %8s %7s %7s  %-12s %7s\n", "column", "A",
                   "B", "mean A", "sd A", "mean B", "sd B", "delta %",
                   r->paired ? "up/down/same" : "", "p Holm");
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < r->col_count; i++)
            if (r->cols[i].flagged == !pass)
                table_row(b, r, &r->cols[i]);
}

/* "rooms:1.0000>0.9500,caves:0.0000>0.0500": each category's share on each side. */
static void tsv_shares(textbuf *b, const dist_col *c)
{
    for (int i = 0; i < c->cat_count; i++)
        textbuf_printf(b, "%s%s:%.4f>%.4f", i ? "," : "", c->cats[i].name,
                       share(c, i, 0, 1.0), share(c, i, 1, 1.0));
}

/* A column's last four cells: level_type (empty), then when broken down by level type
 * mix_way, mix_std (empty when no way) and mix_explained; empty when not. */
static void tsv_mix(textbuf *b, const dist_col *c)
{
    if (!c->stratum_count)
        textbuf_printf(b, "\t\t\t\t\n");
    else if (!c->mix_way)
        textbuf_printf(b, "\t\t0\t\t%d\n", c->mix_explained);
    else
        textbuf_printf(b, "\t\t%d\t%.6g\t%d\n", c->mix_way, c->mix_std, c->mix_explained);
}

/* One column's TSV line, every figure; empty cells where a figure does not apply. */
static void tsv_line(textbuf *b, const dist_col *c)
{
    textbuf_printf(b, "%s\t%s\t%d\t%d\t", c->name, KIND_NAMES[c->kind], c->na, c->nb);
    if (c->kind == DIST_NUMERIC)
        textbuf_printf(b, "%.6g\t%.6g\t%.6g\t%.6g\t%.6g\t", c->mean_a, c->sd_a, c->mean_b,
                       c->sd_b, c->mean_b - c->mean_a);
    if (c->kind == DIST_NUMERIC && isnan(pct(c)))
        textbuf_printf(b, "\t");  /* none before: empty */
    else if (c->kind == DIST_NUMERIC)
        textbuf_printf(b, "%.6g\t", pct(c));
    else
        textbuf_printf(b, "\t\t\t\t\t\t");
    textbuf_printf(b, "%d\t%d\t%d\t%d\t%s\t", c->up, c->down, c->same, c->changed,
                   c->tested ? c->test : "-");
    if (c->tested)
        textbuf_printf(b, "%.6g\t%.6g\t%.6g\t%d\t%.6g\t%.6g\t", c->t.stat, c->t.z,
                       c->t.effect, c->t.df, c->t.p, c->p_holm);
    else
        textbuf_printf(b, "\t\t\t\t\t\t");
    textbuf_printf(b, "%d\t", c->flagged);
    if (c->kind == DIST_CATEGORY)
        tsv_shares(b, c);
    textbuf_printf(b, "%s%s", c->kind == DIST_CATEGORY && c->why ? "; " : "",
                   c->why ? c->why : "");
    tsv_mix(b, c);
}

/* A stratum's TSV line under its column's: kind "stratum", the level type in its own
 * cell, means (no sd), the rank-sum's figures when tested. */
static void tsv_stratum(textbuf *b, const dist_col *c, const dist_stratum *t)
{
    textbuf_printf(b, "%s\tstratum\t%d\t%d\t%.6g\t\t%.6g\t\t%.6g\t", c->name, t->na, t->nb,
                   t->mean_a, t->mean_b, t->mean_b - t->mean_a);
    if (t->na && t->nb && t->mean_a != 0)
        textbuf_printf(b, "%.6g", 100.0 * (t->mean_b - t->mean_a) / fabs(t->mean_a));
    textbuf_printf(b, "\t\t\t\t\t%s\t", t->tested ? "rank-sum" : "-");
    if (t->tested)
        textbuf_printf(b, "%.6g\t%.6g\t%.6g\t%d\t%.6g\t%.6g\t", t->t.stat, t->t.z,
                       t->t.effect, t->t.df, t->t.p, t->p_holm);
    else
        textbuf_printf(b, "\t\t\t\t\t\t");
    textbuf_printf(b, "%d\t%s\t%s\t\t\t\n", t->flagged,
                   t->tested ? "" : "too few floors to test", t->type);
}

/* A floor number's TSV line under its column's strata: kind "floor", the number in the
 * stratum cell, floors and means (empty when a side has none of that number). */
static void tsv_floor(textbuf *b, const dist_col *c, const dist_floor *f)
{
    textbuf_printf(b, "%s\tfloor\t%d\t%d\t", c->name, f->na, f->nb);
    if (f->na)
        textbuf_printf(b, "%.6g", f->mean_a);
    textbuf_printf(b, "\t\t");
    if (f->nb)
        textbuf_printf(b, "%.6g", f->mean_b);
    textbuf_printf(b, "\t\t");
    if (f->na && f->nb)
        textbuf_printf(b, "%.6g", f->mean_b - f->mean_a);
    textbuf_printf(b, "\t\t\t\t\t\t-\t\t\t\t\t\t\t0\t\t%ld\t\t\t\n", f->floor);
}

static void write_tsv(textbuf *b, const dist_result *r)
{
    textbuf_printf(b, "column\tkind\tfloors_a\tfloors_b\tmean_a\tsd_a\tmean_b\tsd_b\tdelta"
                   "\tdelta_pct\tup\tdown\tsame\tchanged\ttest\tstat\tz\teffect\tdf\tp\tp_holm"
                   "\tflagged\tnote\tstratum\tmix_way\tmix_std\tmix_explained\n");
    for (int i = 0; i < r->col_count; i++) {
        const dist_col *c = &r->cols[i];
        tsv_line(b, c);
        for (int k = 0; k < c->stratum_count; k++)
            tsv_stratum(b, c, &c->strata[k]);
        for (int k = 0; k < c->floor_count; k++)
            tsv_floor(b, c, &c->floors[k]);
    }
}

/* A side's file, floors and provenance ("# key: value" lines, the first of a key). */
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

/* Adds n numbers v under names k to o. */
static void add_numbers(cJSON *o, const char *const *k, const double *v, size_t n)
{
    for (size_t i = 0; i < n; i++)
        cJSON_AddNumberToObject(o, k[i], v[i]);
}

/* A categorical column's floors that changed and its categories' floors a side. */
static void cats_json(cJSON *o, const dist_col *c)
{
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

static cJSON *col_json(const dist_col *c)
{
    static const char *const MOMENTS[] = { "mean_a", "sd_a", "mean_b", "sd_b", "delta",
                                           "delta_pct", "up", "down", "same" };
    static const char *const TEST[] = { "stat", "z", "effect", "df", "n", "p", "p_holm" };
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "column", c->name);
    cJSON_AddStringToObject(o, "kind", KIND_NAMES[c->kind]);
    cJSON_AddNumberToObject(o, "floors_a", c->na);
    cJSON_AddNumberToObject(o, "floors_b", c->nb);
    if (c->kind == DIST_NUMERIC) {
        const double v[] = { c->mean_a, c->sd_a, c->mean_b, c->sd_b, c->mean_b - c->mean_a,
                             pct(c), c->up, c->down, c->same };
        add_numbers(o, MOMENTS, v, sizeof v / sizeof v[0]);
    }
    if (c->kind == DIST_CATEGORY)
        cats_json(o, c);
    cJSON_AddBoolToObject(o, "tested", c->tested);
    if (c->tested) {
        const double v[] = { c->t.stat, c->t.z, c->t.effect, c->t.df, c->t.n, c->t.p,
                             c->p_holm };
        cJSON_AddStringToObject(o, "test", c->test);
        add_numbers(o, TEST, v, sizeof v / sizeof v[0]);
    } else {
        cJSON_AddStringToObject(o, "why", c->why ? c->why : "");
    }
    cJSON_AddBoolToObject(o, "flagged", c->flagged);
    cJSON_AddBoolToObject(o, "constant", c->constant);
    return o;
}

/* One level type's stratum of a flagged column: floors, means, its rank-sum when tested. */
static cJSON *stratum_json(const dist_stratum *t)
{
    static const char *const K[] = { "floors_a", "floors_b", "share_a", "share_b" };
    static const char *const TEST[] = { "stat", "z", "effect", "p", "p_holm" };
    const double v[] = { t->na, t->nb, t->share_a, t->share_b };
    const double w[] = { t->t.stat, t->t.z, t->t.effect, t->t.p, t->p_holm };
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "type", t->type);
    add_numbers(o, K, v, sizeof v / sizeof v[0]);
    if (t->na) /* a side without floors of the type has no mean: null */
        cJSON_AddNumberToObject(o, "mean_a", t->mean_a);
    else
        cJSON_AddNullToObject(o, "mean_a");
    if (t->nb)
        cJSON_AddNumberToObject(o, "mean_b", t->mean_b);
    else
        cJSON_AddNullToObject(o, "mean_b");
    cJSON_AddBoolToObject(o, "tested", t->tested);
    if (t->tested) {
        cJSON_AddStringToObject(o, "test", "rank-sum");
        add_numbers(o, TEST, w, sizeof w / sizeof w[0]);
    }
    cJSON_AddBoolToObject(o, "flagged", t->flagged);
    return o;
}

/* A flagged column broken down by level type: "by_type" (a stratum each) and "mix" (the
 * standardized mean, whether the mix explains the change, and the sentence saying so). */
static void strata_json(cJSON *o, const dist_result *r, const dist_col *c)
{
    char says[320];
    cJSON *by = cJSON_AddArrayToObject(o, "by_type"), *mix = cJSON_AddObjectToObject(o, "mix");
    for (int k = 0; by && k < c->stratum_count; k++)
        cJSON_AddItemToArray(by, stratum_json(&c->strata[k]));
    cJSON *fl = c->floor_count ? cJSON_AddArrayToObject(o, "by_floor") : NULL;
    for (int k = 0; fl && k < c->floor_count; k++) {
        const dist_floor *f = &c->floors[k];
        cJSON *one = cJSON_CreateObject();
        cJSON_AddNumberToObject(one, "floor", (double)f->floor);
        cJSON_AddNumberToObject(one, "floors_a", f->na);
        cJSON_AddNumberToObject(one, "floors_b", f->nb);
        if (f->na) /* no floor of that number on a side: no mean */
            cJSON_AddNumberToObject(one, "mean_a", f->mean_a);
        else
            cJSON_AddNullToObject(one, "mean_a");
        if (f->nb)
            cJSON_AddNumberToObject(one, "mean_b", f->mean_b);
        else
            cJSON_AddNullToObject(one, "mean_b");
        cJSON_AddItemToArray(fl, one);
    }
    if (!mix)
        return;
    cJSON_AddNumberToObject(mix, "mean_a", c->strata_a);
    cJSON_AddNumberToObject(mix, "mean_b", c->strata_b);
    cJSON_AddStringToObject(mix, "held_fixed", c->mix_way == 1 ? "a_means_at_b_shares"
                                               : c->mix_way == 2 ? "b_means_at_a_shares"
                                                                 : "none");
    if (c->mix_way)
        cJSON_AddNumberToObject(mix, "standardized", c->mix_std);
    else
        cJSON_AddNullToObject(mix, "standardized");
    cJSON_AddBoolToObject(mix, "explained", c->mix_explained);
    dist_text_mix_says(r, c, "->", says, sizeof says);
    cJSON_AddStringToObject(mix, "says", says);
}

cJSON *dist_text_json(const dist_result *r)
{
    cJSON *root = cJSON_CreateObject();
    cJSON_AddItemToObject(root, "a", side_json(&r->a));
    cJSON_AddItemToObject(root, "b", side_json(&r->b));
    cJSON_AddBoolToObject(root, "paired", r->paired);
    cJSON_AddNumberToObject(root, "alpha", r->alpha);
    cJSON_AddNumberToObject(root, "tested", r->tested);
    cJSON_AddNumberToObject(root, "flagged", r->flagged);
    cJSON *cols = cJSON_AddArrayToObject(root, "columns");
    for (int i = 0; cols && i < r->col_count; i++) {
        cJSON *o = col_json(&r->cols[i]);
        if (o && r->cols[i].stratum_count)
            strata_json(o, r, &r->cols[i]);
        cJSON_AddItemToArray(cols, o);
    }
    cJSON_AddNumberToObject(root, "constant", r->constant);
    cJSON_AddNumberToObject(root, "mix_explained", r->mix_explained);
    return root;
}

static delve_status write_json(textbuf *b, const dist_result *r, delve_err *err)
{
    cJSON *root = dist_text_json(r);
    char *text = cJSON_Print(root);
    cJSON_Delete(root);
    if (!text)
        return delve_fail(err, DELVE_ENOMEM, "out of memory");
    textbuf_printf(b, "%s\n", text);
    cJSON_free(text);
    return DELVE_OK;
}

delve_status dist_text_write(const dist_result *r, dist_text_format f, textbuf *out,
                             delve_err *err)
{
    delve_status st = DELVE_OK;
    if (f == DIST_TEXT_JSON)
        st = write_json(out, r, err);
    else if (f == DIST_TEXT_TSV)
        write_tsv(out, r);
    else
        write_table(out, r);
    if (!st && out->oom)
        st = delve_fail(err, DELVE_ENOMEM, "out of memory");
    return st;
}

delve_status dist_text_files(const char *path_a, const char *path_b, double alpha,
                             dist_text_format f, textbuf *out, int *flagged,
                             delve_err *err)
{
    dist_result r;
    delve_status st = dist_files(path_a, path_b, alpha, &r, err);
    if (!st)
        st = dist_text_write(&r, f, out, err);
    *flagged = r.flagged;
    dist_free(&r);
    return st;
}
