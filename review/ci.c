/* ci: the review as JSON and as JUnit XML (review/ci.h). */
#include "review/ci.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/textbuf.h"
#include "review/repro.h"
#include "review/verdict.h"

static const char *const STATE[REVIEW_STATE_COUNT] = {
    [REVIEW_CHANGED] = "changed", [REVIEW_ADDED] = "added",
    [REVIEW_REMOVED] = "removed", [REVIEW_SAME] = "same",
    [REVIEW_UNREADABLE] = "unreadable",
};

int ci_fails(const review_result *r, const review_item *it)
{
    const review_line *l = it->line >= 0 ? &r->lines[it->line] : NULL;
    return it->state != REVIEW_SAME || it->cells > 0 ||
           (l && (l->state == REVIEW_ADDED || l->state == REVIEW_REMOVED));
}

/* {"revision": ..., ...}: one side's provenance lines. */
static cJSON *prov_json(const review_result *r, int side, const char *dir)
{
    cJSON *o = cJSON_CreateObject(), *p = cJSON_AddObjectToObject(o, "provenance");
    cJSON_AddStringToObject(o, "folder", dir);
    for (int i = 0; p && i < r->prov_count[side]; i++) {
        const char *kv = r->prov[side][i], *colon = strstr(kv, ": ");
        char key[64];
        snprintf(key, sizeof key, "%.*s", (int)(colon - kv), kv);
        if (!cJSON_GetObjectItemCaseSensitive(p, key))
            cJSON_AddStringToObject(p, key, colon + 2);
    }
    return o;
}

/* [{"column": "ways", "base": "2", "head": "3"}, ...]: the pair's changed cells. */
static cJSON *cells_json(const review_result *r, const review_item *it, int *type_cell)
{
    cJSON *a = cJSON_CreateArray();
    char name[64], x[256], y[256];
    for (int c = 2; review_cell(r, it, c, name, sizeof name, x, y, sizeof x); c++) {
        if (!strcmp(x, y) || !r->lines[it->line].base || !r->lines[it->line].head)
            continue;
        cJSON *one = cJSON_CreateObject();
        cJSON_AddStringToObject(one, "column", name);
        cJSON_AddStringToObject(one, "base", x);
        cJSON_AddStringToObject(one, "head", y);
        cJSON_AddItemToArray(a, one);
        if (!strcmp(name, "type"))
            *type_cell = cJSON_GetArraySize(a) - 1;
    }
    return a;
}

static void diff_json(cJSON *o, const review_item *it)
{
    const diff_result *d = &it->diff;
    cJSON_AddNumberToObject(o, "diff_pixels", (double)d->changed);
    cJSON_AddNumberToObject(o, "total_pixels", (double)d->total);
    cJSON_AddNumberToObject(o, "diff_ratio", d->total ? (double)d->changed / (double)d->total : 0);
    cJSON_AddBoolToObject(o, "size_differs", d->size_differs);
    if (d->x0 >= 0) {
        int box[4] = { d->x0, d->y0, d->x1, d->y1 };
        cJSON_AddItemToObject(o, "box", cJSON_CreateIntArray(box, 4));
    }
}

/* The path of the pair's diff image from the report's folder, "diff/" and its name
 * (review_diff_name), into buf: 1 when there is one (o->page, decoded, and pixels or the
 * size differ, also within the --max-diff limits), else 0. */
static int diff_image_path(const review_opts *o, const review_item *it, char *buf, size_t size)
{
    const diff_result *d = &it->diff;
    char dn[REVIEW_NAME_CAP];
    if (!o || !o->page || it->identical ||
        (it->state != REVIEW_CHANGED && it->state != REVIEW_SAME) ||
        (d->changed == 0 && !d->size_differs))
        return 0;
    review_diff_name(it, dn, sizeof dn);
    return snprintf(buf, size, "diff/%s", dn) < (int)size;
}

/* The catalog line's key cell col (0 seed, 1 floor) as a JSON number (its digits as
 * written, without leading zeros: a seed of 64 bits passes what a double holds), or null
 * when the pair has no catalog line. */
