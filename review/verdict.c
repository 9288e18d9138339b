/* verdict: a review in one or two sentences (docs/review.md "The verdict"). */
#include "review/verdict.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "base/textbuf.h"
#include "review/catrow.h"

/* Columns whose catalog name reads poorly in a sentence, and their words
 * (docs/catalog-format.md says what each counts). */
static const struct column_words {
    const char *name, *words;
} COLUMN_WORDS[] = {
    { "type", "level type" },
    { "validator", "importer's verdict" },
    { "dlevel", "DoomRL depth" },
    { "fluid", "fluid squares" },
    { "ways_lift", "lift ways" },
    { "ways_ladder", "ladder ways" },
    { "ways_stair", "stair ways" },
    { "ways_ramp", "ramp ways" },
    { "ways_spiral", "spiral ways" },
    { "curve_squares", "curve-marked squares" },
    { "turn_squares", "turning stair squares" },
    { "sunk", "sunk rooms" },
    { "raised", "raised rooms" },
    { "graded", "graded rooms" },
    { "spirals_within", "spirals within the floor" },
    { "stand", "squares to stand on" },
    { "blocked", "blocked squares" },
    { "room_floor", "room floor squares" },
    { "corridor_floor", "corridor squares" },
    { "room_areas", "areas of room floor" },
    { "reach_pm", "share reached from the entrance (per mille)" },
    { "goal_walk", "walk from entrance to goal" },
    { "parts", "walking parts" },
};

/* "s" unless n is 1. */
static const char *plural(int n)
{
    return n == 1 ? "" : "s";
}

/* Column name w in words: the table above, else the name with '_' as ' ', its first
 * letter a capital when cap. */
static void column_words(textbuf *b, const char *name, int cap)
{
    char w[64];
    snprintf(w, sizeof w, "%s", name);
    for (size_t i = 0; i < sizeof COLUMN_WORDS / sizeof COLUMN_WORDS[0]; i++)
        if (!strcmp(name, COLUMN_WORDS[i].name))
            snprintf(w, sizeof w, "%s", COLUMN_WORDS[i].words);
    for (char *p = w; *p; p++)
        *p = *p == '_' ? ' ' : *p;
    if (cap)
        w[0] = (char)toupper((unsigned char)w[0]);
    textbuf_printf(b, "%s", w);
}

/* 1 when the row is a column on one side only (its cats say "added" or "removed"). */
static int one_sided(const review_dist_row *w)
{
    return !w->numeric && w->cats && (!strcmp(w->cats, "added") || !strcmp(w->cats, "removed"));
}

/* A flagged numeric column: "Stations per floor fell from 0.491 to 0.253 (214 floors
 * down, 0 up)"; means to 3 digits as `delve stats --compare` words them. */
static void numeric_words(textbuf *b, const review_dist *d, const review_dist_row *w, int cap)
{
    char ma[32], mb[32];
    snprintf(ma, sizeof ma, "%.3g", w->mean_a);
    snprintf(mb, sizeof mb, "%.3g", w->mean_b);
    column_words(b, w->name, cap);
    if (!strcmp(ma, mb))
        textbuf_printf(b, " per floor stayed at %s on average", ma);
    else
        textbuf_printf(b, " per floor %s from %s to %s",
                       w->mean_b > w->mean_a ? "rose" : "fell", ma, mb);
    if (d->paired)
        textbuf_printf(b, " (%d floor%s down, %d up)", w->down, plural(w->down), w->up);
    else
        textbuf_printf(b, " (%d floor%s before, %d after)", w->na, plural(w->na), w->nb);
}

/* A flagged categorical column: "Level type changed on 12 floors (rooms 60.0% → 40.0%,
 * caves 40.0% → 60.0%)"; the shares left out when long. */
static void category_words(textbuf *b, const review_dist *d, const review_dist_row *w,
                           int cap)
{
    column_words(b, w->name, cap);
    if (d->paired)
        textbuf_printf(b, " changed on %d floor%s", w->changed, plural(w->changed));
    else
        textbuf_printf(b, " shares moved");
    if (w->cats && strlen(w->cats) < VERDICT_CATS_MAX)
        textbuf_printf(b, " (%s)", w->cats);
}

/* Before item k of n in a list: "", ", " or " and ". */
static const char *list_sep(int k, int n)
{
    return !k ? "" : k == n - 1 ? " and " : ", ";
}

/* Which rows a list takes (kind: "added" or "removed" for one_sided_row), and how it
 * says one (first: at the start of a sentence). */
typedef int (*row_pick)(const review_dist_row *w, const char *kind);
typedef void (*row_say)(textbuf *b, const review_dist *d, const review_dist_row *w,
                        int first);

