/* markdown: the review as a short Markdown summary (review/markdown.h). */
#include "review/markdown.h"

#include <stdlib.h>
#include <string.h>

#include "base/textbuf.h"
#include "review/ci.h"
#include "review/repro.h"
#include "review/verdict.h"

static void put(textbuf *b, const char *s)
{
    textbuf_put(b, s, strlen(s));
}

/* Text with the characters that would start emphasis, a link, a code span, an HTML tag
 * or a table cell escaped by a backslash ("< 1e-6" stays: no tag starts with a space). */
static void put_text(textbuf *b, const char *s)
{
    for (; *s; s++) {
        if (strchr("\\`*_[]|", *s) || (*s == '<' && s[1] != ' '))
            put(b, "\\");
        textbuf_put(b, s, 1);
    }
}

/* s as a code span (list items only: in a table GitHub would split a row at its '|'),
 * which CommonMark reads back byte for byte: in single backticks, or, when s holds
 * backticks, in a run one longer than its longest, with a space inside each end (which
 * the reader strips; so too when s starts and ends with a space). A code span cannot hold a line break (it reads as a space): a
 * control byte shows as '?', as in catalog lines. */
static void put_code(textbuf *b, const char *s)
{
    size_t longest = 0, run = 0, len = strlen(s);
    for (const char *p = s; *p; p++) {
        run = *p == '`' ? run + 1 : 0;
        longest = run > longest ? run : longest;
    }
    const char *pad = longest || (len > 1 && s[0] == ' ' && s[len - 1] == ' ') ? " " : "";
    for (size_t i = 0; i <= longest; i++)
        put(b, "`");
    put(b, pad);
    for (; *s; s++)
        textbuf_put(b, (unsigned char)*s < 32 || *s == 127 ? "?" : s, 1);
    put(b, pad);
    for (size_t i = 0; i <= longest; i++)
        put(b, "`");
}

/* "**delve review**: 3 changed, 1 added, 0 removed, 96 same; catalog lines: 2 changed,
 * 0 added, 0 removed" (", 1 unreadable" after the same when a pair could not be read, as
 * the summary line says it; digest-first sets' floors without pictures; the catalog part
 * when either side has one). */
static void counts_line(textbuf *b, const review_result *r)
{
    textbuf_printf(b, "**delve review**: %d changed, %d added, %d removed, %d same",
                   r->count[REVIEW_CHANGED], r->count[REVIEW_ADDED],
                   r->count[REVIEW_REMOVED], r->count[REVIEW_SAME]);
    if (r->count[REVIEW_UNREADABLE])
        textbuf_printf(b, ", %d unreadable", r->count[REVIEW_UNREADABLE]);
    if (r->undrawn || r->same_undrawn) /* digest first: the floors without pictures */
        textbuf_printf(b, "; %d changed floor%s not drawn, %d the same by digest", r->undrawn,
                       r->undrawn == 1 ? "" : "s", r->same_undrawn);
    if (r->catalogs)
        textbuf_printf(b, "; catalog lines: %d changed, %d added, %d removed",
                       r->line_state[REVIEW_CHANGED], r->line_state[REVIEW_ADDED],
                       r->line_state[REVIEW_REMOVED]);
    put(b, "\n");
}

/* The flagged columns with the page's figures (review/ci's ci_figures). */
static void flagged_table(textbuf *b, const review_dist *d)
{
    if (!d || !d->count) {
        put(b, "\nNo distribution table: it needs a catalog.tsv on both sides (and a delve "
               "built with GSL).\n");
        return;
    }
    if (!d->flagged) {
        textbuf_printf(b, "\nNo column flagged (%d tested, Holm, alpha %g).\n", d->tested,
                       d->alpha);
        return;
    }
    textbuf_printf(b, "\n%d of %d tested columns flagged (Holm, alpha %g):\n\n| column | A | B "
                   "| %s | test | p Holm |\n| --- | --- | --- | --- | --- | --- |\n",
                   d->flagged, d->tested, d->alpha, d->paired ? "up / down" : "floors");
    for (int i = 0; i < d->count; i++) {
        const review_dist_row *w = &d->rows[i];
        if (!w->flagged)
            continue;
        ci_figures f;
        ci_figures_of(d, w, &f);
        const char *cell[] = { w->name, f.a, f.b, f.moves, w->test, f.p };
        for (size_t k = 0; k < sizeof cell / sizeof cell[0]; k++) {
            put(b, "| ");
            put_text(b, cell[k]);
            put(b, " ");
        }
        put(b, "|\n");
    }
}

/* The first MARKDOWN_TOP changed pairs in the report's order: name, why (review/ci's
 * failure text without its "changed: "), the command that remakes the PNG. */
static void top_pairs(textbuf *b, const review_result *r)
{
    int n = r->count[REVIEW_CHANGED];
    if (!n) {
        put(b, "\nNo changed pairs.\n");
        return;
    }
    if (n > MARKDOWN_TOP)
        textbuf_printf(b, "\nThe %d largest of %d changed pairs, biggest change first:\n\n",
                       MARKDOWN_TOP, n);
    else
        put(b, "\nChanged pairs, biggest change first:\n\n");
    for (int i = 0, k = 0; i < r->item_count && k < MARKDOWN_TOP; i++) {
        const review_item *it = &r->items[i];
        if (it->state != REVIEW_CHANGED)
            continue;
        char why[1024];
        repro p;
        ci_failure_text(r, it, why, sizeof why);
        repro_of(r, it, &p);
        const char *cmd = repro_main(&p, it);
        textbuf_printf(b, "%d. ", ++k);
        put_code(b, it->name);
        put(b, ": ");
        put_text(b, strncmp(why, "changed: ", 9) ? why : why + 9);
        if (cmd) {
            put(b, "; ");
            put_code(b, cmd);
        }
        put(b, "\n");
    }
}

delve_status markdown_review(const review_result *r, const review_opts *o, char **text,
                             size_t *len, delve_err *err)
{
    textbuf b = { 0 };
    char verdict[VERDICT_MAX];
    counts_line(&b, r);
    verdict_text(r, o ? o->dist : NULL, verdict, sizeof verdict);
    if (verdict[0]) { /* what changed in words, as the page and the terminal open */
        put(&b, "\n");
        put_text(&b, verdict);
        put(&b, "\n");
    }
    flagged_table(&b, o ? o->dist : NULL);
    top_pairs(&b, r);
    if (b.oom || !b.s) {
        free(b.s);
        return delve_fail(err, DELVE_ENOMEM, "out of memory");
    }
    *text = b.s;
    *len = b.len;
    return DELVE_OK;
}