static cJSON *key_json(const review_result *r, const review_item *it, int col)
{
    char name[64], a[64], b[64];
    if (it->line < 0 || !review_cell(r, it, col, name, sizeof name, a, b, sizeof a))
        return cJSON_CreateNull();
    const char *v = r->lines[it->line].base ? a : b;
    v += strspn(v, "0");
    return cJSON_CreateRaw(*v ? v : "0");
}

/* seed, floor, diff_image and reproduce_lines (the commands the page shows). */
static void pair_extras(cJSON *o, const review_result *r, const review_opts *opts,
                        const review_item *it)
{
    cJSON_AddItemToObject(o, "seed", key_json(r, it, 0));
    cJSON_AddItemToObject(o, "floor", key_json(r, it, 1));
    char path[REVIEW_NAME_CAP + 8];
    cJSON_AddItemToObject(o, "diff_image", diff_image_path(opts, it, path, sizeof path)
                                               ? cJSON_CreateString(path) : cJSON_CreateNull());
    repro p;
    repro_of(r, it, &p);
    cJSON *lines = cJSON_AddArrayToObject(o, "reproduce_lines");
    for (int k = 0; lines && repro_line(&p, k); k++)
        cJSON_AddItemToArray(lines, cJSON_CreateString(repro_line(&p, k)));
}

static cJSON *pair_json(const review_result *r, const review_opts *opts, const review_item *it)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "name", it->name);
    if (it->base_name) /* only then: every other review's bytes stay */
        cJSON_AddStringToObject(o, "base_name", it->base_name);
    cJSON_AddStringToObject(o, "state", STATE[it->state]);
    cJSON_AddBoolToObject(o, "identical_bytes", it->identical);
    cJSON_AddBoolToObject(o, "within_limits", it->within);
    cJSON_AddBoolToObject(o, "fails", ci_fails(r, it));
    if (it->fault)
        cJSON_AddStringToObject(o, "error", it->fault);
    if (!it->identical && (it->state == REVIEW_CHANGED || it->state == REVIEW_SAME))
        diff_json(o, it);
    if (it->line >= 0) {
        int type_cell = -1;
        cJSON_AddStringToObject(o, "catalog", STATE[r->lines[it->line].state]);
        cJSON *cells = cells_json(r, it, &type_cell);
        cJSON_AddNumberToObject(o, "cells_changed", cJSON_GetArraySize(cells));
        cJSON_AddBoolToObject(o, "type_changed", it->type_changed);
        cJSON_AddItemToObject(o, "cells", cells);
    }
    char cmd[1024];
    const char *side_name[2] = { "base", "head" };
    cJSON *rep = cJSON_AddObjectToObject(o, "reproduce");
    for (int side = 0; rep && side < 2; side++) {
        cJSON *one = cJSON_CreateObject();
        if (review_reproduce(r, side, "view", it, cmd, sizeof cmd))
            cJSON_AddStringToObject(one, "view", cmd);
        if (review_reproduce(r, side, "shot", it, cmd, sizeof cmd))
            cJSON_AddStringToObject(one, "shot", cmd);
        cJSON_AddItemToObject(rep, side_name[side], one);
    }
    pair_extras(o, r, opts, it);
    return o;
}

/* A categorical row's shares "rooms 60.0% → 40.0%, caves ..." (review_dist_row.cats)
 * as each side's: "rooms 60.0%, caves ..." and "rooms 40.0%, ...". A row that is not
 * in that form (its kind, "removed") goes to both sides whole. */