/* Rows of d that pick takes. */
static int row_count(const review_dist *d, row_pick pick, const char *kind)
{
    int n = 0;
    for (int i = 0; d && i < d->count; i++)
        n += pick(&d->rows[i], kind);
    return n;
}

/* The rows pick takes, joined "A, B and C": VERDICT_NAMED of them said, then "and N more
 * WHATs", so a verdict keeps to VERDICT_MAX however many columns a catalog has. */
static void row_list(textbuf *b, const review_dist *d, row_pick pick, const char *kind,
                     row_say say, const char *what)
{
    int n = row_count(d, pick, kind), shown = n < VERDICT_NAMED ? n : VERDICT_NAMED, k = 0;
    for (int i = 0; i < d->count && k < shown; i++) {
        if (!pick(&d->rows[i], kind))
            continue;
        textbuf_printf(b, "%s", list_sep(k, shown + (n > shown)));
        say(b, d, &d->rows[i], !k);
        k++;
    }
    if (n > shown)
        textbuf_printf(b, " and %d more %s%s", n - shown, what, plural(n - shown));
}

/* Floors an unflagged paired column moved on: up and down, or changed category. */
static int moved(const review_dist_row *w)
{
    return w->numeric ? w->up + w->down : w->changed;
}

static int flagged_row(const review_dist_row *w, const char *kind)
{
    (void)kind;
    return w->flagged;
}

/* An unflagged column that moved on some floor. */
static int moved_row(const review_dist_row *w, const char *kind)
{
    (void)kind;
    return !w->flagged && !one_sided(w) && moved(w) > 0;
}

/* A column on one side only, of kind "added" or "removed". */
static int one_sided_row(const review_dist_row *w, const char *kind)
{
    return one_sided(w) && !strcmp(w->cats, kind);
}

static void say_flagged(textbuf *b, const review_dist *d, const review_dist_row *w, int first)
{
    if (w->numeric)
        numeric_words(b, d, w, first);
    else
        category_words(b, d, w, first);
}

/* A flagged row the level-type mix explains (review_dist_row.mix_explained). */
static int explained_row(const review_dist_row *w, const char *kind)
{
    (void)kind;
    return w->flagged && w->mix_explained;
}

/* A flagged row the mix does not explain, but the level-type column kind ("type") itself
 * when kind is given: the mix's sentence has said it. */
static int other_flagged_row(const review_dist_row *w, const char *kind)
{
    return w->flagged && !w->mix_explained && !(kind && !strcmp(w->name, kind));
}

/* "rooms per floor 5.12 → 4.3": a column the mix explains, means as numeric_words has
 * them. */
static void say_explained(textbuf *b, const review_dist *d, const review_dist_row *w,
                          int first)
{
    (void)d, (void)first; /* mid-sentence: no capital */
    column_words(b, w->name, 0);
    textbuf_printf(b, " per floor %.3g → %.3g", w->mean_a, w->mean_b);
}

/* The flagged columns when the level-type mix explains some (spec review-stats.md
 * "Level-type mix"): the mix named as their cause first, then any other flagged column.
 * "The level-type mix changed (caves 20% → 40%): it explains rooms per floor 5.1 → 4.3;
 * within each level type nothing moved. Also flagged: Monsters per floor rose ..." */
static void mix_words(textbuf *b, const review_dist *d)
{
    const char *type = "type"; /* review/dist.h's DIST_TYPE_COLUMN */
    textbuf_printf(b, "The level-type mix changed (%s): it explains ", d->mix_shift);
    row_list(b, d, explained_row, NULL, say_explained, "column");
    textbuf_printf(b, "; within each level type nothing moved");
    if (!row_count(d, other_flagged_row, type))
        return;
    textbuf_printf(b, ". Also flagged: ");
    row_list(b, d, other_flagged_row, type, say_flagged, "flagged column");
}

/* "pits (1 floor)" */
static void say_moved(textbuf *b, const review_dist *d, const review_dist_row *w, int first)
{
    (void)d, (void)first;
    column_words(b, w->name, 0);
    textbuf_printf(b, " (%d floor%s)", moved(w), plural(moved(w)));
}

/* The column's catalog name, as the table lists it. */
static void say_name(textbuf *b, const review_dist *d, const review_dist_row *w, int first)
{
    (void)d, (void)first;
    textbuf_printf(b, "%s", w->name);
}

/* Paired, unflagged columns that moved on some floor: "pits (1 floor) and monsters (4
 * floors) moved too little to flag". Two samples (other seeds) always differ a little:
 * only a flag speaks for them. 0 when none. */
