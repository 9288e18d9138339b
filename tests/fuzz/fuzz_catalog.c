/* fuzz_catalog: catalog.tsv texts diffed as `delve review` diffs them (review/review.h's
 * review_catalog_diff), then summed up and put on the report page as it does. An input
 * holding a NUL byte is two catalogs, BASE before it and HEAD after it. Any other input
 * is BASE, and HEAD is the same catalog with its data lines in reverse order (reversed()
 * says how): the diff goes by key (seed, floor), so every line must come out the same;
 * BASE alone must come out all removed. With DELVE_FUZZ_COMPARE (a build with GSL) the
 * same two texts also go through `delve stats --compare`'s reader and tests
 * (review/dist.h dist_texts): a catalog read there is read by review too, and a
 * catalog compared with its own lines in another order is paired and flags nothing. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "review/review.h"
#include "tests/fuzz/fuzz.h"
#ifdef DELVE_FUZZ_COMPARE
#include "review/dist.h"
#endif

/* Is the line at s a data line (not blank, not a '#' comment)? */
static int data_line(const char *s)
{
    return *s && *s != '\n' && *s != '#' && !(s[0] == '\r' && (!s[1] || s[1] == '\n'));
}

/* The line of text starting at s, up to its '\n' or the end, to out at *k, '\n' ended. */
static void put_line(const char *s, char *out, size_t *k)
{
    size_t n = strcspn(s, "\n");
    memcpy(out + *k, s, n);
    *k += n;
    out[(*k)++] = '\n';
}

/* The same catalog with its data lines in another order: the lines before the first
 * data line as they are (provenance and column names come first: docs/catalog-format.md),
 * then the data lines last first, then the comment and blank lines among them, which
 * the reader passes over; malloc'ed. */
static char *reversed(const char *text)
{
    size_t n = strlen(text), k = 0, lines = 0;
    char *out = malloc(n + 2);
    const char **at = malloc((n + 1) * sizeof *at);
    if (!out || !at) {
        free(out);
        free(at);
        return NULL;
    }
    const char *p = text;
    if (!strncmp(p, "\xef\xbb\xbf", 3)) { /* a UTF-8 BOM stays first (base/lex drops it) */
        memcpy(out, p, 3);
        k = 3;
        p += 3;
    }
    for (; *p; p += strcspn(p, "\n") + (p[strcspn(p, "\n")] != 0))
        at[lines++] = p;
    size_t first = 0;
    while (first < lines && !data_line(at[first]))
        put_line(at[first++], out, &k);
    for (size_t i = lines; i-- > first;)
        if (data_line(at[i]))
            put_line(at[i], out, &k);
    for (size_t i = first; i < lines; i++)
        if (!data_line(at[i]))
            put_line(at[i], out, &k);
    out[k] = '\0';
    free(at);
    return out;
}

static int sum(const int *state)
{
    int s = 0;
    for (int i = 0; i < REVIEW_STATE_COUNT; i++)
        s += state[i];
    return s;
}

/* Diffs base and head; the summary and the page of the result. The lines, or -1. */
static int diff(const char *base, const char *head, review_result *r)
{
    delve_err err = { "" };
    memset(r, 0, sizeof *r);
    if (review_catalog_diff(base, head, r, &err))
        return -1;
    fuzz_require(sum(r->line_state) == r->line_count, "each line has one state");
    char summary[256], *html = NULL;
    size_t len = 0;
    review_summary(r, summary, sizeof summary);
    if (review_page(r, "base", "head", NULL, 0, &html, &len, &err) == DELVE_OK)
        fuzz_require(html && strlen(html) == len, "the page is len bytes of text");
    free(html);
    return r->line_count;
}

/* The two texts through dist_texts: every column's p-values in 0..1 or NaN, and a
 * catalog against its own lines reordered (same) flags nothing. */
static void compared(const char *a, const char *b, int same)
{
#ifdef DELVE_FUZZ_COMPARE
    dist_result r;
    delve_err err = { "" };
    if (dist_texts("a.tsv", a, "b.tsv", b, 0.001, &r, &err) == DELVE_OK) {
        for (int i = 0; i < r.col_count; i++)
            fuzz_require(!r.cols[i].tested ||
                             (r.cols[i].p_holm >= 0 && r.cols[i].p_holm <= 1),
                         "a tested column's p is in 0..1");
        fuzz_require(!same || (r.paired || r.a.rows == 0) , "a catalog against itself "
                     "reordered is paired");
        fuzz_require(!same || r.flagged == 0, "a catalog against itself flags nothing");
    } else {
        fuzz_require(err.msg[0] != '\0', "a refused catalog says why");
    }
    dist_free(&r);
#else
    (void)a;
    (void)b;
    (void)same;
#endif
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = size <= REVIEW_MAX_CATALOG ? malloc(size + 1) : NULL;
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';
    review_result r;
    const char *nul = memchr(text, 0, size);
    if (nul) {
        diff(text, nul + 1, &r);
        review_result_free(&r);
        compared(text, nul + 1, 0);
    } else {
        char *back = reversed(text);
        int alone = diff(text, NULL, &r);
        fuzz_require(alone < 0 || r.line_state[REVIEW_REMOVED] == alone,
                     "a catalog against none is all removed");
        review_result_free(&r);
        int both = back ? diff(text, back, &r) : alone;
        fuzz_require((alone < 0) == (both < 0), "the order of the lines does not change "
                     "whether a catalog is read");
        fuzz_require(both < 0 || r.line_state[REVIEW_SAME] == both,
                     "the same lines in another order are the same catalog");
        review_result_free(&r);
        if (back)
            compared(text, back, 1);
        free(back);
    }
    free(text);
    return 0;
}