static void cats_split(const char *cats, ci_figures *f)
{
    static const char ARROW[] = " → ";
    size_t na = 0, nb = 0;
    f->a[0] = f->b[0] = '\0';
    for (const char *p = cats; *p && na < sizeof f->a && nb < sizeof f->b;) {
        const char *arrow = strstr(p, ARROW), *sp = arrow;
        while (sp && sp > p && sp[-1] != ' ')
            sp--;
        const char *pb = arrow ? arrow + strlen(ARROW) : NULL, *end = pb ? strchr(pb, '%') : NULL;
        if (!end || sp == p) {
            snprintf(f->a, sizeof f->a, "%s", cats);
            snprintf(f->b, sizeof f->b, "%s", cats);
            return;
        }
        const char *sep = na ? ", " : "";
        na += (size_t)snprintf(f->a + na, sizeof f->a - na, "%s%.*s", sep, (int)(arrow - p), p);
        nb += (size_t)snprintf(f->b + nb, sizeof f->b - nb, "%s%.*s%.*s", sep, (int)(sp - p), p,
                               (int)(end + 1 - pb), pb);
        p = end + 1 + (strncmp(end + 1, ", ", 2) ? 0 : 2);
    }
}

/* The page's figures of a distribution row (its flagged table's cells). */
void ci_figures_of(const review_dist *d, const review_dist_row *w, ci_figures *f)
{
    if (w->numeric) {
        snprintf(f->a, sizeof f->a, "%.3f (%.3f)", w->mean_a, w->sd_a);
        snprintf(f->b, sizeof f->b, "%.3f (%.3f)", w->mean_b, w->sd_b);
    } else {
        cats_split(w->cats ? w->cats : "", f);
    }
    f->moves[0] = f->p[0] = '\0';
    if (d->paired && w->numeric)
        snprintf(f->moves, sizeof f->moves, "%d / %d", w->up, w->down);
    else if (d->paired)
        snprintf(f->moves, sizeof f->moves, "%d changed", w->changed);
    if (w->tested)
        snprintf(f->p, sizeof f->p, w->p_holm < 1e-6 ? "< 1e-6" : "%.2g", w->p_holm);
}

/* {"column": "ways", "a": "2.100 (0.300)", "b": ..., "down": 0, "up": 40, "p": "< 1e-6"} */
static cJSON *flagged_json(const review_dist *d, const review_dist_row *w)
{
    ci_figures f;
    ci_figures_of(d, w, &f);
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "column", w->name);
    cJSON_AddStringToObject(o, "a", f.a);
    cJSON_AddStringToObject(o, "b", f.b);
    int moves = d->paired && w->numeric;
    cJSON_AddItemToObject(o, "down", moves ? cJSON_CreateNumber(w->down) : cJSON_CreateNull());
    cJSON_AddItemToObject(o, "up", moves ? cJSON_CreateNumber(w->up) : cJSON_CreateNull());
    cJSON_AddItemToObject(o, "changed", d->paired && !w->numeric ? cJSON_CreateNumber(w->changed)
                                                                 : cJSON_CreateNull());
    cJSON_AddStringToObject(o, "test", w->test);
    cJSON_AddStringToObject(o, "p", f.p);
    return o;
}

/* The flagged columns of the distribution table, flagged first as the page lists them;
 * null when there is no table. */
static cJSON *flagged_list(const review_dist *d)
{
    if (!d || !d->count)
        return cJSON_CreateNull();
    cJSON *a = cJSON_CreateArray();
    for (int i = 0; a && i < d->count; i++)
        if (d->rows[i].flagged)
            cJSON_AddItemToArray(a, flagged_json(d, &d->rows[i]));
    return a;
}