static int unflagged_words(textbuf *b, const review_dist *d, const char *sep)
{
    if (!d || !d->paired || !row_count(d, moved_row, NULL))
        return 0;
    textbuf_printf(b, "%s", sep);
    row_list(b, d, moved_row, NULL, say_moved, "column");
    textbuf_printf(b, " moved too little to flag");
    return 1;
}

/* Columns on one side only: "columns bends and sunk added". 0 when none. */
static int one_sided_words(textbuf *b, const review_dist *d, const char *kind, const char *sep)
{
    int n = row_count(d, one_sided_row, kind);
    if (!n)
        return 0;
    textbuf_printf(b, "%scolumn%s ", sep, plural(n));
    row_list(b, d, one_sided_row, kind, say_name, "column");
    textbuf_printf(b, " %s", kind);
    return 1;
}

/* Pictures changed that the flagged columns do not explain (flagged: those whose catalog
 * cells are the same), or all changed pictures (none flagged). */
static int pictures_changed(const review_result *r, int flagged)
{
    int n = 0;
    for (int i = 0; i < r->item_count; i++)
        n += r->items[i].state == REVIEW_CHANGED && (!flagged || !r->items[i].cells);
    return n;
}

/* Everything but the flagged columns that changed, each after sep ("; " between them):
 * pictures (changed, unreadable, added, removed), floors, columns. The number of parts
 * written. */
static int rest_words(textbuf *b, const review_result *r, const review_dist *d, int flagged)
{
    int parts = 0, pc = pictures_changed(r, flagged);
    const int *ls = r->line_state;
    if (pc && flagged)
        textbuf_printf(b, "%s%d picture%s changed where the catalog line did not",
                       parts++ ? "; " : "", pc, plural(pc));
    else if (pc)
        textbuf_printf(b, "%s%d of %d pictures changed", parts++ ? "; " : "", pc,
                       r->item_count);
    if (r->count[REVIEW_UNREADABLE]) /* not compared: the review cannot speak for them */
        textbuf_printf(b, "%s%d picture%s could not be read", parts++ ? "; " : "",
                       r->count[REVIEW_UNREADABLE], plural(r->count[REVIEW_UNREADABLE]));
    if (r->count[REVIEW_ADDED])
        textbuf_printf(b, "%s%d picture%s added", parts++ ? "; " : "", r->count[REVIEW_ADDED],
                       plural(r->count[REVIEW_ADDED]));
    if (r->count[REVIEW_REMOVED])
        textbuf_printf(b, "%s%d picture%s removed", parts++ ? "; " : "",
                       r->count[REVIEW_REMOVED], plural(r->count[REVIEW_REMOVED]));
    if (ls[REVIEW_ADDED])
        textbuf_printf(b, "%s%d floor%s added to the catalog", parts++ ? "; " : "",
                       ls[REVIEW_ADDED], plural(ls[REVIEW_ADDED]));
    if (ls[REVIEW_REMOVED])
        textbuf_printf(b, "%s%d floor%s removed from the catalog", parts++ ? "; " : "",
                       ls[REVIEW_REMOVED], plural(ls[REVIEW_REMOVED]));
    parts += one_sided_words(b, d, "added", parts ? "; " : "");
    parts += one_sided_words(b, d, "removed", parts ? "; " : "");
    int moved_any = unflagged_words(b, d, parts ? "; " : "");
    parts += moved_any;
    if (!flagged && !moved_any && ls[REVIEW_CHANGED]) /* not compared, or two samples */
        textbuf_printf(b, "%s%d catalog line%s changed", parts++ ? "; " : "",
                       ls[REVIEW_CHANGED], plural(ls[REVIEW_CHANGED]));
    return parts;
}

/* Nothing changed: the floors (catalog lines) or the pictures, all the same. */
static void nothing_words(textbuf *b, const review_result *r)
{
    if (r->catalogs == 3)
        textbuf_printf(b, "Nothing changed: %d floor%s, same %scatalog", r->line_count,
                       plural(r->line_count), r->item_count ? "pictures and same " : "");
    else
        textbuf_printf(b, "Nothing changed: %d picture%s, all the same", r->item_count,
                       plural(r->item_count));
    if (r->within)
        textbuf_printf(b, " (%d picture%s within the limits)", r->within, plural(r->within));
    textbuf_printf(b, ".");
}

/* Something changed and no column was flagged: what did, and "same catalog" when the
 * catalogs are. */
