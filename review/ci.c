/* ci: the review as JSON and as JUnit XML (review/ci.h). */
#include "review/ci.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/textbuf.h"

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

static cJSON *pair_json(const review_result *r, const review_item *it)
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
    return o;
}

static cJSON *summary_json(const review_result *r)
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
    cJSON_AddStringToObject(o, "verdict", review_any_change(r) ? "changed" : "same");
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
    cJSON_AddItemToObject(root, "summary", summary_json(r));
    cJSON *pairs = cJSON_AddArrayToObject(root, "pairs");
    for (int i = 0; pairs && i < r->item_count; i++)
        cJSON_AddItemToArray(pairs, pair_json(r, &r->items[i]));
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

/* Text with & < > " ' escaped, and control bytes XML 1.0 cannot hold as '?'. */
static void put_xml(textbuf *b, const char *s)
{
    for (; *s; s++) {
        const char *e = *s == '&' ? "&amp;" : *s == '<' ? "&lt;" : *s == '>' ? "&gt;"
                        : *s == '"' ? "&quot;" : *s == '\'' ? "&apos;" : NULL;
        if (e)
            put(b, e);
        else if ((unsigned char)*s < 0x20 && *s != '\t' && *s != '\n')
            put(b, "?");
        else
            textbuf_put(b, s, 1);
    }
}

/* Why a pair fails, in one line: "changed: 1234 pixels (0.084 %); catalog: ways 2 -> 3". */
static void failure_text(const review_result *r, const review_item *it, char *buf, size_t size)
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

delve_status ci_junit(const review_result *r, char **text, size_t *len, delve_err *err)
{
    textbuf b = { 0 };
    int failures = 0, untied = untied_lines(r);
    for (int i = 0; i < r->item_count; i++)
        failures += ci_fails(r, &r->items[i]);
    char line[1024];
    snprintf(line, sizeof line, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites "
             "tests=\"%d\" failures=\"%d\">\n<testsuite name=\"delve review\" tests=\"%d\" "
             "failures=\"%d\" errors=\"0\" skipped=\"0\">\n", r->item_count + 1,
             failures + (untied > 0), r->item_count + 1, failures + (untied > 0));
    put(&b, line);
    for (int i = 0; i < r->item_count; i++) {
        const review_item *it = &r->items[i];
        put(&b, "<testcase classname=\"delve.review\" name=\"");
        put_xml(&b, it->name);
        if (!ci_fails(r, it)) {
            put(&b, "\"/>\n");
            continue;
        }
        failure_text(r, it, line, sizeof line);
        put(&b, "\"><failure type=\"");
        put(&b, it->state != REVIEW_SAME ? STATE[it->state] : "catalog");
        put(&b, "\" message=\"");
        put_xml(&b, line);
        put(&b, "\"/></testcase>\n");
    }
    put(&b, "<testcase classname=\"delve.review\" name=\"catalog.tsv\"");
    snprintf(line, sizeof line, "><failure type=\"catalog\" message=\"%d catalog lines "
             "without a PNG changed, were added or removed\"/></testcase>\n", untied);
    put(&b, untied ? line : "/>\n");
    put(&b, "</testsuite>\n</testsuites>\n");
    if (b.oom) {
        free(b.s);
        return delve_fail(err, DELVE_ENOMEM, "out of memory");
    }
    *text = b.s;
    *len = b.len;
    return DELVE_OK;
}