static cJSON *summary_json(const review_result *r, const review_dist *d)
{
    cJSON *o = cJSON_CreateObject(), *c = cJSON_CreateObject();
    for (int s = 0; s <= REVIEW_SAME; s++)
        cJSON_AddNumberToObject(o, STATE[s], r->count[s]);
    if (r->count[REVIEW_UNREADABLE]) /* only then: every other review's bytes stay */
        cJSON_AddNumberToObject(o, STATE[REVIEW_UNREADABLE], r->count[REVIEW_UNREADABLE]);
    cJSON_AddNumberToObject(o, "within_limits", r->within);
    cJSON_AddNumberToObject(o, "changed_in_game_terms", r->game);
    cJSON_AddBoolToObject(o, "catalogs", r->catalogs == 3);
    for (int s = 0; s <= REVIEW_SAME; s++) /* a catalog line is never unreadable */
        cJSON_AddNumberToObject(c, STATE[s], r->line_state[s]);
    cJSON_AddItemToObject(o, "catalog_lines", c);
    if (r->undrawn || r->same_undrawn || r->to_draw) { /* floors without pictures: only then */
        cJSON *g = cJSON_CreateObject();
        cJSON_AddNumberToObject(g, "changed_not_drawn", r->undrawn);
        cJSON_AddNumberToObject(g, "same_not_drawn", r->same_undrawn);
        cJSON_AddNumberToObject(g, "to_draw", r->to_draw);
        if (r->planned)
            cJSON_AddStringToObject(g, "draw_list", "draw.tsv");
        cJSON_AddItemToObject(o, "digests", g);
    }
    cJSON_AddStringToObject(o, "verdict", review_any_change(r) ? "changed" : "same");
    cJSON_AddItemToObject(o, "flagged", flagged_list(d));
    char says[VERDICT_MAX];
    verdict_text(r, d, says, sizeof says); /* the page's first sentences, for a bot to quote */
    cJSON_AddStringToObject(o, "says", says);
    return o;
}

static cJSON *opts_json(const review_opts *o)
{
    cJSON *j = cJSON_CreateObject();
    if (o->diff.threshold_milli >= 0)
        cJSON_AddNumberToObject(j, "threshold", o->diff.threshold_milli / 1000.0);
    else
        cJSON_AddNullToObject(j, "threshold");
    cJSON_AddBoolToObject(j, "aa", o->diff.aa);
    if (o->max_pixels >= 0)
        cJSON_AddNumberToObject(j, "max_diff_pixels", (double)o->max_pixels);
    else
        cJSON_AddNullToObject(j, "max_diff_pixels");
    if (o->max_ratio_ppb >= 0)
        cJSON_AddNumberToObject(j, "max_diff_ratio", (double)o->max_ratio_ppb / 1e9);
    else
        cJSON_AddNullToObject(j, "max_diff_ratio");
    return j;
}

delve_status ci_json(const review_result *r, const char *base, const char *head,
                     const review_opts *o, const cJSON *dist_json, char **text,
                     delve_err *err)
{
    cJSON *root = cJSON_CreateObject();
    cJSON_AddStringToObject(root, "schema", "delve-review/1");
    cJSON_AddItemToObject(root, "base", prov_json(r, 0, base));
    cJSON_AddItemToObject(root, "head", prov_json(r, 1, head));
    cJSON_AddItemToObject(root, "options", opts_json(o));
    cJSON_AddItemToObject(root, "summary", summary_json(r, o->dist));
    cJSON *pairs = cJSON_AddArrayToObject(root, "pairs");
    for (int i = 0; pairs && i < r->item_count; i++)
        cJSON_AddItemToArray(pairs, pair_json(r, o, &r->items[i]));
    cJSON_AddItemToObject(root, "distribution",
                          dist_json ? cJSON_Duplicate(dist_json, 1) : cJSON_CreateNull());
    *text = cJSON_Print(root);
    cJSON_Delete(root);
    if (!*text)
        return delve_fail(err, DELVE_ENOMEM, "out of memory");
    size_t n = strlen(*text);
    char *t = realloc(*text, n + 2);
    if (!t) {
        free(*text);
        return delve_fail(err, DELVE_ENOMEM, "out of memory");
    }
    memcpy(t + n, "\n", 2);
    *text = t;
    return DELVE_OK;
}

/* --- JUnit ---------------------------------------------------------------------- */

static void put(textbuf *b, const char *s)
{
    textbuf_put(b, s, strlen(s));
}

/* Text with & < > " ' escaped, a tab, newline or CR as a character reference (an
 * attribute's raw ones read back as spaces), and the C0 bytes XML 1.0 cannot hold at all
 * as '?'. */