static void unflagged_verdict(textbuf *b, const review_result *r, const review_dist *d)
{
    const int *ls = r->line_state;
    if (!d || !d->count)
        textbuf_printf(b, "No catalog columns compared (a catalog.tsv on both sides and GSL "
                          "needed): ");
    else if (!d->tested) /* spec/review-stats.md: fewer than 20 floors a side, or sparse */
        textbuf_printf(b, "No catalog column tested (too few floors): ");
    else
        textbuf_printf(b, "No catalog column flagged: ");
    int parts = rest_words(b, r, d, 0);
    if (r->catalogs == 3 && !ls[REVIEW_CHANGED] && !ls[REVIEW_ADDED] && !ls[REVIEW_REMOVED])
        textbuf_printf(b, "%ssame catalog", parts ? "; " : "");
    textbuf_printf(b, ".");
}

/* --- the checks' findings: said whatever the statistics say ------------------------- */

#define VERDICT_KINDS 32 /* error kinds told apart (gen/check.h has fewer) */

/* The error kinds of a validator cell ("error: a,b; warning: c") each into kinds[] once
 * (names of up to 47 bytes; *n of them, at most VERDICT_KINDS). */
static void error_kinds(const char *c, size_t len, char kinds[][48], int *n)
{
    if (len < 7 || strncmp(c, "error: ", 7))
        return;
    const char *p = c + 7, *end = c + len;
    while (p < end && *n < VERDICT_KINDS) {
        size_t k = strcspn(p, ",;\t");
        if (p + k > end)
            k = (size_t)(end - p);
        int seen = 0;
        for (int i = 0; i < *n && !seen; i++)
            seen = strlen(kinds[i]) == k && !strncmp(kinds[i], p, k);
        if (!seen && k && k < 48)
            snprintf(kinds[(*n)++], 48, "%.*s", (int)k, p);
        if (p[k] != ',')
            break;
        p += k + 1;
    }
}

/* A rise in floors the importer's checks find an error on, or floors that failed to
 * generate, said first, since two samples' statistics can miss a rare new failure:
 * "The checks find errors on 6 floors (2 before; new: goal-unreachable). ". 0 when
 * neither rose. */
static int checks_words(textbuf *b, const review_result *r)
{
    int col = catrow_column(r->header, "validator"), err[2] = { 0, 0 }, fail[2] = { 0, 0 };
    char kinds[2][VERDICT_KINDS][48];
    int nk[2] = { 0, 0 };
    for (int i = 0; col >= 0 && i < r->line_count; i++) {
        const char *side[2] = { r->lines[i].base, r->lines[i].head };
        for (int k = 0; k < 2; k++) {
            size_t n = 0;
            const char *c = catrow_cell(side[k], col, &n);
            err[k] += c && n >= 6 && !strncmp(c, "error:", 6);
            fail[k] += c && n >= 7 && !strncmp(c, "failed:", 7);
            if (c)
                error_kinds(c, n, kinds[k], &nk[k]);
        }
    }
    int said = 0;
    if (err[1] > err[0]) {
        textbuf_printf(b, "The checks find errors on %d floor%s (%d before", err[1],
                       plural(err[1]), err[0]);
        for (int j = 0, first = 1; j < nk[1]; j++) {
            int old = 0;
            for (int i = 0; i < nk[0] && !old; i++)
                old = !strcmp(kinds[0][i], kinds[1][j]);
            if (!old)
                textbuf_printf(b, "%s%s", first ? "; new: " : ", ", kinds[1][j]), first = 0;
        }
        textbuf_printf(b, "). ");
        said = 1;
    }
    if (fail[1] > fail[0]) {
        textbuf_printf(b, "%d floor%s failed to generate (%d before). ", fail[1],
                       plural(fail[1]), fail[0]);
        said = 1;
    }
    return said;
}

void verdict_text(const review_result *r, const review_dist *d, char *buf, size_t size)
{
    textbuf b = { 0 };
    if (review_any_change(r))
        checks_words(&b, r);
    if (!review_any_change(r)) {
        nothing_words(&b, r);
    } else if (d && d->flagged > 0) {
        if (d->mix_explained > 0)
            mix_words(&b, d);
        else
            row_list(&b, d, flagged_row, NULL, say_flagged, "flagged column");
        size_t at = b.len;
        textbuf_printf(&b, ". Besides: ");
        if (!rest_words(&b, r, d, 1)) {
            b.len = at; /* nothing besides: the sentence ends on its own note */
            textbuf_printf(&b, "; nothing else changed");
        }
        textbuf_printf(&b, ".");
    } else {
        unflagged_verdict(&b, r, d);
    }
    if (size)
        snprintf(buf, size, "%s", b.oom || !b.s ? "" : b.s);
    textbuf_free(&b);
}
