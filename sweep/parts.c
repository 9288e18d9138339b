/* parts: the tiling of a range and the end line of a text part. */
#include "sweep/parts.h"

#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "base/lex.h"

delve_status parts_tile(const char *a, uint64_t a_hi, const char *b, uint64_t b_lo,
                        delve_err *err)
{
    unsigned long long x = a_hi, y = b_lo;
    if (y == x + 1)
        return DELVE_OK;
    char what[96];
    if (y > x + 1)
        snprintf(what, sizeof what, "seeds %llu-%llu missing", x + 1, y - 1);
    else
        snprintf(what, sizeof what, "seeds %llu-%llu in both", y, x);
    return delve_fail(err, DELVE_EINPUT, "%s starts at %llu, %s ended at %llu: %s (not parts "
                      "of one range: they must cover it without a gap or an overlap)", b, y,
                      a, x, what);
}

size_t parts_lf(char *text)
{
    size_t k = 0;
    for (size_t i = 0; text[i]; i++)
        if (!(text[i] == '\r' && text[i + 1] == '\n'))
            text[k++] = text[i];
    text[k] = '\0';
    return k;
}

int parts_cut(const char *text)
{
    size_t len = strlen(text);
    return len == 0 || text[len - 1] != '\n';
}

int parts_has_end(const char *path, const char *text)
{
    lex x;
    delve_err scratch;
    lex_init(&x, path, text, &scratch);
    while (lex_next(&x))
        ;
    return x.line > 0 && !parts_cut(text) && lex_keyword(&x, "#") && lex_keyword(&x, "end:");
}

delve_status parts_end(const char *path, const char *text, const char *what, int *lines,
                       delve_err *err)
{
    lex x;
    int64_t n = -1;
    lex_init(&x, path, text, err);
    while (lex_next(&x))
        ;
    int ended = x.line > 0 && !parts_cut(text) && lex_keyword(&x, "#") &&
                lex_keyword(&x, "end:");
    const char *at = NULL;
    if (ended) {
        lex_skip_space(&x);
        at = x.p;
    }
    ended = ended && !lex_i64(&x, 0, INT_MAX, ' ', &n, "lines") && !lex_expect(&x, "lines") &&
            !lex_end(&x);
    /* a whole end line whose count is not the lines before it: the part lost (or gained)
     * a line after it was made; which one its lines cannot tell, so the count is where
     * it first shows (docs/merge-parts.md) */
    if (ended && n != x.line - 1)
        return lex_fail(&x, at, "'%s%" PRId64 " lines', but %d line%s come%s before it: a line "
                        "was lost or added after the part was made", PARTS_END, n,
                        x.line - 1, x.line == 2 ? "" : "s", x.line == 2 ? "s" : "");
    if (!ended)
        return delve_fail_at(err, DELVE_EINPUT, path, x.line > 0 ? x.line : 1, 1,
                             "truncated: a part of %s ends with its line '%sN lines' (N: "
                             "the lines before it), and this one does not", what, PARTS_END);
    *lines = (int)n;
    return DELVE_OK;
}