static void put_xml(textbuf *b, const char *s)
{
    for (; *s; s++) {
        const char *e = *s == '&' ? "&amp;" : *s == '<' ? "&lt;" : *s == '>' ? "&gt;"
                        : *s == '"' ? "&quot;" : *s == '\'' ? "&apos;" : NULL;
        if (e)
            put(b, e);
        else if (*s == '\t' || *s == '\n' || *s == '\r') /* as references: an attribute */
            put(b, *s == '\t' ? "&#9;" : *s == '\n' ? "&#10;" : "&#13;");  /* keeps them */
        else if ((unsigned char)*s < 0x20)  /* XML 1.0 holds no other C0 byte at all */
            put(b, "?");
        else
            textbuf_put(b, s, 1);
    }
}

void ci_failure_text(const review_result *r, const review_item *it, char *buf, size_t size)
{
    const diff_result *d = &it->diff;
    int n = 0;
    if (it->state == REVIEW_UNREADABLE)
        n = snprintf(buf, size, "unreadable: %s", it->fault);
    else if (it->state == REVIEW_CHANGED && d->size_differs)
        n = snprintf(buf, size, "changed: size %d x %d became %d x %d", d->aw, d->ah, d->bw, d->bh);
    else if (it->state == REVIEW_CHANGED)
        n = snprintf(buf, size, "changed: %lld pixels (%.3f %%)", (long long)d->changed,
                     d->total ? 100.0 * (double)d->changed / (double)d->total : 0.0);
    else if (it->state != REVIEW_SAME)
        n = snprintf(buf, size, "%s: only in %s", STATE[it->state],
                     it->state == REVIEW_ADDED ? "HEAD" : "BASE");
    char name[64], x[64], y[64];
    for (int c = 2; n >= 0 && (size_t)n < size && it->cells &&
                    review_cell(r, it, c, name, sizeof name, x, y, sizeof x); c++)
        if (strcmp(x, y))
            n += snprintf(buf + n, size - (size_t)n, "%s%s %s -> %s",
                          n == 0 ? "catalog: " : strstr(buf, "catalog: ") ? ", " : "; catalog: ",
                          name, x, y);
    if (n == 0)
        snprintf(buf, size, "catalog line %s", STATE[r->lines[it->line].state]);
}

/* The catalog lines no pair is tied to that changed, were added or removed. */
static int untied_lines(const review_result *r)
{
    int n = 0;
    char *tied = calloc((size_t)r->line_count + 1, 1);
    for (int i = 0; tied && i < r->item_count; i++)
        if (r->items[i].line >= 0)
            tied[r->items[i].line] = 1;
    for (int i = 0; i < r->line_count; i++)
        n += (!tied || !tied[i]) && r->lines[i].state != REVIEW_SAME;
    free(tied);
    return n;
}

/* A failing pair's message: why, its diff image under report/diff/ and the command that
 * remakes its PNG, when there are. */
static void failure_message(const review_result *r, const review_opts *o, const char *report,
                            const review_item *it, textbuf *b)
{
    char why[1024], path[REVIEW_NAME_CAP + 8];
    repro p;
    ci_failure_text(r, it, why, sizeof why);
    repro_of(r, it, &p);
    const char *cmd = repro_main(&p, it);
    put_xml(b, why);
    if (report && diff_image_path(o, it, path, sizeof path)) {
        size_t n = strlen(report);
        while (n > 1 && report[n - 1] == '/')
            n--;
        put(b, "; diff image: ");
        for (size_t i = 0; i < n; i++)
            put_xml(b, (char[2]){ report[i], '\0' });
        put(b, "/");
        put_xml(b, path);
    }
    if (cmd) {
        put(b, "; reproduce: ");
        put_xml(b, cmd);
    }
}

static void pair_cases(const review_result *r, const review_opts *o, const char *report,
                       textbuf *b)
{
    for (int i = 0; i < r->item_count; i++) {
        const review_item *it = &r->items[i];
        put(b, "<testcase classname=\"delve.review\" name=\"");
        put_xml(b, it->name);
        if (!ci_fails(r, it)) {
            put(b, "\"/>\n");
            continue;
        }
        put(b, "\"><failure type=\"");
        put(b, it->state != REVIEW_SAME ? STATE[it->state] : "catalog");
        put(b, "\" message=\"");
        failure_message(r, o, report, it, b);
        put(b, "\"/></testcase>\n");
    }
}

/* The distribution columns' suite: a testcase per tested column, in the page's order
 * (flagged first), failing when flagged: "flagged: A 2.100 (0.300), B 2.600 (0.400);
 * up / down 40 / 0; signed-rank, p Holm < 1e-6". */
static void dist_suite(const review_dist *d, textbuf *b)
{
    if (!d || !d->tested)
        return;
    textbuf_printf(b, "<testsuite name=\"delve review distributions\" tests=\"%d\" "
                   "failures=\"%d\" errors=\"0\" skipped=\"0\">\n", d->tested, d->flagged);
    for (int i = 0; i < d->count; i++) {
        const review_dist_row *w = &d->rows[i];
        if (!w->tested)
            continue;
        put(b, "<testcase classname=\"delve.review.distribution\" name=\"");
        put_xml(b, w->name);
        if (!w->flagged) {
            put(b, "\"/>\n");
            continue;
        }
        ci_figures f;
        ci_figures_of(d, w, &f);
        put(b, "\"><failure type=\"flagged\" message=\"flagged: A ");
        put_xml(b, f.a);
        put(b, ", B ");
        put_xml(b, f.b);
        if (f.moves[0])
            textbuf_printf(b, "; %s %s", w->numeric ? "up / down" : "floors", f.moves);
        put(b, "; ");
        put_xml(b, w->test);
        put(b, ", p Holm ");
        put_xml(b, f.p);
        put(b, "\"/></testcase>\n");
    }
    put(b, "</testsuite>\n");
}

delve_status ci_junit(const review_result *r, const review_opts *o, const char *report,
                      char **text, size_t *len, delve_err *err)
{
    textbuf b = { 0 };
    const review_dist *d = o ? o->dist : NULL;
    int failures = 0, untied = untied_lines(r), dtests = d ? d->tested : 0;
    for (int i = 0; i < r->item_count; i++)
        failures += ci_fails(r, &r->items[i]);
    failures += untied > 0;
    textbuf_printf(&b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites tests=\"%d\" "
                   "failures=\"%d\">\n<testsuite name=\"delve review\" tests=\"%d\" "
                   "failures=\"%d\" errors=\"0\" skipped=\"0\">\n", r->item_count + 1 + dtests,
                   failures + (dtests ? d->flagged : 0), r->item_count + 1, failures);
    /* The verdict, what the page opens with (review/verdict.h), where CI servers show a
     * suite's own words: as a property, which Jenkins' junit plugin and GitLab keep with
     * the suite, and as its <system-out>, the suite's log (the Ant JUnit schema's
     * order: properties, then the testcases, then system-out). */
    char says[VERDICT_MAX];
    verdict_text(r, d, says, sizeof says);
    put(&b, "<properties><property name=\"verdict\" value=\"");
    put_xml(&b, says);
    put(&b, "\"/></properties>\n");
    pair_cases(r, o, report, &b);
    put(&b, "<testcase classname=\"delve.review\" name=\"catalog.tsv\"");
    if (untied)
        textbuf_printf(&b, "><failure type=\"catalog\" message=\"%d catalog lines without a "
                       "PNG changed, were added or removed\"/></testcase>\n", untied);
    else
        put(&b, "/>\n");
    put(&b, "<system-out>");
    put_xml(&b, says);
    put(&b, "</system-out>\n</testsuite>\n");
    dist_suite(d, &b);
    put(&b, "</testsuites>\n");
    if (b.oom) {
        free(b.s);
        return delve_fail(err, DELVE_ENOMEM, "out of memory");
    }
    *text = b.s;
    *len = b.len;
    return DELVE_OK;
}
